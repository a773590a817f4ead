import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isValidKey } from './blob-store.js';
import { DiskBlobStore } from './disk.js';

async function bytesOf(body: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Whether the key holds something; the stream is closed so no file handle is left open. */
async function holds(store: DiskBlobStore, key: string): Promise<boolean> {
  const blob = await store.get(key);
  if (blob && !Buffer.isBuffer(blob.body)) (blob.body as Readable).destroy();
  return blob !== null;
}

describe('DiskBlobStore', () => {
  let parent: string;
  let root: string;
  let store: DiskBlobStore;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'hanger-disk-'));
    root = join(parent, 'media');
    store = new DiskBlobStore({ root });
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('stores bytes and gives them back with their type and size', async () => {
    const body = Buffer.from('RIFF....WEBPVP8 fake image bytes');
    await store.put('user1/abc-display.webp', body, 'image/webp');

    const blob = await store.get('user1/abc-display.webp');
    expect(blob).not.toBeNull();
    expect(blob?.contentType).toBe('image/webp');
    expect(blob?.size).toBe(body.length);
    expect(await bytesOf(blob!.body)).toEqual(body);
    expect(await readFile(join(root, 'user1', 'abc-display.webp'))).toEqual(body);
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    await store.put('u/k-thumb.webp', Buffer.alloc(1000, 1), 'image/webp');
    await store.put('u/k-thumb.webp', Buffer.alloc(10, 2), 'image/webp');
    expect(await readFile(join(root, 'u', 'k-thumb.webp'))).toEqual(Buffer.alloc(10, 2));
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('answers null for a key that holds nothing, or a folder', async () => {
    expect(await store.get('nobody/missing-display.webp')).toBeNull();
    await store.put('u/k-display.webp', Buffer.from('x'), 'image/webp');
    expect(await store.get('u')).toBeNull();
  });

  it('deletes the keys given and ignores keys that do not exist', async () => {
    await store.put('u/a-display.webp', Buffer.from('a'), 'image/webp');
    await store.put('u/a-thumb.webp', Buffer.from('b'), 'image/webp');
    await store.put('u/b-display.webp', Buffer.from('c'), 'image/webp');

    await store.delete(['u/a-display.webp', 'u/a-thumb.webp', 'u/never-there.webp']);

    expect(await holds(store, 'u/a-display.webp')).toBe(false);
    expect(await holds(store, 'u/a-thumb.webp')).toBe(false);
    expect(await holds(store, 'u/b-display.webp')).toBe(true);
  });

  it('deletes everything under a prefix (an account) and nothing else', async () => {
    await store.put('gone/e-display.webp', Buffer.from('one'), 'image/webp');
    await store.put('gone2/f-display.webp', Buffer.from('two'), 'image/webp');

    await store.deletePrefix('gone');
    await store.deletePrefix('never-had-photos');

    expect(await store.get('gone/e-display.webp')).toBeNull();
    expect(await store.get('gone2/f-display.webp')).not.toBeNull();
    await expect(store.deletePrefix('..')).rejects.toThrow();
  });

  it('never reads or writes outside its directory', async () => {
    await writeFile(join(parent, 'secret.webp'), 'outside');
    const hostile = [
      '../secret.webp',
      'u/../../secret.webp',
      '/etc/passwd',
      'u/./a.webp',
      '.tmp/x.webp',
      'u\\..\\secret.webp',
      'u//a.webp',
      '',
      'u/a.webp\0',
    ];
    for (const key of hostile) {
      expect(isValidKey(key), key).toBe(false);
      expect(await store.get(key), key).toBeNull();
      await expect(store.put(key, Buffer.from('evil'), 'image/webp'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(store.delete([key]), key).rejects.toThrow(/Invalid storage key/);
      await expect(store.deletePrefix(key), key).rejects.toThrow(/Invalid storage key/);
    }
    expect(await readFile(join(parent, 'secret.webp'), 'utf8')).toBe('outside');
    expect(existsSync(join(parent, 'evil'))).toBe(false);
  });

  it('refuses a content type its extension would not serve back', async () => {
    await expect(store.put('u/a-display.webp', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /does not match/,
    );
  });

  it('sweeps writes a crash left behind, but not ones that may still be running', async () => {
    await store.put('u/a-display.webp', Buffer.from('a'), 'image/webp');
    const tmp = join(root, '.tmp');
    await writeFile(join(tmp, 'old.part'), 'half a photo');
    await writeFile(join(tmp, 'fresh.part'), 'being written');
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    await utimes(join(tmp, 'old.part'), old, old);

    expect(await store.sweepTemporaryFiles()).toBe(1);
    expect((await readdir(tmp)).sort()).toEqual(['fresh.part']);
    expect(await holds(store, 'u/a-display.webp')).toBe(true);
  });
});
