import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import {
  EXPORT_DOCUMENT_PATH,
  exportPhotoPaths,
  parseExportDocument,
  type ExportDocument,
} from '@hanger/domain';
import type { Entry, ZipFile } from 'yauzl';
import { ValidationError } from '../errors.js';
import { ownWebp } from '../photos/own-webp.js';

/**
 * Reading an uploaded export zip safely (yauzl, entry by entry, straight from the file). Nothing
 * is extracted to disk by name: entries are looked up by the exact names the document gives, and
 * every entry's name, sizes and bytes are checked before anything is imported.
 */

export interface ArchiveLimits {
  /** Sum of the entries' declared uncompressed sizes (zip bombs). */
  maxTotalBytes: number;
  /** One photo (MAX_UPLOAD_BYTES, as for an upload). */
  maxPhotoBytes: number;
  /** hanger-export.json. */
  maxDocumentBytes: number;
  maxEntries: number;
  /** Uncompressed / compressed beyond this (for entries over 1 MiB) is a bomb, not a wardrobe. */
  maxRatio: number;
  /** Pixels a photo's header may declare. */
  maxPixels: number;
}

export const DEFAULT_DOCUMENT_LIMIT = 64 * 1024 * 1024;
/**
 * An export holds its document and one photo per item and outfit: 30,000 entries is a wardrobe of
 * about 25,000 pieces and outfits, well past the 10,000 items the app is built for. Reading a zip's
 * directory costs about 0.1 ms an entry here, so this also bounds what a hostile zip of empty
 * entries can cost one upload (about 3 s).
 */
export const DEFAULT_MAX_ENTRIES = 30_000;
export const DEFAULT_MAX_RATIO = 200;
const RATIO_FLOOR_BYTES = 1024 * 1024;

const IMAGE_TYPES = new Set(['image/webp', 'image/jpeg', 'image/png']);

export class ArchiveError extends ValidationError {}

function refuse(message: string): never {
  throw new ArchiveError(message);
}

/** Why an entry name is unsafe, or null: no traversal, no absolute paths, no backslashes. */
export function unsafeEntryName(name: string): string | null {
  if (name.length === 0) return 'an entry has an empty name';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name))
    return `entry name ${JSON.stringify(name)} holds control characters`;
  if (name.includes('\\')) return `entry name ${JSON.stringify(name)} holds a backslash`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    return `entry name ${JSON.stringify(name)} is an absolute path`;
  if (name.split('/').some((segment) => segment === '..' || segment === '.'))
    return `entry name ${JSON.stringify(name)} climbs out of the archive (path traversal)`;
  return null;
}

function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
}

function openZip(path: string): Promise<ZipFile> {
  // CommonJS: its exports are the default export once bundled (dist/main.js).
  return import('yauzl')
    .then((mod) => mod.default ?? mod)
    .then(
      (yauzl) =>
        new Promise<ZipFile>((resolve, reject) => {
          yauzl.open(
            path,
            {
              lazyEntries: true,
              autoClose: false,
              // Names are checked here, with messages that say what is wrong.
              decodeStrings: false,
              validateEntrySizes: true,
            },
            (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
          );
        }),
    );
}

function readEntries(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > maxEntries) {
      reject(
        new ArchiveError(
          `The archive holds ${zip.entryCount} entries; at most ${maxEntries} are accepted.`,
        ),
      );
      return;
    }
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );
}

/**
 * One entry's bytes, never more than its declared size (yauzl stops a stream that inflates past
 * it) and checked against the entry's CRC-32.
 */
async function readEntry(zip: ZipFile, entry: Entry, name: string): Promise<Buffer> {
  const stream = await openStream(zip, entry);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      length += (chunk as Buffer).length;
      if (length > entry.uncompressedSize) refuse(`${name} is larger than its declared size.`);
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof ArchiveError) throw err;
    refuse(`${name} could not be read: ${(err as Error).message}.`);
  }
  const bytes = Buffer.concat(chunks, length);
  if (length !== entry.uncompressedSize) refuse(`${name} is smaller than its declared size.`);
  if (crc32(bytes) !== entry.crc32) refuse(`${name} is damaged (its checksum does not match).`);
  return bytes;
}

