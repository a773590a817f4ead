import { Readable } from 'node:stream';
import { EXPORT_DOCUMENT_PATH } from '@hanger/domain';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { zipSize } from './export.js';

/** The zip yazl really writes for a deflated document and stored photos, and its length. */
async function writtenLength(document: Buffer, photos: { path: string; bytes: Buffer }[]) {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2026-11-23T10:00:00Z');
  zip.addBuffer(document, EXPORT_DOCUMENT_PATH, { compress: true, mtime });
  for (const photo of photos) {
    zip.addReadStreamLazy(photo.path, { compress: false, mtime, size: photo.bytes.length }, (cb) =>
      cb(null, Readable.from([photo.bytes])),
    );
  }
  zip.end();
  let length = 0;
  for await (const chunk of zip.outputStream as Readable) length += (chunk as Buffer).length;
  return length;
}

describe('zipSize', () => {
  it.each([3, 400, 1200])(
    'predicts the exact length of an export zip with %i photos',
    async (count) => {
      const document = Buffer.from(JSON.stringify({ filler: 'x'.repeat(5000), n: count }));
      const { deflateRawSync } = await import('node:zlib');
      const deflated = deflateRawSync(document, { level: 6 }).length;
      const photos = Array.from({ length: count }, (_, i) => ({
        path: `photos/items/${'0'.repeat(i % 7)}item-${i}.webp`,
        bytes: Buffer.alloc(100 + (i % 13), i % 251),
      }));
      const predicted = await zipSize(
        deflated,
        photos,
        photos.map((p) => p.bytes.length),
        new Date('2026-11-23T10:00:00Z'),
      );
      expect(predicted).toBe(await writtenLength(document, photos));
    },
  );
});
