import type {
  CollectionKind,
  ColoursSource,
  CutoutState,
  ItemStatus,
  OutfitStatus,
  Source,
  WireCategory,
} from '@hanger/domain';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Tables of the wardrobe (migration 0002 and later). The identity tables of migration 0001 belong to
 * better-auth, which writes them itself; the app reads a few of their columns, typed below in
 * IdentityDatabase from the migration's columns.
 *
 * Conventions that hold on both engines: ids are text (UUIDs), timestamps are ISO 8601 text, day
 * keys are `YYYY-MM-DD` text, money is double precision, booleans are integers 0/1.
 */
export interface ClothesTable {
  id: string;
  user_id: string;
  image_key: string;
  thumb_key: string;
  /** Wire key: 'full_body' for the 'full body' category. */
  category: WireCategory;
  sub_category_id: string | null;
  status: ItemStatus | null;
  source: Source | null;
  brand: string | null;
  date_created: string;
  date_obtained: string | null;
  date_archived: string | null;
  price: number | null;
  currency: string | null;
  converted_price: number | null;
  sold_price: number | null;
  sold_currency: string | null;
  converted_sold_price: number | null;
  manual_times_worn: number | null;
  scale: number | null;
  /** Up to three palette names joined by commas, main first (domain colour-names.ts); null: none. */
  colors: string | null;
  /** 'user' (never replaced automatically) or 'auto'; null: not looked at yet (the backfill's). */
  colors_source: ColoursSource | null;
  /**
   * The original photo's files while a cut-out is shown in image_key/thumb_key (migration 0010,
   * docs/cutouts.md); null otherwise.
   */
  original_key?: string | null;
  original_thumb_key?: string | null;
  cutout_state?: CutoutState | null;
  /** Why the last cut-out failed, for the log and the user. */
  cutout_error?: string | null;
  /** The queued cut-out whose result may be applied; any other job's result is stale. */
  cutout_token?: string | null;
  cutout_updated_at?: string | null;
}

export interface OutfitsTable {
  id: string;
  user_id: string;
  image_key: string;
  thumb_key: string;
  status: OutfitStatus | null;
  date_created: string;
  manual_times_worn: number | null;
}

/** One placed item of an outfit's canvas; deleting the item deletes its placements. */
export interface OutfitItemsTable {
  outfit_id: string;
  position: number;
  clothing_id: string;
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

/** One item or outfit worn on a day; exactly one of clothing_id / outfit_id is set. */
export interface CalendarItemsTable {
  id: Generated<number>;
  user_id: string;
  day: string;
  clothing_id: string | null;
  outfit_id: string | null;
}

/** The day's display item (an item or outfit id), when one is starred. */
export interface CalendarDaysTable {
  user_id: string;
  day: string;
  display_item: string;
}

export interface UserSettingsTable {
  user_id: string;
  locale: string;
  currency: string;
  week_start: number;
  data_consent: number;
  tracking_start_date: string | null;
  /** JSON: { [wireCategory]: { id, name }[] }. */
  subcategories: string;
  /** 0/1, default 1 (migration 0010): a new or replaced photo is queued for a cut-out. */
  cut_out_new_photos?: number;
}

/** An account's calendar feed (migration 0004): the token's hash and the nonce it derives from. */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  token_nonce: string;
  created_at: string;
}

/** A download link of an account export (migration 0003); only the token's hash is kept. */
export interface ExportTokensTable {
  token_hash: string;
  user_id: string;
  /** The identity session the link was made in; the link stops working when it ends. */
  session_id: string | null;
  created_at: string;
  expires_at: string;
}

/** An uploaded export being imported: its preview counts, state and progress (migration 0003). */
export interface DataImportsTable {
  id: string;
  user_id: string;
  state: 'previewed' | 'running' | 'done' | 'failed';
  created_at: string;
  updated_at: string;
  /** 'archive': an export zip; 'sheet': a spreadsheet (migration 0014). */
  kind: 'archive' | 'sheet';
  /**
   * The upload (the zip, or the sheet's CSV): a path on the disk of the process that received it,
   * or `store:<key>` in the object store (services/import.ts).
   */
  archive_path: string;
  /** A sheet's zip of photos, where it waits as `archive_path` does; null without one. */
  photos_path: string | null;
  /** A sheet's form choices (encoding, mapping, skip_refused) as JSON; null for an archive. */
  sheet_options: string | null;
  items: number;
  outfits: number;
  calendar_days: number;
  photos: number;
  already_items: number;
  already_outfits: number;
  done: number;
  total: number;
  error: string | null;
  /** JSON of the finished import's counts. */
  result: string | null;
}

/** Which record of which export an imported item or outfit came from (idempotent imports). */
export interface ImportLinksTable {
  user_id: string;
  kind: 'item' | 'outfit';
  source_id: string;
  target_id: string;
}

/** The record a create with an `Idempotency-Key` made (migration 0006); one per account and key. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  kind: 'item' | 'outfit';
  record_id: string;
  /** ISO time of the create; keys older than a day are ignored and swept. */
  created_at: string;
  /** SHA-256 of the request that made the record (migration 0008); null on older keys. */
  fingerprint: string | null;
}

/** A "Not this" of What to wear (migration 0012): the pieces' sorted ids, kept away until a day. */
export interface SuggestionFeedbackTable {
  user_id: string;
  item_key: string;
  /** Day key, inclusive. */
  until: string;
}

