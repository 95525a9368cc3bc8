/**
 * Provably fair draws, shared by the vendor (which plays) and the browser (which verifies):
 * the bytes of a round are HMAC-SHA256 keyed with the server seed over
 * `<clientSeed>:<nonce>:<block>` for block 0, 1, 2, ... and are read as big-endian 32-bit
 * words. Nothing else goes in: not the stake, not the player, not earlier rounds.
 */

/** HMAC-SHA256(key, message) of UTF-8 texts: node:crypto on the server, WebCrypto in a browser. */
export type Hmac = (key: string, message: string) => Promise<Uint8Array>;

/** Enough words for any game here; running out means a bug, not bad luck (see uniformInt). */
const MAX_BLOCKS = 8;

/** The first `blocks` blocks of a round (a game that needs few words computes few). */
export const roundBytes = async (
  hmac: Hmac,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  blocks = MAX_BLOCKS,
): Promise<Uint8Array> => {
  const parts = await Promise.all(
    Array.from({ length: Math.min(blocks, MAX_BLOCKS) }, (_, block) =>
      hmac(seeds.serverSeed, `${seeds.clientSeed}:${seeds.nonce}:${block}`),
    ),
  );
  const bytes = new Uint8Array(parts.length * 32);
  parts.forEach((block, index) => bytes.set(block, index * 32));
  return bytes;
};

export type Draws = {
  /** A uniform integer in [0, n), by rejection: words at or above the largest multiple of n are skipped, so no value is favoured. */
  uniformInt(n: number): number;
};

const TWO_POW_32 = 2 ** 32;

export const drawsFrom = (bytes: Uint8Array): Draws => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 0;
  return {
    uniformInt(n) {
      if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`range ${n}`);
      const limit = TWO_POW_32 - (TWO_POW_32 % n);
      while (offset + 4 <= bytes.length) {
        const word = view.getUint32(offset);
        offset += 4;
        if (word < limit) return word % n;
      }
      // Each word is rejected with probability below n / 2^32: never for these games.
      throw new Error('the round ran out of random words');
    },
  };
};

/** Fisher-Yates with uniform draws: every order equally likely. */
export const shuffle = <T>(items: readonly T[], draws: Draws): T[] => {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = draws.uniformInt(index + 1);
    [result[index], result[other]] = [result[other] as T, result[index] as T];
  }
  return result;
};

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** WebCrypto HMAC and SHA-256, for the browser's verify page (and available in Node). */
export const webHmac: Hmac = async (key, message) => {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(message)));
};

export const webSha256Hex = async (text: string): Promise<string> =>
  toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
