import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { signUpWithEmail } from '../../lib/auth-client';
import { AuthLayout, FormAlert, TextLink } from './auth-layout';
import { openSessionWith } from './open-session';
import { EmailField } from './email-field';
import { PasswordField } from './password-input';
import { PASSWORD_MIN, emailProblem, nameProblem, newPasswordProblem } from './validation';

type FieldName = 'name' | 'email' | 'password';
const CHECKS: Record<FieldName, (v: string) => string | null> = {
  name: nameProblem,
  email: emailProblem,
  password: newPasswordProblem,
};

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
    const problem = await openSessionWith(() =>
      signUpWithEmail({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      }),
    );
    if (problem) {
      setFormError(problem);
      setBusy(false);
    }
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
