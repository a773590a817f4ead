import { useLocation } from 'react-router';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { authErrorMessage } from '../../lib/auth-errors';
import { requestPasswordReset } from '../../lib/auth-client';
import { AuthLayout, CheckInbox, FormAlert, TextLink } from './auth-layout';
import { EmailField } from './email-field';
import { InboxMark } from './inbox-mark';
import { emailProblem } from './validation';

/** How long a mailed reset link works (the server's EMAIL_LINK_TTL_SECONDS, 10 minutes). */
const LINK_MINUTES = 10;

/**
 * /forgot-password: mails a link to set a new password. The answer is the same whether or not
 * the address has an account, so the page says "if".
 */
export default function ForgotPasswordPage() {
  const location = useLocation();
  // The sign-in form hands over the address typed there, if any.
  const typed = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof typed === 'string' ? typed : '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return emailRef.current?.focus();
    setBusy(true);
    setFormError(null);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setFormError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout title="Check your inbox" hero={<InboxMark />}>
        {formError && <FormAlert>{formError}</FormAlert>}
        <CheckInbox resending={busy} onBack={() => setSentTo(null)} onResend={() => void send()}>
          If <strong className="font-semibold text-fg">{sentTo}</strong> has a Hanger account, we
          sent it a link to choose a new password. The link works once and expires in {LINK_MINUTES}{' '}
          minutes.
        </CheckInbox>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail you sign in with, and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to="/signin">Sign in</TextLink>
        </>
      }
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      <form noValidate onSubmit={(e) => void send(e)} className="flex flex-col gap-6">
        <EmailField
          ref={emailRef}
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => error && setError(emailProblem(email))}
        />
        <Button type="submit" size="lg" loading={busy}>
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
