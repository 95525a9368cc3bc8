import type { HumanChallenge, HumanVerification } from './human-challenge.ts';

// The contract compiles without DOM or Node types; these are the WebCrypto members used,
// present in every browser and in Node 24 as globals.
type WebGlobals = {
  crypto: { subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> } };
  TextEncoder: new () => { encode(text: string): Uint8Array };
  btoa(binary: string): string;
};
const web = (): WebGlobals => globalThis as unknown as WebGlobals;

// Digests run in batches: WebCrypto is asynchronous, and awaiting one hash at a time would
// spend most of the time in the event loop.
const BATCH = 512;

const toHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The `proof` field for a found number (base64 of the ALTCHA-shaped JSON). */
export const encodeHumanProof = (challenge: HumanChallenge, number: number): HumanVerification => {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  // JSON of hex, digits and the salt's ASCII: every character is one byte, so btoa is safe.
  return { proof: web().btoa(json) };
};

/**
 * Solves a challenge from `GET /wps/human/challenge` with WebCrypto (browser or Node 24): tries
 * 0..maxNumber and returns the fields to send. `signal` aborts a solve the user walked away from.
 * Rejects if no number matches (a challenge that was not the server's).
 */
export const solveHumanChallenge = async (
  challenge: HumanChallenge,
  options: { signal?: { aborted: boolean } } = {},
): Promise<HumanVerification> => {
  const { crypto, TextEncoder: Encoder } = web();
  const encoder = new Encoder();
  for (let start = 0; start <= challenge.maxNumber; start += BATCH) {
    if (options.signal?.aborted) throw new Error('human check aborted');
    const end = Math.min(start + BATCH - 1, challenge.maxNumber);
    const numbers = Array.from({ length: end - start + 1 }, (_, index) => start + index);
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`))),
    );
    const found = hashes.findIndex((hash) => toHex(hash) === challenge.challenge);
    if (found >= 0) return encodeHumanProof(challenge, start + found);
  }
  throw new Error('human check challenge has no solution');
};