/** A photo must be an image by its bytes, not its name. */
async function checkPhotoType(bytes: Buffer, name: string): Promise<void> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) refuse(`${name} is not a WebP, JPEG or PNG image.`);
}

/** VP8's largest frame side (14 bits): ownWebp here reads sizes only, never limits them. */
const VP8_MAX_SIDE = 0x3fff;

/**
 * A photo must be an image by its bytes (not its name), with a readable, bounded size. A WebP of
 * the shape Hanger's encoder writes (own-webp.ts: one VP8 key frame) declares its size in the
 * frame header, the same 4 bytes libwebp reads for it; any other photo's header is read by
 * libvips. Either way the commit decodes every photo in full (docs/import-photos.md).
 */
async function checkPhoto(bytes: Buffer, name: string, maxPixels: number): Promise<void> {
  await checkPhotoType(bytes, name);
  let width: number | undefined;
  let height: number | undefined;
  const own = ownWebp(bytes, VP8_MAX_SIDE);
  if (own) ({ width, height } = own);
  else {
    const { default: sharp } = await import('sharp');
    try {
      ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
    } catch {
      refuse(`${name} is a damaged image.`);
    }
  }
  if (!width || !height) refuse(`${name} is a damaged image.`);
  if (width * height > maxPixels) refuse(`${name} is too large (${width}x${height} pixels).`);
}

/**
 * Every entry's name, count and sizes checked (traversal, absolute names, duplicates, encryption,
 * compression method, ratio and total: zip bombs); the entries by name.
 */
