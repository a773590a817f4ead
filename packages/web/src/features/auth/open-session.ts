import { GENERIC_MESSAGE, authErrorMessage } from '../../lib/auth-errors';
import { logIn } from '../../lib/stores/session-actions';

/**
 * Sign in (or up) with `request`, then open the session it created. Answers what the form should
 * say when either step fails, or null once the user is in.
 */
export async function openSessionWith(request: () => Promise<unknown>): Promise<string | null> {
  try {
    await request();
    return (await logIn()) ? null : GENERIC_MESSAGE;
  } catch (err) {
    return authErrorMessage(err);
  }
}
