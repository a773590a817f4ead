import type { Config } from '../config.js';
import { DiskBlobStore } from './disk.js';
import { S3BlobStore } from './s3.js';

/** Object storage when S3_* is configured, else files under DATA_DIR/media. */
export function createBlobStore(
  config: Pick<Config, 's3' | 'mediaDir' | 'authSecret'>,
): DiskBlobStore | S3BlobStore {
  if (config.s3) return new S3BlobStore(config.s3);
  return new DiskBlobStore({ root: config.mediaDir, authSecret: config.authSecret });
}
