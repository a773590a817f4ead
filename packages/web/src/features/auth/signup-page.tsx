import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { authErrorMessage } from '../../lib/auth-errors';
import { CONFIRMATION_RETURN_PATH, signUpWithEmail } from '../../lib/auth-client';
import { AuthLayout, FormAlert, TextLink } from './auth-layout';
import { openSessionWith } from './open-session';
import { EmailField } from './email-field';
import { InboxMark } from './inbox-mark';
import { PasswordField } from './password-input';
import { PASSWORD_MIN, emailProblem, nameProblem, newPasswordProblem } from './validation';

type FieldName = 'name' | 'email' | 'password';
const CHECKS: Record<FieldName, (v: string) => string | null> = {
  name: nameProblem,
  email: emailProblem,
  password: newPasswordProblem,
};

/**
 * After a sign-up on a server that sends e-mail. The words are the same whether the address was
 * free or already had an account (its owner gets a note instead), so the screen tells no one
 * which addresses are registered.
 */
function ConfirmYourAddress({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <div role="status" className="flex flex-col items-start">
      <p className="text-base leading-7 text-fg-muted">
        We sent an e-mail to <strong className="font-semibold text-fg">{email}</strong>. Open the
        link in it to confirm your address: it signs you in and opens your wardrobe.
      </p>
      <p className="mt-4 text-sm leading-6 text-fg-subtle">
        Already have an account with this address? Then the e-mail explains how to sign in. No
        e-mail after a few minutes? Look in your spam folder.
      </p>
      <div className="mt-8 flex w-full flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onBack} className="sm:flex-1">
          Use a different e-mail
        </Button>
      </div>
    </div>
  );
}

/** /signup: name, e-mail and password, checked as the visitor goes. */
export default function SignUpPage() {
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: '',
    email: '',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string | null>>>({});
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmTo, setConfirmTo] = useState<string | null>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  function change(field: FieldName, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    // Once a field has been left with a problem, it is re-checked on every keystroke.
    if (touched[field]) setErrors((e) => ({ ...e, [field]: CHECKS[field](value) }));
  }

  function blur(field: FieldName) {
    if (!values[field]) return;
    setTouched((t) => ({ ...t, [field]: true }));
    setErrors((e) => ({ ...e, [field]: CHECKS[field](values[field]) }));
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = {
      name: nameProblem(values.name),
      email: emailProblem(values.email),
      password: newPasswordProblem(values.password),
    };
    setErrors(next);
    setTouched({ name: true, email: true, password: true });
    const first = (Object.keys(next) as FieldName[]).find((k) => next[k]);
    if (first) return refs[first].current?.focus();
    setBusy(true);
    setFormError(null);
    const email = values.email.trim();
    let confirmationSent = false;
    try {
      ({ confirmationSent } = await signUpWithEmail({
        name: values.name.trim(),
        email,
        password: values.password,
        // Signed in by the link, the sign-in page sends the visitor on to the app; a dead link
        // is said so there.
        callbackURL: CONFIRMATION_RETURN_PATH,
      }));
    } catch (err) {
      setFormError(authErrorMessage(err));
      setBusy(false);
      return;
    }
    if (confirmationSent) {
      setBusy(false);
      setConfirmTo(email);
      return;
    }
    // No e-mail on this server: the account is open at once.
    const problem = await openSessionWith(async () => undefined);
    if (problem) {
      setFormError(problem);
      setBusy(false);
    }
  }

  if (confirmTo) {
    return (
      <AuthLayout
        title="Check your inbox"
        hero={<InboxMark />}
        footer={
          <>
            Confirmed already? <TextLink to="/signin">Sign in</TextLink>
          </>
        }
      >
        <ConfirmYourAddress
          email={confirmTo}
          onBack={() => {
            setConfirmTo(null);
            setValues((v) => ({ ...v, password: '' }));
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start with a few favourite pieces. Everything else can follow."
      footer={
        <>
          Already have an account? <TextLink to="/signin">Sign in</TextLink>
        </>
      }
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
        <TextField
          ref={refs.name}
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={(e) => change('name', e.target.value)}
          onBlur={() => blur('name')}
        />
        <EmailField
          ref={refs.email}
          value={values.email}
          error={errors.email}
          onChange={(e) => change('email', e.target.value)}
          onBlur={() => blur('email')}
        />
        <PasswordField
          ref={refs.password}
          value={values.password}
          onChange={(v) => change('password', v)}
          onBlur={() => blur('password')}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
        />
        <Button type="submit" size="lg" loading={busy}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
