import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/**
 * Export and import (docs/export-format.md): short-lived export download tokens, imports with their
 * state and progress (readable by every server process), and the record of what each account
 * imported, so that importing the same archive again adds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const owner = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('user.id').onDelete('cascade');

  // Only a hash of each token is kept: the token itself is the capability to download.
  await db.schema
    .createTable('export_tokens')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', owner)
    // The session the link was made in: the link dies with it (sign-out, password change, ban).
    .addColumn('session_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('export_tokens_expiry_idx')
    .ifNotExists()
    .on('export_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('data_imports')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', owner)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('archive_path', 'text', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('outfits', 'integer', (c) => c.notNull())
    .addColumn('calendar_days', 'integer', (c) => c.notNull())
    .addColumn('photos', 'integer', (c) => c.notNull())
    .addColumn('already_items', 'integer', (c) => c.notNull())
    .addColumn('already_outfits', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('result', 'text')
    .execute();
  await db.schema
    .createIndex('data_imports_user_idx')
    .ifNotExists()
    .on('data_imports')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('import_links')
    .ifNotExists()
    .addColumn('user_id', 'text', owner)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_links_pk', ['user_id', 'kind', 'source_id'])
    .execute();
}
