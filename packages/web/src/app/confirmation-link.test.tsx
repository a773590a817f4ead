import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router';
import { CONFIRMATION_LINK_DEAD } from '../lib/auth-errors';
import { CONFIRMATION_RETURN_PATH } from '../lib/auth-client';
import { useSessionStore } from '../lib/stores/session-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { signedInWith } from '../test-utils/fixtures';

/** The identity calls the screens made: path and JSON body. */
let calls: { path: string; body: unknown }[];
/** The answer of each identity call by path; anything else answers the sign-in options. */
let answers: Record<string, () => Response>;

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://hanger.test').pathname;
      calls.push({ path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      const answer = answers[path];
      if (answer) return answer();
      return new Response(
        JSON.stringify({ email_password: true, magic_link: true, providers: [] }),
      );
    }),
  );
  useSessionStore.setState({ user: null, status: 'signedOut', syncing: false });
  useWardrobeStore.setState({ data: null, hydrated: true });
});

afterEach(() => vi.unstubAllGlobals());

describe('arriving on /signin from a mailed confirmation link', () => {
  it('says a used link (back without an error, not signed in) is spent, and offers both ways in', async () => {
    open(CONFIRMATION_RETURN_PATH);
    expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRMATION_LINK_DEAD);
    expect(CONFIRMATION_LINK_DEAD).toBe(
      'That confirmation link has expired or has already been used. Sign in, or ask for a new link.',
    );
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  });

  it.each(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'invalid_token'])(
    'says the same of a link the identity service refused with %s',
    async (code) => {
      open(`${CONFIRMATION_RETURN_PATH}&error=${code}`);
      expect(await screen.findByRole('alert')).toHaveTextContent(CONFIRMATION_LINK_DEAD);
    },
  );

  it('names any other refusal as the identity service gave it', async () => {
    open(`${CONFIRMATION_RETURN_PATH}&error=USER_NOT_FOUND`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't find an account with that e-mail.",
    );
  });

  it('sends on to the app, without a word, a visitor the link signed in', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open(CONFIRMATION_RETURN_PATH);
    await screen.findByRole('navigation', { name: 'Wardrobe' });
    expect(router.state.location.pathname).toBe('/items');
    expect(screen.queryByText(CONFIRMATION_LINK_DEAD)).not.toBeInTheDocument();
  });

  it('leaves other arrivals as they were: a plain visit, and a refused sign-in link', async () => {
    open('/signin');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    cleanup();

    open('/signin?error=INVALID_TOKEN');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That sign-in link has expired or has already been used. Request a new one.',
    );
  });
});

describe('the confirmation links the screens ask for', () => {
  it('return to the sign-in page from a sign-up', async () => {
    answers['/api/auth/sign-up/email'] = () =>
      new Response(JSON.stringify({ confirmationSent: true }));
    open('/signup');
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'long enough pw');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/sign-up/email')?.body).toMatchObject({
      email: 'ada@example.com',
      callbackURL: CONFIRMATION_RETURN_PATH,
    });
  });

  it('return there too from a password sign-in before confirming, which mails a fresh one', async () => {
    answers['/api/auth/sign-in/email'] = () =>
      new Response(JSON.stringify({ code: 'EMAIL_NOT_VERIFIED' }), { status: 403 });
    open('/signin');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'long enough pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Please confirm your e-mail address first. We've sent you a new link: open it to sign in.",
    );
    expect(calls.find((c) => c.path === '/api/auth/sign-in/email')?.body).toMatchObject({
      email: 'ada@example.com',
      callbackURL: CONFIRMATION_RETURN_PATH,
    });
  });
});
