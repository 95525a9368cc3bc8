import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Captcha } from '@lanna/contract';
import type { Db } from '../../db/client.ts';
import * as repository from './captcha.repository.ts';

const TTL_MS = 2 * 60_000;
const SIZE = 5;
// No 0/O, 1/l/I: a person must be able to read it.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type Render = (text: string, options: Record<string, unknown>) => string;

/**
 * svg-captcha renders the text we give it; the text itself comes from the CSPRNG. It loads its
 * font when imported, so it is imported on the first captcha rather than on every start.
 */
let renderer: Promise<Render> | null = null;
const loadRenderer = (): Promise<Render> => {
  renderer ??= import('svg-captcha').then(
    (module) => (module as unknown as { default: Render }).default,
  );
  return renderer;
};

export const randomCaptchaText = (): string =>
  Array.from({ length: SIZE }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

const answerHash = (id: string, answer: string): string =>
  createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest('hex');

export type CaptchaOptions = { text: () => string };

/**
 * A new captcha (spec section 7, GET /wps/captcha): an SVG image of a random text, of which only
 * a hash is kept; it answers once, within 2 minutes. An address asking too often
 * is refused before it gets here (CAPTCHA_PER_IP_PER_MINUTE, plugins/rate-limit.ts).
 */
export const createCaptcha = async (
  db: Db,
  options: CaptchaOptions,
  input: { merchantId: number; ip: string; now: Date },
): Promise<Captcha> => {
  await repository.deleteExpiredCaptchas(db, new Date(input.now.getTime() - 86_400_000));
  const id = randomUUID();
  const text = options.text();
  const expiresAt = new Date(input.now.getTime() + TTL_MS);
  await repository.insertCaptcha(db, {
    id,
    merchantId: input.merchantId,
    answerHash: answerHash(id, text),
    ip: input.ip,
    now: input.now,
    expiresAt,
  });
  const render = await loadRenderer();
  const svg = render(text, {
    noise: 2,
    color: true,
    background: '#f4f4f5',
    width: 150,
    height: 50,
  });
  return {
    captchaId: id,
    image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresAt: expiresAt.toISOString(),
  };
};

/** Uses up the captcha (right or wrong: single use) and says whether the answer was right. */
export const checkCaptcha = async (
  db: Db,
  input: {
    merchantId: number;
    captchaId: string | undefined;
    answer: string | undefined;
    now: Date;
  },
): Promise<boolean> => {
  if (!input.captchaId || !input.answer) return false;
  const row = await repository.useCaptcha(db, input.merchantId, input.captchaId, input.now);
  if (!row || row.expires_at <= input.now) return false;
  const given = Buffer.from(answerHash(input.captchaId, input.answer), 'hex');
  return timingSafeEqual(given, Buffer.from(row.answer_hash, 'hex'));
};
