import type { Kysely } from 'kysely';

/**
 * Cut-out photos (docs/cutouts.md). On `clothes`: while a cut-out is shown, `image_key` and
 * `thumb_key` hold the cut-out's files (so every reader of an item's photo shows it unchanged)
 * and `original_key` / `original_thumb_key` the original's; `cutout_state` is null (none),
 * 'pending', 'done' or 'failed', with the failure's reason in `cutout_error`; `cutout_token` names
 * the queued job whose result may be applied (a newer photo, a restore or another queueing
 * changes it, so a stale result is discarded). On `user_settings`: `cut_out_new_photos` (0/1,
 * default 1). Safe to re-run: SQLite has no `add column if not exists`, so each column is looked
 * up first.
 */
export const CUTOUT_COLUMNS = [
  'original_key',
  'original_thumb_key',
  'cutout_state',
  'cutout_error',
  'cutout_token',
  'cutout_updated_at',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const has = (table: string, column: string) =>
    tables.find((t) => t.name === table)?.columns.some((c) => c.name === column) ?? false;
  for (const column of CUTOUT_COLUMNS) {
    if (!has('clothes', column))
      await db.schema.alterTable('clothes').addColumn(column, 'text').execute();
  }
  if (!has('user_settings', 'cut_out_new_photos')) {
    await db.schema
      .alterTable('user_settings')
      .addColumn('cut_out_new_photos', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}
