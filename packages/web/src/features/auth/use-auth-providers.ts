import { useEffect, useState } from 'react';
import { getAuthProviders, type AuthProviders } from '../../lib/auth-client';

let cached: AuthProviders | null = null;

/** The sign-in options the server offers; null while loading. Password sign-in is assumed until then. */
export function useAuthProviders(): AuthProviders | null {
  const [providers, setProviders] = useState<AuthProviders | null>(cached);
  useEffect(() => {
    if (cached) return;
    let live = true;
    getAuthProviders()
      .then((p) => {
        cached = p;
        if (live) setProviders(p);
      })
      .catch(() => {
        // Without the list the e-mail options still work; federated buttons stay hidden.
        if (live) setProviders({ emailPassword: true, magicLink: true, providers: [] });
      });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
