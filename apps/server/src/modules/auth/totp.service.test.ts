// Proves the authenticator app (checklist 12): a CSPRNG seed stored only sealed with AES-GCM
// under the server key, an otpauth URL and QR code for enrolment, 30 s steps with one step of
// drift, and a code of a step already used (a replay inside the window) refused.
import type { ErrorCode } from '@lanna/contract';
import { generate } from 'otplib';
import { beforeEach, describe, expect, it } from 'vitest';
import { isAppError } from '../../shared/app-error.ts';
import { movableClock, testEnv } from '../../testing/index.ts';
import { verificationKeysOf } from './codes-secrets.ts';
import { newContactMember } from '../../testing/factories/members.ts';
import { merchantIdOf } from '../../testing/factories/merchants.ts';
import { decryptSeed, encryptSeed, generateTotpSeed, toBase32 } from './totp-crypto.ts';
import { enableTotp, setupTotp, verifyTotpCode, type TotpMember } from './totp.service.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const clock = movableClock('2026-06-01T00:00:10.000Z');
let member: TotpMember;
let count = 0;
const world = useTestApp({ clock });

beforeEach(async () => {
  count += 1;
  clock.set('2026-06-01T00:00:10.000Z');
  const username = `totp_member_${count}`;
  const memberId = await newContactMember(world.db, { merchantCode: 'lanna', username });
  member = { memberId, merchantId: await merchantIdOf(world.db, 'lanna'), username };
});

const codeAt = (secret: string, iso: string): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.parse(iso) / 1000) });

const outcome = async (work: Promise<unknown>): Promise<ErrorCode | 'OK'> => {
  try {
    await work;
    return 'OK';
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
};

describe('seed sealing', () => {
  const key = verificationKeysOf(testEnv()).totpEncryption;

  it('encodes base32 as RFC 4648 does', () => {
    expect(toBase32(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('opens only for the same member and key', () => {
    const seed = generateTotpSeed();
    expect(seed).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = encryptSeed(key, 7, seed);
    expect(sealed).not.toContain(seed);
    expect(decryptSeed(key, 7, sealed)).toBe(seed);
    expect(() => decryptSeed(key, 8, sealed)).toThrow();
    expect(() => decryptSeed(Buffer.alloc(32, 1), 7, sealed)).toThrow();
  });
});

describe('enrolment', () => {
  it('returns an otpauth URL and a QR code, and stores the seed sealed', async () => {
    const setup = await setupTotp(world.app, member, 'Lanna');
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Lanna:totp_member_\d+\?/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const row = await world.db.one<{ secret_ciphertext: string; enabled_at: Date | null }>(
      'SELECT secret_ciphertext, enabled_at FROM member_totp WHERE member_id = $1',
      [member.memberId],
    );
    expect(row.secret_ciphertext).not.toContain(setup.secret);
    expect(row.enabled_at).toBeNull();
  });

  it('enables with a code from the world.app, once', async () => {
    const { secret } = await setupTotp(world.app, member, 'Lanna');
    const code = await codeAt(secret, '2026-06-01T00:00:10.000Z');
    expect(
      await outcome(enableTotp(world.app, member, code === '000000' ? '000001' : '000000')),
    ).toBe('CODE_INVALID');
    expect(await outcome(enableTotp(world.app, member, 'abc'))).toBe('CODE_INVALID');
    expect(
      await outcome(
        enableTotp(world.app, member, await codeAt(secret, '2026-06-01T00:00:10.000Z')),
      ),
    ).toBe('OK');
    expect(await outcome(setupTotp(world.app, member, 'Lanna'))).toBe('TOTP_ALREADY_ENABLED');
    expect(await outcome(enableTotp(world.app, member, '123456'))).toBe('TOTP_ALREADY_ENABLED');
  });

  it('cannot enable before a setup', async () => {
    expect(await outcome(enableTotp(world.app, member, '123456'))).toBe('TOTP_NOT_SET_UP');
  });
});

describe('verifyTotpCode', () => {
  const enabled = async (): Promise<string> => {
    const { secret } = await setupTotp(world.app, member, 'Lanna');
    await enableTotp(world.app, member, await codeAt(secret, '2026-06-01T00:00:10.000Z'));
    return secret;
  };

  it('refuses a replay of a code inside its window', async () => {
    const secret = await enabled();
    clock.set('2026-06-01T00:00:35.000Z');
    const code = await codeAt(secret, '2026-06-01T00:00:35.000Z');
    expect(await outcome(verifyTotpCode(world.app, member.memberId, code))).toBe('OK');
    clock.set('2026-06-01T00:00:40.000Z');
    expect(await outcome(verifyTotpCode(world.app, member.memberId, code))).toBe('CODE_INVALID');
  });

  it('refuses the enrolment code again, and any code older than the last used', async () => {
    const secret = await enabled();
    expect(
      await outcome(
        verifyTotpCode(
          world.app,
          member.memberId,
          await codeAt(secret, '2026-06-01T00:00:10.000Z'),
        ),
      ),
    ).toBe('CODE_INVALID');
  });

  it('allows one step of clock drift, not two', async () => {
    const secret = await enabled();
    clock.set('2026-06-01T00:01:35.000Z');
    expect(
      await outcome(
        verifyTotpCode(
          world.app,
          member.memberId,
          await codeAt(secret, '2026-06-01T00:00:35.000Z'),
        ),
      ),
    ).toBe('CODE_INVALID');
    expect(
      await outcome(
        verifyTotpCode(
          world.app,
          member.memberId,
          await codeAt(secret, '2026-06-01T00:01:05.000Z'),
        ),
      ),
    ).toBe('OK');
  });

  it('refuses any code for a member without an enabled app', async () => {
    await setupTotp(world.app, member, 'Lanna');
    expect(await outcome(verifyTotpCode(world.app, member.memberId, '123456'))).toBe(
      'CODE_INVALID',
    );
  });
});
