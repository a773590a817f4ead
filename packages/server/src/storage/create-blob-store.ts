import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { DiskBlobStore } from './disk.js';

/**
 * Object storage when S3_* is configured, else files under DATA_DIR/media. The S3 client (the AWS
 * SDK, a large module graph) is imported only when it is used, so a disk install starts faster.
 */
export async function createBlobStore(config: Pick<Config, 's3' | 'mediaDir'>): Promise<BlobStore> {
  if (config.s3) {
    const { S3BlobStore } = await import('./s3.js');
    return new S3BlobStore(config.s3);
  }
  return new DiskBlobStore({ root: config.mediaDir });
}
