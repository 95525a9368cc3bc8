// Proves the payment password: set once with the sign-in password, changed with the old one,
// verified; stored as argon2id; sealed on the wire; wrong attempts lock it for a while (the
// lock doubles) and a lock always ends; trial members are refused.
import { PaymentPasswordStatusSchema } from '@lanna/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { movableClock } from '../../testing/index.ts';
import {
  MEMBER_PASSWORD,
  newSignedInMember,
  signInAgain,
  type SignedInMember,
} from '../../testing/factories/members.ts';
import { PIN, setPin } from '../../testing/factories/withdrawals.ts';
import { codeOf, getAs, sealedAs, valueOf } from '../../testing/requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const clock = movableClock('2026-06-01T05:00:00.000Z');
const db = () => world.db;
const URL = '/wps/payments/payment-password';
const world = useTestApp({ clock });

beforeEach(() => clock.set('2026-06-01T05:00:00.000Z'));

const verify = (member: SignedInMember, paymentPassword: string) =>
  sealedAs(world.app, member, 'POST', `${URL}/verify`, { paymentPassword });

const status = async (member: SignedInMember) =>
  valueOf(await getAs(world.app, member, URL), PaymentPasswordStatusSchema);

describe('payment password', () => {
  it('is set once with the sign-in password and kept as an argon2id hash', async () => {
    const member = await newSignedInMember(world.app, db());
    expect(await status(member)).toEqual({ isSet: false, lockedUntil: null });
    const wrongLogin = await sealedAs(world.app, member, 'POST', URL, {
      loginPassword: 'not-it',
      newPaymentPassword: PIN,
      confirmPaymentPassword: PIN,
    });
    expect(codeOf(wrongLogin)).toBe('LOGIN_PASSWORD_WRONG');
    const mismatch = await sealedAs(world.app, member, 'POST', URL, {
      loginPassword: MEMBER_PASSWORD,
      newPaymentPassword: PIN,
      confirmPaymentPassword: '999999',
    });
    expect(codeOf(mismatch)).toBe('PASSWORD_MISMATCH');
    const letters = await sealedAs(world.app, member, 'POST', URL, {
      loginPassword: MEMBER_PASSWORD,
      newPaymentPassword: 'abcdef',
      confirmPaymentPassword: 'abcdef',
    });
    expect(codeOf(letters)).toBe('VALIDATION_FAILED');
    await setPin(world.app, member);
    expect(await status(member)).toEqual({ isSet: true, lockedUntil: null });
    const again = await sealedAs(world.app, member, 'POST', URL, {
      loginPassword: MEMBER_PASSWORD,
      newPaymentPassword: '246802',
      confirmPaymentPassword: '246802',
    });
    expect(codeOf(again)).toBe('PAYMENT_PASSWORD_ALREADY_SET');
    const row = await db().one<{ payment_password_hash: string }>(
      'SELECT payment_password_hash FROM member_profiles WHERE member_id = $1',
      [member.memberId],
    );
    expect(row.payment_password_hash).toMatch(/^\$argon2id\$/);
    expect((await verify(member, PIN)).json()).toMatchObject({ value: { verified: true } });
  });

  it('is changed with the old payment password', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    const change = (oldPaymentPassword: string, newPaymentPassword: string) =>
      sealedAs(world.app, member, 'PUT', URL, {
        oldPaymentPassword,
        newPaymentPassword,
        confirmPaymentPassword: newPaymentPassword,
      });
    expect(codeOf(await change('000000', '246802'))).toBe('PAYMENT_PASSWORD_WRONG');
    expect(codeOf(await change(PIN, PIN))).toBe('PASSWORD_UNCHANGED');
    expect((await change(PIN, '246802')).statusCode).toBe(200);
    expect(codeOf(await verify(member, PIN))).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await verify(member, '246802')).statusCode).toBe(200);
    const unset = await newSignedInMember(world.app, db());
    const noPin = await sealedAs(world.app, unset, 'PUT', URL, {
      oldPaymentPassword: PIN,
      newPaymentPassword: '246802',
      confirmPaymentPassword: '246802',
    });
    expect(codeOf(noPin)).toBe('PAYMENT_PASSWORD_NOT_SET');
  });

  it('locks after five wrong attempts for 15 minutes, then 30, and never for good', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect(codeOf(await verify(member, '000000')), `attempt ${attempt}`).toBe(
        'PAYMENT_PASSWORD_WRONG',
      );
    const fifth = await verify(member, '000000');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({
      code: 'PAYMENT_PASSWORD_LOCKED',
      value: { retryAfterSeconds: 900 },
    });
    // Even the right password waits: guessing cannot go on during the lock.
    expect(codeOf(await verify(member, PIN))).toBe('PAYMENT_PASSWORD_LOCKED');
    expect(await status(member)).toEqual({ isSet: true, lockedUntil: '2026-06-01T05:15:00.000Z' });
    clock.set('2026-06-01T05:15:01.000Z');
    await signInAgain(world.app, db(), member);
    for (let attempt = 1; attempt <= 4; attempt += 1) await verify(member, '000000');
    const second = await verify(member, '000000');
    expect(second.json()).toMatchObject({ value: { retryAfterSeconds: 1800 } });
    clock.set('2026-06-01T05:45:02.000Z');
    await signInAgain(world.app, db(), member);
    expect((await verify(member, PIN)).statusCode).toBe(200);
    // A right password clears the count: the next lock is 15 minutes again.
    for (let attempt = 1; attempt <= 5; attempt += 1) await verify(member, '000000');
    expect(await status(member)).toEqual({ isSet: true, lockedUntil: '2026-06-01T06:00:02.000Z' });
  });

  it('counts parallel guesses one by one', async () => {
    const member = await newSignedInMember(world.app, db());
    await setPin(world.app, member);
    const responses = await Promise.all(Array.from({ length: 8 }, () => verify(member, '000000')));
    const codes = responses.map(codeOf);
    expect(codes.filter((code) => code === 'PAYMENT_PASSWORD_WRONG')).toHaveLength(4);
    expect(codes.filter((code) => code === 'PAYMENT_PASSWORD_LOCKED')).toHaveLength(4);
  });

  it('refuses clear text and trial members', async () => {
    const member = await newSignedInMember(world.app, db());
    const clear = await world.app.inject({
      method: 'POST',
      url: `${URL}/verify`,
      headers: { host: member.host, authorization: `Bearer ${member.token}` },
      payload: { paymentPassword: PIN },
    });
    expect(codeOf(clear)).toBe('PAYLOAD_ENCRYPTION_REQUIRED');
    const trial = await newSignedInMember(world.app, db(), { type: 4 });
    expect(codeOf(await getAs(world.app, trial, URL))).toBe('TRIAL_ACCOUNT_FORBIDDEN');
    expect(codeOf(await verify(trial, PIN))).toBe('TRIAL_ACCOUNT_FORBIDDEN');
  });
});
