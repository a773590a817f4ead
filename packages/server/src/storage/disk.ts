import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { BlobStore, StoredBlob } from './blob-store.js';
import { assertValidKey, contentTypeForKey, isValidKey } from './blob-store.js';

export interface DiskStoreOptions {
  /** Directory holding the files (config.mediaDir). */
  root: string;
}

// Temporary files live in their own folder on the same file system (so rename is atomic); its
// leading dot keeps it outside every valid key.
const TMP_DIR = '.tmp';
/** A write older than this was cut short by a crash; younger ones may belong to another process. */
const STALE_TMP_MS = 60 * 60 * 1000;

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Photos as files under one directory, served back by the `/media` route (plugins/storage.ts). */
export class DiskBlobStore implements BlobStore {
  readonly root: string;

  constructor(options: DiskStoreOptions) {
    this.root = resolve(options.root);
  }

  /** The file of a key; keys are validated and the result is checked to stay under the root. */
  private pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    if (contentTypeForKey(key) !== contentType) {
      throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    }
    const tmpDir = join(this.root, TMP_DIR);
    await Promise.all([
      mkdir(dirname(path), { recursive: true }),
      mkdir(tmpDir, { recursive: true }),
    ]);
    const tmp = join(tmpDir, `${randomUUID()}.part`);
    try {
      const file = await open(tmp, 'wx', 0o640);
      try {
        await file.writeFile(body);
        // The rename must not become visible before the bytes are on disk.
        await file.datasync();
      } finally {
        await file.close();
      }
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredBlob | null> {
    if (!isValidKey(key)) return null;
    let file;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const stats = await file.stat();
      if (!stats.isFile()) {
        await file.close();
        return null;
      }
      return {
        body: file.createReadStream({ autoClose: true }),
        contentType: contentTypeForKey(key),
        size: stats.size,
      };
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const paths = keys.map((key) => this.pathOf(key));
    await Promise.all(
      paths.map(async (path) => {
        try {
          await unlink(path);
        } catch (err) {
          if (!isMissing(err)) throw err;
        }
      }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidKey(prefix);
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  /** Removes temporary files a crash left behind; called once at start-up. */
  async sweepTemporaryFiles(now: number = Date.now()): Promise<number> {
    const tmpDir = join(this.root, TMP_DIR);
    let names: string[];
    try {
      names = await readdir(tmpDir);
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(tmpDir, name);
      try {
        if (now - (await stat(path)).mtimeMs < STALE_TMP_MS) continue;
        await rm(path, { force: true });
        removed++;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return removed;
  }
}
