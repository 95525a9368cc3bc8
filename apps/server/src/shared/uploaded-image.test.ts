// Proves that proof images are judged by their bytes: real PNG and JPEG headers pass whatever
// they are called; text, truncated files, a PNG with a broken header checksum or absurd
// dimensions, and a JPEG without a frame header do not.
import { describe, expect, it } from 'vitest';
import { inspectProofImage } from './uploaded-image.ts';
import { jpegOf, pngOf } from '../testing/test-images.ts';

describe('inspectProofImage', () => {
  it('recognises a PNG and a JPEG by their content', () => {
    expect(inspectProofImage(pngOf())).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(inspectProofImage(jpegOf())).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
  });

  it('refuses text, empty and truncated files', () => {
    expect(inspectProofImage(Buffer.from('this is not an image, just a renamed .png'))).toBeNull();
    expect(inspectProofImage(Buffer.alloc(0))).toBeNull();
    expect(inspectProofImage(pngOf().subarray(0, 40))).toBeNull();
    expect(inspectProofImage(jpegOf().subarray(0, 10))).toBeNull();
  });

  it('refuses a PNG whose header checksum or dimensions are wrong', () => {
    const broken = pngOf();
    broken[20] = 0x7f;
    expect(inspectProofImage(broken)).toBeNull();
    expect(inspectProofImage(pngOf(0, 2))).toBeNull();
    expect(inspectProofImage(pngOf(50_000, 1))).toBeNull();
  });

  it('refuses a JPEG that starts its scan before any frame header', () => {
    const noFrame = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    ]);
    expect(inspectProofImage(noFrame)).toBeNull();
    expect(inspectProofImage(jpegOf(0, 16))).toBeNull();
  });
});
