/**
 * Recognising a display photo Hanger's own encoder wrote (docs/import-photos.md): a lossy WebP in
 * the simple container, one `VP8 ` chunk and nothing else, a key frame no larger than the display
 * size. This module reads bytes only (no image library); images.ts decodes what it accepts.
 */

/** The frame's size and the file rebuilt from its VP8 chunk alone. */
export interface OwnWebp {
  width: number;
  height: number;
  /** RIFF header + the one VP8 chunk: any trailing or extra byte of the upload is left out. */
  bytes: Buffer;
}

/**
 * The VP8 bitstream of `bytes` rewrapped in a fresh container, or null when the file is not shaped
 * exactly as our encoder writes it (extended container, alpha, animation, lossless, metadata
 * chunks such as EXIF, XMP or ICCP, a second chunk, a frame over `maxSide`, sizes that disagree).
 * Null means "re-encode", never "refuse": the upload pipeline decides about anything else.
 */
export function ownWebp(bytes: Buffer, maxSide: number): OwnWebp | null {
  // RIFF <size> WEBP, then one chunk: 'VP8 ' <size> <frame>.
  if (bytes.length < 30) return null;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP')
    return null;
  const riffSize = bytes.readUInt32LE(4);
  if (riffSize + 8 > bytes.length || riffSize < 4 + 8 + 10) return null;
  if (bytes.toString('latin1', 12, 16) !== 'VP8 ') return null;
  const chunkSize = bytes.readUInt32LE(16);
  const padded = chunkSize + (chunkSize & 1);
  // The VP8 chunk must be all the RIFF holds: no second chunk (metadata or anything else).
  if (4 + 8 + padded !== riffSize) return null;
  if (chunkSize < 10) return null;
  const frame = bytes.subarray(20, 20 + chunkSize);
  // Frame tag (RFC 6386 §9.1): bit 0 = 0 for a key frame, bits 1-3 the version (our encoder
  // writes 0), bit 4 show_frame, bits 5-23 the first partition's size.
  const tag = frame[0]! | (frame[1]! << 8) | (frame[2]! << 16);
  if ((tag & 1) !== 0) return null;
  if (((tag >> 1) & 7) !== 0) return null;
  if (((tag >> 4) & 1) !== 1) return null;
  const firstPartition = tag >>> 5;
  if (firstPartition === 0 || 10 + firstPartition > chunkSize) return null;
  // Key frame start code, then 14-bit width and height with 2-bit scaling (0: no upscaling).
  if (frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return null;
  const w = frame.readUInt16LE(6);
  const h = frame.readUInt16LE(8);
  if (w >> 14 !== 0 || h >> 14 !== 0) return null;
  const width = w & 0x3fff;
  const height = h & 0x3fff;
  if (width === 0 || height === 0 || width > maxSide || height > maxSide) return null;

  const out = Buffer.alloc(12 + 8 + padded);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(4 + 8 + padded, 4);
  out.write('WEBP', 8, 'latin1');
  out.write('VP8 ', 12, 'latin1');
  out.writeUInt32LE(chunkSize, 16);
  frame.copy(out, 20);
  return { width, height, bytes: out };
}