function checkEntries(entries: Entry[], limits: ArchiveLimits): Map<string, Entry> {
  const byName = new Map<string, Entry>();
  let total = 0;
  for (const entry of entries) {
    const name = entryName(entry);
    const unsafe = unsafeEntryName(name);
    if (unsafe) refuse(`The archive is unsafe: ${unsafe}.`);
    if (byName.has(name)) refuse(`The archive is unsafe: ${name} appears twice.`);
    byName.set(name, entry);
    if (entry.isEncrypted()) refuse(`${name} is encrypted.`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      refuse(`${name} uses an unsupported compression method.`);
    if (entry.compressionMethod === 0 && entry.compressedSize !== entry.uncompressedSize)
      refuse(`The archive is unsafe: ${name} declares two different sizes.`);
    if (
      entry.uncompressedSize > RATIO_FLOOR_BYTES &&
      entry.uncompressedSize > entry.compressedSize * limits.maxRatio
    ) {
      refuse(
        `The archive is unsafe: ${name} expands more than ${limits.maxRatio} times (a zip bomb).`,
      );
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes)
      refuse(
        `The archive is unsafe: its contents exceed ${limits.maxTotalBytes} bytes unpacked (a zip bomb).`,
      );
  }
  return byName;
}

export interface OpenedArchive {
  document: ExportDocument;
  /** The bytes of a photo the document names (checked as at preview). */
  readPhoto(path: string): Promise<Buffer>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Read and check every photo now (the preview); the commit reads each as it imports it. */
  checkPhotos: boolean;
}

/**
 * Open an uploaded export and check it whole: entry names, counts and sizes (declared and
 * actual, ratio, total), the document against the format, that every photo it names is present
 * and (with checkPhotos) an image. Anything wrong is an ArchiveError (422) naming the problem.
 */
export async function openArchive(
  path: string,
  limits: ArchiveLimits,
  options: OpenOptions,
): Promise<OpenedArchive> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    refuse(`The file is not a readable zip archive (${(err as Error).message}).`);
  }
  const close = () =>
    new Promise<void>((resolve) => {
      if (zip.isOpen) zip.close();
      resolve();
    });
  try {
    let entries: Entry[];
    try {
      entries = await readEntries(zip, limits.maxEntries);
    } catch (err) {
      if (err instanceof ArchiveError) throw err;
      refuse(`The zip archive is damaged (${(err as Error).message}).`);
    }

    const byName = checkEntries(entries, limits);

    const documentEntry = byName.get(EXPORT_DOCUMENT_PATH);
    if (!documentEntry)
      refuse(`This is not a Hanger export: ${EXPORT_DOCUMENT_PATH} is missing from the zip.`);
    if (documentEntry.uncompressedSize > limits.maxDocumentBytes)
      refuse(`${EXPORT_DOCUMENT_PATH} is larger than ${limits.maxDocumentBytes} bytes.`);
    const text = (await readEntry(zip, documentEntry, EXPORT_DOCUMENT_PATH)).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      refuse(`${EXPORT_DOCUMENT_PATH} is not valid JSON.`);
    }
    const parsed = parseExportDocument(json);
    if (!parsed.ok) refuse(parsed.problem);
    const document = parsed.document;

    const photoEntry = (photoPath: string): Entry => {
      const entry = byName.get(photoPath);
      if (!entry) refuse(`The photo ${photoPath} is missing from the zip.`);
      if (entry.uncompressedSize > limits.maxPhotoBytes)
        refuse(`The photo ${photoPath} is larger than ${limits.maxPhotoBytes} bytes.`);
      return entry;
    };
    const photoPaths = exportPhotoPaths(document);
    for (const photoPath of photoPaths) photoEntry(photoPath);
    if (options.checkPhotos) {
      for (const photoPath of photoPaths) {
        const bytes = await readEntry(zip, photoEntry(photoPath), photoPath);
        await checkPhoto(bytes, photoPath, limits.maxPixels);
      }
    }

    return {
      document,
      readPhoto: async (photoPath) => {
        const bytes = await readEntry(zip, photoEntry(photoPath), photoPath);
        // The preview decoded every header already and the bytes are the same (the entry's
        // CRC-32 is checked again): the type is checked from the bytes, and the photo step's own
        // checks (processImage, or keepOwnPhoto's parse and full decode) bound its pixels.
        await checkPhotoType(bytes, photoPath);
        return bytes;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

export interface OpenedPhotoZip {
  /** The photos' file names (the last part of each entry's name). */
  names: Set<string>;
  /** A photo's bytes by file name: checked against its CRC-32, its type from the bytes. */
  readPhoto(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A zip of photos sent beside a spreadsheet (docs/spreadsheet-import.md), with the export's
 * checks: entry names, counts and sizes (traversal, bombs). Photos are found by file name, so two
 * entries with the same file name in different folders are refused; folders, dot files and
 * macOS's __MACOSX copies are left out.
 */
export async function openPhotoZip(path: string, limits: ArchiveLimits): Promise<OpenedPhotoZip> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (err) {
    refuse(`The photos file is not a readable zip archive (${(err as Error).message}).`);
  }
  const close = () =>
    new Promise<void>((resolve) => {
      if (zip.isOpen) zip.close();
      resolve();
    });
  try {
    let entries: Entry[];
    try {
      entries = await readEntries(zip, limits.maxEntries);
    } catch (err) {
      if (err instanceof ArchiveError) throw err;
      refuse(`The zip archive is damaged (${(err as Error).message}).`);
    }
    const byName = checkEntries(entries, limits);
    const photos = new Map<string, { entry: Entry; path: string }>();
    for (const [path, entry] of byName) {
      if (path.endsWith('/') || path.startsWith('__MACOSX/')) continue;
      const name = path.slice(path.lastIndexOf('/') + 1);
      if (name.startsWith('.')) continue;
      if (photos.has(name))
        refuse(`The photos zip holds two files named ${name}; photos are found by file name.`);
      photos.set(name, { entry, path });
    }
    return {
      names: new Set(photos.keys()),
      readPhoto: async (name) => {
        const found = photos.get(name);
        if (!found) refuse(`The photo ${name} is missing from the zip.`);
        if (found.entry.uncompressedSize > limits.maxPhotoBytes)
          refuse(`The photo ${name} is larger than ${limits.maxPhotoBytes} bytes.`);
        const bytes = await readEntry(zip, found.entry, name);
        await checkPhotoType(bytes, name);
        return bytes;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
