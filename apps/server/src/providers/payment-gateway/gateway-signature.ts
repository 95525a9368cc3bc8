import { createHmac, timingSafeEqual } from 'node:crypto';
import { signedText } from '@lanna/contract';

/** The protocol's signature: hex HMAC-SHA256 of the sorted `key=value` text of the fields. */
export const signFields = (fields: Readonly<Record<string, string>>, secret: string): string =>
  createHmac('sha256', secret).update(signedText(fields), 'utf8').digest('hex');

/** Adds the signature to the fields, as a sender does. */
export const withSignature = <T extends Record<string, string>>(
  fields: T,
  secret: string,
): T & { signature: string } => ({ ...fields, signature: signFields(fields, secret) });

/**
 * True when `fields.signature` is the signature of the other fields. Compared in constant
 * time, so the answer's timing tells a forger nothing about how close a guess came.
 */
export const hasValidSignature = (
  fields: Readonly<Record<string, string>>,
  secret: string,
): boolean => {
  const given = fields.signature;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(signFields(fields, secret), 'hex'), Buffer.from(given, 'hex'));
};

/** Seconds since the epoch, as the protocol's timestamp. */
export const unixTimestamp = (now: Date): string => String(Math.floor(now.getTime() / 1000));
