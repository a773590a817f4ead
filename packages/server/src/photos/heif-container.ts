/**
 * What this app reads from a HEIF container itself, without decoding: the codec of its images
 * (heifCodec), and the colour description of its primary image when it is given as code points (an
 * `nclx` colour box, ITU-T H.273) rather than an ICC profile. libvips hands an ICC profile over
 * with the header (sharp's metadata().icc), but not an nclx one, and libheif's RGB output keeps
 * the image's own primaries: a Display P3 photo described by nclx must be converted like one
 * described by an ICC profile (colour-profile.ts planNclx).
 *
 *
 * Reads the boxes of ISO/IEC 14496-12 and 23008-12: meta > pitm (primary item), iprp > ipco
 * (properties, numbered from 1) and ipma (which item has which). Only the container is read.
 */

export interface Nclx {
  primaries: number;
  transfer: number;
  matrix: number;
  fullRange: boolean;
}

interface Box {
  type: string;
  /** First byte of the body (after size and type). */
  start: number;
  end: number;
}

function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(bytes: Uint8Array, parent: Box, type: string, skip = 0): Box | undefined {
  for (const box of boxes(bytes, parent.start + skip, parent.end))
    if (box.type === type) return box;
  return undefined;
}

/** The property boxes of the container (meta > iprp > ipco), or none. */
function propertyBoxes(bytes: Uint8Array): Box[] {
  const meta = child(bytes, { type: '', start: 0, end: bytes.length }, 'meta');
  const iprp = meta && child(bytes, meta, 'iprp', 4);
  const ipco = iprp && child(bytes, iprp, 'ipco');
  return ipco ? [...boxes(bytes, ipco.start, ipco.end)] : [];
}

/**
 * The codec of a HEIF file's images, from their decoder configuration properties: HEVC (hvcC,
 * iPhone HEIC) or AV1 (av1C, AVIF). The brand does not tell: an AVIF file may be branded mif1 and
 * libvips then reports it as HEVC.
 */
export function heifCodec(bytes: Uint8Array): 'hevc' | 'av1' | null {
  try {
    const types = new Set(propertyBoxes(bytes).map((box) => box.type));
    if (types.has('hvcC') && !types.has('av1C')) return 'hevc';
    if (types.has('av1C')) return 'av1';
    return null;
  } catch {
    return null;
  }
}

/** The nclx colour box of the primary image, or null (none, an ICC profile, or unreadable). */
export function readHeifNclx(bytes: Uint8Array): Nclx | null {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const file: Box = { type: '', start: 0, end: bytes.length };
    const meta = child(bytes, file, 'meta');
    if (!meta) return null;
    // meta, pitm and ipma are full boxes: one byte of version and three of flags first.
    const pitm = child(bytes, meta, 'pitm', 4);
    const iprp = child(bytes, meta, 'iprp', 4);
    if (!pitm || !iprp) return null;
    const primary =
      bytes[pitm.start] === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4);
    const ipco = child(bytes, iprp, 'ipco');
    if (!ipco) return null;
    const properties = [...boxes(bytes, ipco.start, ipco.end)];

    for (const ipma of boxes(bytes, iprp.start, iprp.end)) {
      if (ipma.type !== 'ipma') continue;
      const version = bytes[ipma.start]!;
      const wideIndex = (bytes[ipma.start + 3]! & 1) === 1;
      const count = view.getUint32(ipma.start + 4);
      let at = ipma.start + 8;
      for (let e = 0; e < count && at < ipma.end; e++) {
        const item = version < 1 ? view.getUint16(at) : view.getUint32(at);
        at += version < 1 ? 2 : 4;
        const associations = bytes[at]!;
        at += 1;
        for (let a = 0; a < associations; a++) {
          const index = wideIndex ? view.getUint16(at) & 0x7fff : bytes[at]! & 0x7f;
          at += wideIndex ? 2 : 1;
          if (item !== primary || index === 0) continue;
          const property = properties[index - 1];
          if (property?.type !== 'colr' || property.end - property.start < 11) continue;
          const kind = String.fromCharCode(...bytes.subarray(property.start, property.start + 4));
          if (kind !== 'nclx') continue;
          return {
            primaries: view.getUint16(property.start + 4),
            transfer: view.getUint16(property.start + 6),
            matrix: view.getUint16(property.start + 8),
            fullRange: (bytes[property.start + 10]! & 0x80) !== 0,
          };
        }
      }
    }
    return null;
  } catch {
    return null;
  }
}
