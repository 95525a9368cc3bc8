// Proves the contract's browser solver (tested here, where Node's types are): with WebCrypto it
// finds the number behind a challenge and encodes the proof as the server reads it, and it gives
// up on a challenge with no solution or when aborted.
import { createHash } from 'node:crypto';
import { solveHumanChallenge, type HumanChallenge } from '@lanna/contract';
import { describe, expect, it } from 'vitest';

const challengeFor = (number: number, maxNumber: number): HumanChallenge => {
  const salt = `0123456789abcdef01234567?expires=${Math.floor(Date.now() / 1000) + 600}`;
  return {
    algorithm: 'SHA-256',
    challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
    salt,
    maxNumber,
    signature: 'f'.repeat(64),
    expiresAt: new Date(Date.now() + 600_000).toISOString(),
  };
};

describe('solveHumanChallenge', () => {
  it('finds the number and encodes the proof', async () => {
    const challenge = challengeFor(1234, 2000);
    const { proof } = await solveHumanChallenge(challenge);
    expect(JSON.parse(Buffer.from(proof, 'base64').toString('utf8'))).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });

  it('rejects a challenge whose number is out of range', async () => {
    await expect(solveHumanChallenge(challengeFor(900, 100))).rejects.toThrow('no solution');
  });

  it('stops when aborted', async () => {
    await expect(
      solveHumanChallenge(challengeFor(5, 100), { signal: { aborted: true } }),
    ).rejects.toThrow('aborted');
  });
});
