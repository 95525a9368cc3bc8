import type { OutboxSms } from '@lanna/contract';
import { generate } from 'otplib';
import { expect, inject } from 'vitest';
import type { ReceivedMail } from './mail-sink.ts';

/** The 6-digit code in a message, or '' when there is none. */
const codeIn = (text: string): string => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** `0812345678` as the server addresses it with the merchants' +66 (E.164). */
export const thaiE164 = (mobile: string): string => `+66${mobile.replace(/^0+/, '')}`;

const findSms = async (merchantCode: string, to: string): Promise<OutboxSms[]> => {
  const query = new URLSearchParams({ merchantCode, to });
  const response = await fetch(`${inject('baseUrl')}/ops/outbox/sms?${query}`, {
    headers: { authorization: `Bearer ${inject('operatorKey')}` },
  });
  if (!response.ok) throw new Error(`ops outbox failed: ${response.status}`);
  return ((await response.json()) as { value: { messages: OutboxSms[] } }).value.messages;
};

/**
 * The code of the newest SMS to `to` (E.164) in the local outbox, read with the operator key as
 * an operator's tool would; waits for the background delivery.
 */
export const smsCode = async (merchantCode: string, to: string): Promise<string> => {
  let code = '';
  await expect
    .poll(async () => {
      code = codeIn((await findSms(merchantCode, to))[0]?.body ?? '');
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
};

/** The text of a message: the part after the headers, with quoted-printable soft breaks joined. */
const bodyOf = (raw: string): string =>
  raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r\n/g, '');

/** The messages the local SMTP server has received for `to`, oldest first. */
export const receivedMail = async (to: string): Promise<ReceivedMail[]> => {
  const response = await fetch(`${inject('inboxUrl')}?to=${encodeURIComponent(to)}`);
  return (await response.json()) as ReceivedMail[];
};

/** The newest message to `to` at the local SMTP server and the code in its text. */
export const mailCode = async (to: string): Promise<{ mail: ReceivedMail; code: string }> => {
  let mail: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      mail = (await receivedMail(to)).at(-1);
      return codeIn(mail ? bodyOf(mail.raw) : '');
    })
    .toMatch(/^\d{6}$/);
  if (!mail) throw new Error(`no mail to ${to}`);
  return { mail, code: codeIn(bodyOf(mail.raw)) };
};

/**
 * An authenticator app's code for `secret` at `at` (ms), with the library and settings the
 * server verifies with (RFC 6238: SHA-1, 6 digits, 30 s steps).
 */
export const totpCode = (secret: string, at = Date.now()): Promise<string> =>
  generate({ secret, period: 30, epoch: Math.floor(at / 1000) });
