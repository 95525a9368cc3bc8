import { crc32 } from 'node:zlib';
import { AppError } from './app-error.ts';

/**
 * Uploaded images (withdrawal proofs, feedback and activity application images) are judged by their bytes (spec sections
 * 5 and 9: png or jpg), never by a file name or a declared type: a PNG must have its signature,
 * a well-formed IHDR chunk with a matching CRC and an IEND trailer; a JPEG its SOI marker and,
 * before any scan, a frame header with sensible dimensions. Anything else is not an image we
 * keep.
 */
export type ProofImageKind = { contentType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
// Bit depths each PNG colour type allows (PNG spec, IHDR).
const PNG_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
// Larger than any photo or screenshot; a header claiming more is not a proof image.
const MAX_SIDE = 20_000;

const sensible = (width: number, height: number): boolean =>
  width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE;

const isPng = (bytes: Buffer): boolean => {
  if (bytes.length < 8 + 25 + PNG_IEND.length) return false;
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const depth = bytes[24] ?? -1;
  const colour = bytes[25] ?? -1;
  const [compression, filter, interlace] = [bytes[26], bytes[27], bytes[28]];
  if (!sensible(width, height) || !PNG_DEPTHS[colour]?.includes(depth)) return false;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return false;
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) return false;
  return bytes.subarray(bytes.length - PNG_IEND.length).equals(PNG_IEND);
};

// Start-of-frame markers: baseline, extended, progressive and lossless, Huffman or arithmetic
// (C4, C8 and CC are other tables, not frames).
const JPEG_FRAMES = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
const JPEG_START_OF_SCAN = 0xda;
const JPEG_END = 0xd9;
// Segments a frame header may follow; a real file has a handful.
const MAX_SEGMENTS = 256;

const isJpeg = (bytes: Buffer): boolean => {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return false;
  let offset = 2;
  for (let segment = 0; segment < MAX_SEGMENTS && offset + 4 <= bytes.length; segment += 1) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes: any number of 0xFF may pad before a marker.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === JPEG_START_OF_SCAN || marker === JPEG_END) return false;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2 || offset + 2 + length > bytes.length) return false;
    if (JPEG_FRAMES.has(marker)) {
      if (length < 8) return false;
      const precision = bytes[offset + 4];
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      const components = bytes[offset + 9] ?? 0;
      return (
        (precision === 8 || precision === 12 || precision === 16) &&
        sensible(width, height) &&
        [1, 3, 4].includes(components)
      );
    }
    offset += 2 + length;
  }
  return false;
};

/** An uploaded image judged by its bytes: its type and the base64 it came as. */
export type CheckedImage = { contentType: ProofImageKind['contentType']; base64: string };

/**
 * Every image must be a PNG or JPEG by its bytes, whatever its name said; one that is not
 * refuses the whole request (IMAGE_INVALID, at `<path>.<index>`).
 */
export const checkUploadedImages = (images: readonly string[], path: string): CheckedImage[] =>
  images.map((base64, index) => {
    const kind = inspectProofImage(Buffer.from(base64, 'base64'));
    if (!kind)
      throw new AppError('IMAGE_INVALID', {
        issues: [{ path: `${path}.${index}`, message: 'not a PNG or JPEG image' }],
      });
    return { contentType: kind.contentType, base64 };
  });

/** What the bytes are, or null when they are neither a PNG nor a JPEG. */
export const inspectProofImage = (bytes: Buffer): ProofImageKind | null => {
  if (isPng(bytes)) return { contentType: 'image/png', extension: 'png' };
  if (isJpeg(bytes)) return { contentType: 'image/jpeg', extension: 'jpg' };
  return null;
};
