import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import { verificationKeysOf } from './codes-secrets.ts';
import { decryptSeed, encryptSeed, generateTotpSeed } from './totp-crypto.ts';
import * as repository from './totp.repository.ts';

export type TotpContext = { db: Db; clock: Clock; config: Env };

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30 s steps (checklist 12). */
export const TOTP_PERIOD_SECONDS = 30;
// One step either way for clock drift between phone and server; never more.
const EPOCH_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export type TotpMember = { memberId: number; merchantId: number; username: string };

const keyOf = (config: Env): Buffer => verificationKeysOf(config).totpEncryption;

// otplib and qrcode (with its PNG encoder, some sixty files) serve the few members who use an
// app: they load on the first TOTP call rather than on every start.
const otplib = () => import('otplib');
const qrcode = () => import('qrcode');

export type TotpSetup = { secret: string; otpauthUrl: string; qrCodeDataUrl: string };

/**
 * Starts enrolment: a new seed, sealed and stored but not yet enabled, and the otpauth URL and
 * its QR code for the app. Refused once an app is enabled (TOTP_ALREADY_ENABLED).
 */
export const setupTotp = async (
  context: TotpContext,
  member: TotpMember,
  issuer: string,
): Promise<TotpSetup> => {
  const existing = await repository.findTotp(context.db, member.memberId);
  if (existing?.enabled_at) throw new AppError('TOTP_ALREADY_ENABLED');
  const secret = generateTotpSeed();
  await repository.saveTotpSeed(context.db, {
    memberId: member.memberId,
    merchantId: member.merchantId,
    ciphertext: encryptSeed(keyOf(context.config), member.memberId, secret),
    at: context.clock(),
  });
  const [{ generateURI }, { toDataURL }] = await Promise.all([otplib(), qrcode()]);
  const otpauthUrl = generateURI({
    issuer,
    label: member.username,
    secret,
    period: TOTP_PERIOD_SECONDS,
  });
  return { secret, otpauthUrl, qrCodeDataUrl: await toDataURL(otpauthUrl, { margin: 1 }) };
};

/**
 * Checks a code against the member's seed and spends its time step: a code of a step already
 * used (a replay inside the window) is refused, as is any code older than the last accepted.
 */
const acceptCode = async (
  context: TotpContext,
  memberId: number,
  row: repository.TotpRow,
  code: string,
  enableAt: Date | null,
): Promise<void> => {
  if (!/^[0-9]{6}$/.test(code)) throw new AppError('CODE_INVALID');
  const secret = decryptSeed(keyOf(context.config), memberId, row.secret_ciphertext);
  const { verify } = await otplib();
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(context.clock().getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(row.last_time_step === null ? {} : { afterTimeStep: Number(row.last_time_step) }),
  });
  if (!result.valid || !('timeStep' in result)) throw new AppError('CODE_INVALID');
  if (!(await repository.advanceTimeStep(context.db, memberId, result.timeStep, enableAt))) {
    throw new AppError('CODE_INVALID');
  }
};

/** Finishes enrolment with a first code from the app. */
export const enableTotp = async (
  context: TotpContext,
  member: TotpMember,
  code: string,
): Promise<void> => {
  const row = await repository.findTotp(context.db, member.memberId);
  if (!row) throw new AppError('TOTP_NOT_SET_UP');
  if (row.enabled_at) throw new AppError('TOTP_ALREADY_ENABLED');
  await acceptCode(context, member.memberId, row, code, context.clock());
};

export const isTotpEnabled = async (context: Pick<TotpContext, 'db'>, memberId: number) =>
  (await repository.findTotp(context.db, memberId))?.enabled_at != null;

/** A code from the member's enabled app, once (the second verification). CODE_INVALID otherwise. */
export const verifyTotpCode = async (
  context: TotpContext,
  memberId: number,
  code: string,
): Promise<void> => {
  const row = await repository.findTotp(context.db, memberId);
  if (!row?.enabled_at) throw new AppError('CODE_INVALID');
  await acceptCode(context, memberId, row, code, null);
};
