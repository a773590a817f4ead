import type { AuthService } from '../auth/create-auth.js';
import { NotFoundError, ValidationError } from '../errors.js';

export const CONFIRM_DETAIL = 'Type your e-mail address to confirm.';

/** The typed confirmation matches the account's address (case and surrounding spaces aside). */
export function confirmsEmail(confirm: unknown, email: string): boolean {
  return typeof confirm === 'string' && confirm.trim().toLowerCase() === email.trim().toLowerCase();
}

/**
 * Deletes the account through the identity service, the same path as an administrator's "remove
 * user": its sessions and sign-in methods go first, then the user row, whose foreign keys take every
 * item, outfit, calendar day, setting and the calendar feed with it; the identity service's
 * after-delete hook (app.ts) then removes the photos and the cached wardrobe.
 */
export async function deleteAccount(
  identity: AuthService,
  userId: string,
  confirm: unknown,
): Promise<void> {
  const context = await identity.auth.$context;
  const user = await context.internalAdapter.findUserById(userId);
  if (!user) throw new NotFoundError('Not found');
  if (!confirmsEmail(confirm, user.email)) throw new ValidationError(CONFIRM_DETAIL);
  await context.internalAdapter.deleteUserSessions(userId);
  await context.internalAdapter.deleteUser(userId);
}
