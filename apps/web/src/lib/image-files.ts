import { PROOF_IMAGE_MAX_BYTES } from '@lanna/contract';

/**
 * The server's upload rules for images (withdrawal proofs, feedback; spec section 9), checked
 * before uploading so the member hears at once (the server checks again): PNG or JPEG by their
 * first bytes, never by name or declared type, up to 5 MB each, as many as the caller allows
 * (PROOF_IMAGE_MAX_COUNT for both uploads).
 */
export type ProofFileProblem = 'type' | 'size' | 'count';

export type ProofFile = { name: string; base64: string; previewUrl: string };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean =>
  signature.every((byte, index) => bytes[index] === byte);

export const proofImageType = (bytes: Uint8Array): 'image/png' | 'image/jpeg' | null => {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  return null;
};

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list small on 5 MB files.
  for (let offset = 0; offset < bytes.length; offset += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
};

/**
 * Reads the chosen files after those already picked, `max` in all: each is judged by its bytes
 * and size; the first problem stops the reading and nothing of that choice is kept.
 */
export const readProofFiles = async (
  files: readonly File[],
  alreadyPicked: number,
  max: number,
): Promise<{ ok: true; files: ProofFile[] } | { ok: false; problem: ProofFileProblem }> => {
  if (alreadyPicked + files.length > max) return { ok: false, problem: 'count' };
  const read: ProofFile[] = [];
  for (const file of files) {
    if (file.size > PROOF_IMAGE_MAX_BYTES) return { ok: false, problem: 'size' };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = proofImageType(bytes);
    if (!type) return { ok: false, problem: 'type' };
    const base64 = toBase64(bytes);
    read.push({ name: file.name, base64, previewUrl: `data:${type};base64,${base64}` });
  }
  return { ok: true, files: read };
};
