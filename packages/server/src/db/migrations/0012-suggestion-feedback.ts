import type { Kysely } from 'kysely';

/**
 * "Not this" of What to wear (README, "What to wear"): one row per account and suggestion, the
 * suggestion named by its pieces' sorted ids (`item_key`, domain `suggestionKey`), kept away up
 * to and including `until` (a day key). A second "Not this" for the same pieces moves `until`.
 * Rows go with the account; rows past their day are ignored and swept on the next write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('suggestion_feedback')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('suggestion_feedback_pk', ['user_id', 'item_key'])
    .execute();
}
