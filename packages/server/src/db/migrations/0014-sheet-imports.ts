import type { Kysely } from 'kysely';

/**
 * Spreadsheet imports as jobs (docs/spreadsheet-import.md): they share `data_imports` (state,
 * progress, result, one import at a time) with the export's imports. `kind` says which one a row
 * is ('archive', every row before this migration, or 'sheet'); a sheet's CSV waits where an
 * archive does (`archive_path`), its photos zip, if any, in `photos_path`, and the form's choices
 * (encoding, mapping, skip_refused) in `sheet_options` (JSON). Safe to re-run: the columns are
 * looked up first (SQLite has no `add column if not exists`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const imports = tables.find((t) => t.name === 'data_imports');
  const has = (name: string) => imports?.columns.some((c) => c.name === name) ?? false;
  if (!has('kind'))
    await db.schema
      .alterTable('data_imports')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('archive'))
      .execute();
  if (!has('photos_path'))
    await db.schema.alterTable('data_imports').addColumn('photos_path', 'text').execute();
  if (!has('sheet_options'))
    await db.schema.alterTable('data_imports').addColumn('sheet_options', 'text').execute();
}
