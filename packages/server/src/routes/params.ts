import { idSchema } from '@hanger/domain';
import { z } from 'zod';
import { NotFoundError } from '../errors.js';

const idParamsSchema = z.object({ id: idSchema });

/**
 * The `{id}` of a route. An id that cannot exist is "not found", exactly like another user's id,
 * so the answer reveals nothing.
 */
export function idParam(params: unknown): string {
  const parsed = idParamsSchema.safeParse(params);
  if (!parsed.success) throw new NotFoundError('The requested item was not found.');
  return parsed.data.id;
}
