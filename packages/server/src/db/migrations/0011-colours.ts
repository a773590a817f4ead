import type { Kysely } from 'kysely';

/**
 * Item colours (README, "Colours"): `colors` holds up to three palette names joined by commas, the
 * main one first; `colors_source` says who set them, 'auto' (found from the photo) or 'user' (a
 * person's choice, never replaced by an automatic run). NULL `colors_source` means not looked at
 * yet: the colour backfill (services/colour-backfill.ts) works through those rows in id order, and
 * the index lets it find the next ones without reading the table. Safe to re-run: the columns and
 * index are looked up first (SQLite has no `add column if not exists`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const clothes = tables.find((t) => t.name === 'clothes');
  const has = (name: string) => clothes?.columns.some((c) => c.name === name) ?? false;
  if (!has('colors')) await db.schema.alterTable('clothes').addColumn('colors', 'text').execute();
  if (!has('colors_source'))
    await db.schema.alterTable('clothes').addColumn('colors_source', 'text').execute();
  await db.schema
    .createIndex('clothes_colors_pending')
    .ifNotExists()
    .on('clothes')
    .columns(['colors_source', 'id'])
    .execute();
}
