import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  ListObjectsV2Command,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.js';
import type { BlobStore, StoredBlob } from './blob-store.js';
import { assertValidKey, contentTypeForKey, isValidKey } from './blob-store.js';

// Keys are immutable (a new photo gets a new uuid), so a browser may keep the bytes as long as it
// holds the URL; the presigned URL itself changes every PRESIGN_WINDOW_SECONDS.
const OBJECT_CACHE_CONTROL = 'private, max-age=86400, immutable';
const DELETE_CONCURRENCY = 8;
// About 0.3 ms per presign on a small server: a 1,000-item wardrobe would spend 0.6 s signing.
const URL_CACHE_MAX = 20_000;
/**
 * Presigned URLs are handed out only by the `/media` route's redirect, after it has checked the
 * user's capability, so they live briefly: signed on one-hour windows (the same string for the
 * whole hour, so the browser's cache of the bytes holds) and valid until the end of the next.
 */
export const PRESIGN_WINDOW_SECONDS = 3600;

export interface PresignedUrl {
  url: string;
  /** Unix seconds at which the URL stops working. */
  expires: number;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Photos in any S3-compatible object store. Browsers reach them through the app's `/media` route,
 * which checks the capability and redirects to a short-lived presigned GET URL.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  // Presigning is deterministic within a window, so caching only saves CPU; it is emptied when the
  // window moves on and drops its oldest entries beyond URL_CACHE_MAX.
  private urlCache = new Map<string, string>();
  private urlCacheWindow = 0;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // A store that stops answering must fail the request, not hold it (and the upload) forever.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      // Many S3-compatible stores reject the CRC checksums newer SDKs add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    if (contentTypeForKey(key) !== contentType) {
      throw new Error(`Content type ${contentType} does not match the extension of ${key}`);
    }
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        CacheControl: OBJECT_CACHE_CONTROL,
      }),
    );
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { size } = await stat(path);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(path),
        ContentType: contentType,
        ContentLength: size,
        CacheControl: 'private, no-store',
      }),
    );
  }

  async get(key: string): Promise<StoredBlob | null> {
    if (!isValidKey(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body =
        res.Body instanceof Readable
          ? res.Body
          : Buffer.from((await res.Body?.transformToByteArray()) ?? new Uint8Array());
      return {
        body,
        contentType: res.ContentType ?? contentTypeForKey(key),
        ...(res.ContentLength !== undefined ? { size: res.ContentLength } : {}),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /**
   * One DeleteObject per key rather than DeleteObjects: several S3-compatible stores (Google Cloud
   * Storage among them) do not implement the batch call, and deleting a missing key succeeds.
   */
  async delete(keys: string[]): Promise<void> {
    keys.forEach(assertValidKey);
    const queue = [...new Set(keys)];
    const worker = async (): Promise<void> => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, queue.length) }, worker));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${prefix}/`,
          ContinuationToken: token,
        }),
      );
      await this.delete((page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Presigned with the window start as the signing date and an expiry at the end of the next
   * window, so the same key yields the same URL for a whole window.
   */
  async presignedUrl(key: string, nowMs: number = Date.now()): Promise<PresignedUrl> {
    assertValidKey(key);
    const now = Math.floor(nowMs / 1000);
    const start = now - (now % PRESIGN_WINDOW_SECONDS);
    const expires = start + 2 * PRESIGN_WINDOW_SECONDS;
    if (start !== this.urlCacheWindow) {
      this.urlCache = new Map();
      this.urlCacheWindow = start;
    }
    const cached = this.urlCache.get(key);
    if (cached !== undefined) return { url: cached, expires };
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      { signingDate: new Date(start * 1000), expiresIn: expires - start },
    );
    this.urlCache.set(key, url);
    if (this.urlCache.size > URL_CACHE_MAX) {
      const oldest = this.urlCache.keys().next();
      if (!oldest.done) this.urlCache.delete(oldest.value);
    }
    return { url, expires };
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
