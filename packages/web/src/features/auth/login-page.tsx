import { Mail, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { authErrorMessage, describeRedirectError } from '../../lib/auth-errors';
import { signInWithProvider, type SignInProvider } from '../../lib/auth-client';
import { AuthLayout, FormAlert } from './auth-layout';
import { ClosetStrip } from './closet-illustration';
import { useAuthProviders } from './use-auth-providers';

function ProviderLogo({ provider }: { provider: SignInProvider }) {
  if (provider.id !== 'google') return null;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

/** /login: federated sign-in when the server has a provider, and the ways in by e-mail. */
export default function LoginPage() {
  const providers = useAuthProviders();
  const [params] = useSearchParams();
  const location = useLocation();
  const redirectError = params.get('error');
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    redirectError ? describeRedirectError(redirectError) : null,
  );

  async function continueWith(provider: SignInProvider) {
    setPending(provider.id);
    setError(null);
    try {
      await signInWithProvider(provider, { callbackURL: '/items', errorCallbackURL: '/login' });
    } catch (err) {
      setError(authErrorMessage(err));
      setPending(null);
    }
  }

  const federated = providers?.providers ?? [];
  return (
    <AuthLayout
      title="Welcome to Hanger"
      subtitle="Your clothes, your outfits and what you wear — in one calm place."
      footer="Your photos and wardrobe stay on this server, private to you."
      hero={<ClosetStrip />}
    >
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex flex-col gap-4">
        {providers === null && (
          <div className="flex h-12 items-center justify-center text-fg-subtle">
            <Spinner size="sm" label="Loading sign-in options" />
          </div>
        )}
        {federated.map((provider) => (
          <Button
            key={provider.id}
            variant="secondary"
            size="lg"
            loading={pending === provider.id}
            icon={<ProviderLogo provider={provider} />}
            onClick={() => void continueWith(provider)}
          >
            Continue with {provider.name}
          </Button>
        ))}
        {federated.length > 0 && (
          <div className="flex items-center gap-4 text-xs font-medium tracking-wide text-fg-subtle uppercase">
            <span className="h-px flex-1 bg-line" />
            or
            <span className="h-px flex-1 bg-line" />
          </div>
        )}
        <Link
          to="/signin"
          state={location.state}
          className={buttonClass(federated.length > 0 ? 'secondary' : 'primary', 'lg')}
        >
          <Mail aria-hidden="true" className="size-5" />
          Sign in with e-mail
        </Link>
        <Link to="/signup" state={location.state} className={buttonClass('ghost', 'lg')}>
          <UserPlus aria-hidden="true" className="size-5" />
          Create an account
        </Link>
      </div>
    </AuthLayout>
  );
}
