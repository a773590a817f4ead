import { KeyRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { AuthError, authErrorMessage, isDeadLinkCode } from '../../lib/auth-errors';
import { resetPassword } from '../../lib/auth-client';
import { useSessionStore } from '../../lib/stores/session-store';
import { AuthLayout, FormAlert, TextLink } from './auth-layout';
import { PasswordField } from './password-input';
import { newPasswordProblem, PASSWORD_MIN } from './validation';

const LINK_USED =
  'That reset link has expired or has already been used. Ask for a new one: links work once, for 10 minutes.';

function ResetMark() {
  return (
    <span className="mb-6 grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent-ink lg:hidden">
      <KeyRound aria-hidden="true" className="size-6" />
    </span>
  );
}

/**
 * /reset-password?token=…: where a mailed reset link lands. Sets a new password; every session of
 * the account ends (the server revokes them), so the next step is signing in with it. A link the
 * server refused arrives as ?error=INVALID_TOKEN, and is said so, with a way to ask for another.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => s.status === 'signedIn');
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // A link the server refused, or an address with no token: only a new link helps.
  const [linkDead, setLinkDead] = useState(params.has('error') || !token);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(password);
    setError(problem);
    if (problem) return passwordRef.current?.focus();
    if (!token) return;
    setBusy(true);
    setFormError(null);
    try {
      await resetPassword({ token, newPassword: password });
      // Every session of the account has ended, this device's too: sign in with the new password.
      if (signedIn) window.location.assign('/signin?reset=done');
      else void navigate('/signin?reset=done', { replace: true });
    } catch (err) {
      if (err instanceof AuthError && isDeadLinkCode(err.code)) setLinkDead(true);
      else setFormError(authErrorMessage(err));
      setBusy(false);
    }
  }

  if (linkDead) {
    return (
      <AuthLayout
        title="Reset your password"
        hero={<ResetMark />}
        footer={
          <>
            Remembered it? <TextLink to="/signin">Sign in</TextLink>
          </>
        }
      >
        <FormAlert>{LINK_USED}</FormAlert>
        <Button size="lg" className="w-full" onClick={() => void navigate('/forgot-password')}>
          Send a new link
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="You'll sign in with it from now on, on every device."
      hero={<ResetMark />}
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
        <PasswordField
          ref={passwordRef}
          label="New password"
          name="new-password"
          value={password}
          onChange={setPassword}
          onBlur={() => error && setError(newPasswordProblem(password))}
          error={error}
          hint={`At least ${PASSWORD_MIN} characters.`}
          autoComplete="new-password"
        />
        <Button type="submit" size="lg" loading={busy}>
          Save new password
        </Button>
      </form>
    </AuthLayout>
  );
}