/** A packing list or capsule (migration 0013, docs/collections.md); keyed by owner and id. */
export interface CollectionsTable {
  user_id: string;
  id: string;
  kind: CollectionKind;
  name: string;
  note: string | null;
  /** Day keys of a packing list's trip, inclusive. */
  start_date: string | null;
  end_date: string | null;
  destination: string | null;
  date_created: string;
}

/** An item or outfit on a collection; exactly one of clothing_id / outfit_id is set. */
export interface CollectionEntriesTable {
  user_id: string;
  collection_id: string;
  /** Order of adding, per collection. */
  position: number;
  clothing_id: string | null;
  outfit_id: string | null;
}

/** A piece ticked Packed on a packing list. */
export interface CollectionPackedTable {
  user_id: string;
  collection_id: string;
  clothing_id: string;
}

/**
 * A boolean column of the identity tables: integer 0/1 on SQLite, boolean on PostgreSQL
 * (migration 0001).
 */
export type IdentityBoolean = number | boolean;
/** A time column of the identity tables: `date` on SQLite, timestamptz on PostgreSQL. */
export type IdentityTime = string | number | Date;

/** better-auth's `user` row, with the admin plugin's columns (migration 0001). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: IdentityBoolean;
  image: string | null;
  createdAt: IdentityTime;
  updatedAt: IdentityTime;
  role: string | null;
  banned: IdentityBoolean | null;
  banReason: string | null;
  banExpires: IdentityTime | null;
}

export interface SessionTable {
  id: string;
  expiresAt: IdentityTime;
  token: string;
  createdAt: IdentityTime;
  updatedAt: IdentityTime;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

/** A sign-in method of a user; `providerId` 'credential' holds the password hash. */
export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: IdentityTime | null;
  refreshTokenExpiresAt: IdentityTime | null;
  scope: string | null;
  password: string | null;
  createdAt: IdentityTime;
  updatedAt: IdentityTime;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: IdentityTime;
  createdAt: IdentityTime;
  updatedAt: IdentityTime;
}

/** The access-token signing keys of better-auth's jwt plugin. */
export interface JwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: IdentityTime;
  expiresAt: IdentityTime | null;
  alg: string | null;
  crv: string | null;
}

/** Revoked access tokens (migration 0005, auth/revocation.ts); times are epoch milliseconds. */
export interface AuthRevocationTable {
  id: string;
  kind: string;
  subject: string;
  /** bigint: PostgreSQL's int8 is read as a number (db/index.ts). */
  revoked_at: number | string;
  forget_at: number | string;
}

/** The identity tables (migrations 0001 and 0005): better-auth's and the revocation list. */
export interface IdentityDatabase {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  jwks: JwksTable;
  auth_revocation: AuthRevocationTable;
}

/** The wardrobe's tables, each holding rows of one account (its `user_id`, or its outfit's). */
export interface WardrobeDatabase {
  calendar_feeds: CalendarFeedsTable;
  clothes: ClothesTable;
  outfits: OutfitsTable;
  outfit_items: OutfitItemsTable;
  calendar_items: CalendarItemsTable;
  calendar_days: CalendarDaysTable;
  user_settings: UserSettingsTable;
  export_tokens: ExportTokensTable;
  data_imports: DataImportsTable;
  import_links: ImportLinksTable;
  idempotency_keys: IdempotencyKeysTable;
  suggestion_feedback: SuggestionFeedbackTable;
  collections: CollectionsTable;
  collection_entries: CollectionEntriesTable;
  collection_packed: CollectionPackedTable;
}

/**
 * A durable job of the SQLite engine's runner (migration 0009, docs/jobs.md). Not an account's
 * row: a job's payload names what it works on, and its handler checks the owner.
 */
export interface JobsTable {
  id: string;
  kind: string;
  /** The payload as JSON. */
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  singleton_key: string | null;
  /** Attempts started so far; one past max_attempts means only onFailed is left to run. */
  attempt: number;
  max_attempts: number;
  /** ISO time from which a queued job may be taken (later after a failure: the backoff). */
  run_at: string;
  /** ISO time a running job's claim lasts until; its process renews it while the handler runs. */
  lease_until: string | null;
  /** Which claim holds a running job: only that claim may finish it. */
  lease_token: string | null;
  last_error: string | null;
  created_at: string;
  /** ISO time the job ended (done, failed, cancelled); finished jobs are swept after a while. */
  finished_at: string | null;
}

/** The tables no account owns. */
export interface SystemDatabase {
  jobs: JobsTable;
}

/** Every table the app's queries name. */
export interface Database extends WardrobeDatabase, IdentityDatabase, SystemDatabase {}

/** The cut-out columns (migration 0010): every read has them; rows made in code may leave them out. */
type CutoutColumn =
  | 'original_key'
  | 'original_thumb_key'
  | 'cutout_state'
  | 'cutout_error'
  | 'cutout_token'
  | 'cutout_updated_at';
export type ClothesRow = Omit<Selectable<ClothesTable>, CutoutColumn> &
  Partial<Pick<Selectable<ClothesTable>, CutoutColumn>>;
export type NewClothesRow = Insertable<ClothesTable>;
export type ClothesUpdate = Updateable<ClothesTable>;
export type OutfitRow = Selectable<OutfitsTable>;
export type OutfitItemRow = Selectable<OutfitItemsTable>;
export type CalendarItemRow = Selectable<CalendarItemsTable>;
export type UserSettingsRow = Selectable<UserSettingsTable>;
