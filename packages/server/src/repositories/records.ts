import { isStorableText } from '@hanger/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { WardrobeDatabase } from '../db/schema.js';
import { callerColumns, chunks, type Db, type Owned } from './db.js';

/**
 * The queries items (`clothes`) and outfits (`outfits`) share: both are records the owner holds by
 * id, with a status and a creation time. `clothes.ts` and `outfits.ts` name these functions for
 * their table; every one takes the owner's id first (repositories/README.md).
 */

/** The tables of records an account holds by id. */
export type RecordTable = 'clothes' | 'outfits';

type Table<T extends RecordTable> = WardrobeDatabase[T];

/** The fields a write may change; a record never changes id or owner. */
export type RecordChanges<T extends RecordTable> = Omit<Updateable<Table<T>>, 'id' | 'user_id'>;

/**
 * The shared queries for `table`, typed with its own columns. Kysely cannot follow a table name
 * that is a type parameter, so the statements are built for the union of both tables: they name
 * only columns both have (`id`, `user_id`, `status`, `date_created`), and each answer or change is
 * typed back as `table`'s own.
 */
export function ownedRecords<T extends RecordTable>(table: T) {
  type Row = Selectable<Table<T>>;
  const named: RecordTable = table;

  /** One of the owner's records, or undefined (also for an id no row can hold). */
  async function find(db: Db, ownerId: string, id: string): Promise<Row | undefined> {
    // PostgreSQL would refuse a NUL in the id.
    if (!isStorableText(id)) return undefined;
    const row = await db
      .selectFrom(named)
      .selectAll()
      .where('user_id', '=', ownerId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row as Row | undefined;
  }

  /** Which of `ids` are the owner's records (ids no row can hold are skipped), IN_CHUNK at a time. */
  async function findIds(db: Db, ownerId: string, ids: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (const chunk of chunks(ids.filter(isStorableText))) {
      const rows = await db
        .selectFrom(named)
        .select('id')
        .where('user_id', '=', ownerId)
        .where('id', 'in', chunk)
        .execute();
      found.push(...rows.map((r) => r.id));
    }
    return found;
  }

  /** Every record of the owner, oldest first (then by id): the wardrobe's order. */
  async function list(db: Db, ownerId: string): Promise<Row[]> {
    const rows = await db
      .selectFrom(named)
      .selectAll()
      .where('user_id', '=', ownerId)
      .orderBy('date_created')
      .orderBy('id')
      .execute();
    return rows as Row[];
  }

  /** The owner's records counted by status. */
  async function countByStatus(
    db: Db,
    ownerId: string,
  ): Promise<{ status: Table<T>['status']; count: number }[]> {
    const rows = await db
      .selectFrom(named)
      .select((eb) => ['status', eb.fn.countAll<number | string | bigint>().as('n')])
      .where('user_id', '=', ownerId)
      .groupBy('status')
      .execute();
    return rows.map((r) => ({ status: r.status as Table<T>['status'], count: Number(r.n) }));
  }

  /** How many records the owner holds. */
  async function count(db: Db, ownerId: string): Promise<number> {
    const { n } = await db
      .selectFrom(named)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('user_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Add records to the owner's wardrobe (several rows in one statement). */
  async function insert(
    db: Db,
    ownerId: string,
    rows: readonly Owned<Insertable<Table<T>>>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((row) => ({ ...row, user_id: ownerId }));
    await db
      .insertInto(named)
      .values(values as Insertable<Table<RecordTable>>[])
      .execute();
  }

  /**
   * Change several of the owner's records the same way (one statement per IN_CHUNK ids); answers
   * how many were found. Run it in the caller's transaction when all or none must change.
   */
  async function updateMany(
    db: Db,
    ownerId: string,
    ids: readonly string[],
    changes: RecordChanges<T>,
  ): Promise<number> {
    const set = callerColumns(changes, { id: true });
    if (Object.keys(set).length === 0) return (await findIds(db, ownerId, ids)).length;
    let updated = 0;
    for (const chunk of chunks(ids.filter(isStorableText))) {
      const result = await db
        .updateTable(named)
        .set(set as RecordChanges<RecordTable>)
        .where('user_id', '=', ownerId)
        .where('id', 'in', chunk)
        .executeTakeFirst();
      updated += Number(result.numUpdatedRows);
    }
    return updated;
  }

  /** Change one of the owner's records; answers whether it was found. */
  async function update(db: Db, ownerId: string, id: string, changes: RecordChanges<T>) {
    return (await updateMany(db, ownerId, [id], changes)) > 0;
  }

  return { find, findIds, list, countByStatus, count, insert, update, updateMany };
}
