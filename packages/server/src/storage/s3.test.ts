import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, startS3rver, type RunningS3rver } from '../../test/helpers/s3rver.js';
import type { S3Config } from '../config.js';
import { createBlobStore } from './create-blob-store.js';
import { PRESIGN_WINDOW_SECONDS, S3BlobStore } from './s3.js';

const BUCKET = 'hanger-photos';

async function bytesOf(body: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('S3BlobStore against a real S3-compatible server (s3rver)', () => {
  let server: RunningS3rver;
  let config: S3Config;
  let store: S3BlobStore;

  beforeAll(async () => {
    server = await startS3rver(BUCKET);
    config = {
      endpoint: server.endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      ...S3RVER_CREDENTIALS,
      forcePathStyle: true,
    };
    store = new S3BlobStore(config);
  });

  afterAll(async () => {
    await store?.close();
    await server?.close();
  });

  it('is what createBlobStore builds when S3 is configured', async () => {
    const built = await createBlobStore({
      s3: config,
      mediaDir: '/unused',
    });
    expect(built).toBeInstanceOf(S3BlobStore);
    if (built instanceof S3BlobStore) await built.close();
  });

  it('puts an object and gets it back with its type and size', async () => {
    const body = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBP'), Buffer.alloc(50_000, 9)]);
    await store.put('user1/a1-display.webp', body, 'image/webp');

    const blob = await store.get('user1/a1-display.webp');
    expect(blob?.contentType).toBe('image/webp');
    expect(blob?.size).toBe(body.length);
    expect(await bytesOf(blob!.body)).toEqual(body);
  });

  it('answers null for a missing key', async () => {
    expect(await store.get('user1/never-put.webp')).toBeNull();
  });

  it('deletes objects and ignores keys that do not exist', async () => {
    await store.put('user2/b-display.webp', Buffer.from('one'), 'image/webp');
    await store.put('user2/b-thumb.webp', Buffer.from('two'), 'image/webp');
    await store.put('user2/c-display.webp', Buffer.from('three'), 'image/webp');

    await store.delete(['user2/b-display.webp', 'user2/b-thumb.webp', 'user2/missing.webp']);

    expect(await store.get('user2/b-display.webp')).toBeNull();
    expect(await store.get('user2/b-thumb.webp')).toBeNull();
    const kept = await store.get('user2/c-display.webp');
    expect(kept && (await bytesOf(kept.body)).toString()).toBe('three');
  });

  it('deletes everything under a prefix (an account) and nothing else', async () => {
    await store.put('gone/e-display.webp', Buffer.from('one'), 'image/webp');
    await store.put('gone/e-thumb.webp', Buffer.from('two'), 'image/webp');
    await store.put('gone2/f-display.webp', Buffer.from('three'), 'image/webp');

    await store.deletePrefix('gone');

    expect(await store.get('gone/e-display.webp')).toBeNull();
    expect(await store.get('gone/e-thumb.webp')).toBeNull();
    expect(await store.get('gone2/f-display.webp')).not.toBeNull();
  });

  it('hands out a presigned URL a browser can fetch directly, stable within the window', async () => {
    const body = Buffer.alloc(2048, 3);
    await store.put('user3/d-thumb.webp', body, 'image/webp');

    const { url, expires } = await store.presignedUrl('user3/d-thumb.webp');
    expect(url.startsWith(`${config.endpoint}/${BUCKET}/user3/d-thumb.webp?`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    // Short-lived: one to two hours.
    const left = expires - Date.now() / 1000;
    expect(left).toBeGreaterThan(PRESIGN_WINDOW_SECONDS - 5);
    expect(left).toBeLessThanOrEqual(2 * PRESIGN_WINDOW_SECONDS);
    expect((await store.presignedUrl('user3/d-thumb.webp')).url).toBe(url);
    // The same URL from a second store (another server process) too: nothing random is signed.
    const other = new S3BlobStore(config);
    expect((await other.presignedUrl('user3/d-thumb.webp')).url).toBe(url);
    await other.close();

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
  });

  it('validates keys before sending anything', async () => {
    await expect(store.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(store.presignedUrl('a/../../b.webp')).rejects.toThrow(/Invalid storage key/);
    expect(await store.get('/abs.webp')).toBeNull();
  });
});
