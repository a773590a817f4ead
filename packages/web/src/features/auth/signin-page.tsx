import { Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import {
  CONFIRMATION_LINK_DEAD,
  authErrorMessage,
  describeRedirectError,
  isDeadLinkCode,
} from '../../lib/auth-errors';
import { sendSignInLink, signInWithEmail } from '../../lib/auth-client';
import { redirectTarget } from '../../lib/redirect-target';
import { AuthLayout, CheckInbox, FormAlert, TextLink } from './auth-layout';
import { openSessionWith } from './open-session';
import { EmailField } from './email-field';
import { InboxMark } from './inbox-mark';
import { PasswordField } from './password-input';
import { useAuthProviders } from './use-auth-providers';
import { emailProblem, passwordProblem } from './validation';

/**
 * What the page says on arrival from a mailed link (`?error=` of a refused one). A confirmation
 * link (CONFIRMATION_RETURN_PATH) that worked signed in, and the visitor never sees this page; one
 * that lands here signed out is spent, even without an error (a used one returns without it).
 */
function arrivalMessage(params: URLSearchParams): string | null {
  const error = params.get('error');
  if (params.get('from') === 'confirmation' && (!error || isDeadLinkCode(error)))
    return CONFIRMATION_LINK_DEAD;
  return error ? describeRedirectError(error) : null;
}

/** /signin: e-mail and password, or an e-mailed sign-in link. */
export default function SignInPage() {
  const providers = useAuthProviders();
  const location = useLocation();
  const [params] = useSearchParams();
  const passwordReset = params.get('reset') === 'done';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [formError, setFormError] = useState<string | null>(() => arrivalMessage(params));
  const [busy, setBusy] = useState<'password' | 'link' | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const allowPassword = providers?.emailPassword ?? true;
  const allowLink = providers?.magicLink ?? true;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next = { email: emailProblem(email), password: passwordProblem(password) };
    setErrors(next);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    setBusy('password');
    setFormError(null);
    const problem = await openSessionWith(() => signInWithEmail({ email: email.trim(), password }));
    if (problem) {
      setFormError(problem);
      setBusy(null);
    }
  }

  async function sendLink() {
    const problem = emailProblem(email);
    setErrors({ email: problem });
    if (problem) return emailRef.current?.focus();
    setBusy('link');
    setFormError(null);
    try {
      const callbackURL = redirectTarget(location.state);
      await sendSignInLink({ email: email.trim(), callbackURL, errorCallbackURL: '/signin' });
      setLinkSentTo(email.trim());
    } catch (err) {
      setFormError(authErrorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  if (linkSentTo) {
    return (
      <AuthLayout title="Check your inbox" hero={<InboxMark />}>
        {/* A refused "Send it again" (e.g. too many links for this address) says so here. */}
        {formError && <FormAlert>{formError}</FormAlert>}
        <CheckInbox
          resending={busy === 'link'}
          onBack={() => setLinkSentTo(null)}
          onResend={() => void sendLink()}
        >
          We sent a sign-in link to <strong className="font-semibold text-fg">{linkSentTo}</strong>.
          Open it on this device to sign in. The link works once and expires in 10 minutes.
        </CheckInbox>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Your wardrobe is right where you left it."
      footer={
        <>
          New to Hanger? <TextLink to="/signup">Create an account</TextLink>
        </>
      }
    >
      {formError && <FormAlert>{formError}</FormAlert>}
      {passwordReset && !formError && (
        <p
          role="status"
          className="mb-6 rounded-2xl border border-line bg-surface-2 px-4 py-3 text-sm leading-6 text-fg"
        >
          Your password is changed. Sign in with the new one.
        </p>
      )}
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-6">
        <EmailField
          ref={emailRef}
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => errors.email && setErrors((x) => ({ ...x, email: emailProblem(email) }))}
        />
        {allowPassword && (
          <>
            <PasswordField
              ref={passwordRef}
              value={password}
              onChange={setPassword}
              onBlur={() =>
                errors.password && setErrors((x) => ({ ...x, password: passwordProblem(password) }))
              }
              error={errors.password}
              autoComplete="current-password"
            />
            <Link
              to="/forgot-password"
              state={{ ...(location.state as object | null), email: email.trim() }}
              className="-mt-3 self-end rounded text-sm font-medium text-accent-ink underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
            <Button
              type="submit"
              size="lg"
              loading={busy === 'password'}
              disabled={busy === 'link'}
            >
              Sign in
            </Button>
          </>
        )}
      </form>
      {allowLink && (
        <>
          {allowPassword && (
            <div className="my-6 flex items-center gap-4 text-xs font-medium tracking-wide text-fg-subtle uppercase">
              <span className="h-px flex-1 bg-line" />
              or
              <span className="h-px flex-1 bg-line" />
            </div>
          )}
          <Button
            variant={allowPassword ? 'secondary' : 'primary'}
            size="lg"
            className="w-full"
            loading={busy === 'link'}
            disabled={busy === 'password'}
            icon={<Send aria-hidden="true" className="size-4" />}
            onClick={() => void sendLink()}
          >
            E-mail me a sign-in link
          </Button>
          <p className="mt-2 text-center text-sm text-fg-subtle">
            No password needed: we send you a link that signs you in.
          </p>
        </>
      )}
    </AuthLayout>
  );
}
