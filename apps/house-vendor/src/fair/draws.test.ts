import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeHmac, sha256Hex } from './seeds.ts';
import { drawsFrom, roundBytes, shuffle, webHmac, webSha256Hex } from './draws.ts';

const wordsToBytes = (words: number[]) => {
  const bytes = new Uint8Array(words.length * 4);
  const view = new DataView(bytes.buffer);
  words.forEach((word, index) => view.setUint32(index * 4, word));
  return bytes;
};

describe('provably fair draws', () => {
  it('derives block n as HMAC-SHA256(serverSeed, "clientSeed:nonce:n")', async () => {
    const seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'player-seed', nonce: 7 };
    const bytes = await roundBytes(nodeHmac, seeds);
    const block0 = createHmac('sha256', seeds.serverSeed).update('player-seed:7:0').digest();
    const block3 = createHmac('sha256', seeds.serverSeed).update('player-seed:7:3').digest();
    expect(Buffer.from(bytes.subarray(0, 32)).equals(block0)).toBe(true);
    expect(Buffer.from(bytes.subarray(96, 128)).equals(block3)).toBe(true);
  });

  it('gives the browser the same bytes and hash as the vendor', async () => {
    const seeds = { serverSeed: 'f00d'.repeat(16), clientSeed: 'x', nonce: 0 };
    expect(await roundBytes(webHmac, seeds)).toEqual(await roundBytes(nodeHmac, seeds));
    expect(await webSha256Hex('seed')).toBe(sha256Hex('seed'));
  });

  it('changes every outcome byte when only the nonce or the client seed changes', async () => {
    const base = { serverSeed: 's', clientSeed: 'c', nonce: 1 };
    const first = await roundBytes(nodeHmac, base);
    expect(await roundBytes(nodeHmac, { ...base, nonce: 2 })).not.toEqual(first);
    expect(await roundBytes(nodeHmac, { ...base, clientSeed: 'd' })).not.toEqual(first);
  });

  it('maps words to [0, n) and skips the biased top of the word range', () => {
    // n = 3: 2^32 mod 3 = 1, so the single word 2^32 - 1 would favour 0 and must be skipped.
    const draws = drawsFrom(wordsToBytes([0xffffffff, 5, 0xfffffffe]));
    expect(draws.uniformInt(3)).toBe(2);
    expect(draws.uniformInt(3)).toBe(0xfffffffe % 3);
    expect(() => draws.uniformInt(3)).toThrow('ran out');
  });

  it('keeps a power-of-two range exact: every word maps, none skipped', () => {
    const draws = drawsFrom(wordsToBytes([0xffffffff, 31, 32]));
    expect([draws.uniformInt(32), draws.uniformInt(32), draws.uniformInt(32)]).toEqual([31, 31, 0]);
  });

  it('refuses a range that is not a positive whole number', () => {
    const draws = drawsFrom(wordsToBytes([1]));
    expect(() => draws.uniformInt(0)).toThrow(RangeError);
    expect(() => draws.uniformInt(2.5)).toThrow(RangeError);
  });

  it('shuffles into a permutation of the same items', async () => {
    const draws = drawsFrom(
      await roundBytes(nodeHmac, { serverSeed: 'k', clientSeed: 'c', nonce: 9 }),
    );
    const items = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect([...shuffle(items, draws)].sort()).toEqual(items);
  });
});
