import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  constants,
  type KeyObject,
} from 'node:crypto';
import {
  PAYLOAD_ALGORITHM,
  SealedEnvelopeSchema,
  type EncryptedPayload,
  type SessionKey,
} from '@lanna/contract';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { AppError } from '../shared/app-error.ts';
import type { Clock } from '../shared/clock.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Sealed payloads (checklist 38): the public key to publish, and the opener. */
    payloadCrypto: PayloadCrypto;
  }
}

export type PayloadCrypto = {
  publicKey: () => SessionKey;
  /** Opens a sealed body: its payload, once; a replay, a stale or a tampered one is refused. */
  open: (sealed: EncryptedPayload) => Promise<unknown>;
};

type KeyPair = { keyId: string; privateKey: KeyObject; spkiBase64: string };

const AES_KEY_BYTES = 32;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

const keyPairOf = (privateKey: KeyObject): KeyPair => {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    keyId: createHash('sha256').update(spki).digest('base64url').slice(0, 22),
    privateKey,
    spkiBase64: spki.toString('base64'),
  };
};

// One generated key per process when none is configured: every app a test builds shares it,
// and RSA key generation (tens of milliseconds) happens once.
let generated: KeyPair | null = null;
const generatedKeyPair = (): KeyPair => {
  generated ??= keyPairOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
  return generated;
};

const unwrapKey = (pair: KeyPair, wrapped: Buffer): Buffer => {
  try {
    return privateDecrypt(
      { key: pair.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrapped,
    );
  } catch (cause) {
    throw new AppError('PAYLOAD_INVALID', { cause });
  }
};

const decrypt = (pair: KeyPair, sealed: EncryptedPayload): string => {
  const aesKey = unwrapKey(pair, Buffer.from(sealed.key, 'base64'));
  const iv = Buffer.from(sealed.iv, 'base64');
  const data = Buffer.from(sealed.ciphertext, 'base64');
  if (aesKey.length !== AES_KEY_BYTES || iv.length !== GCM_IV_BYTES || data.length <= GCM_TAG_BYTES)
    throw new AppError('PAYLOAD_INVALID');
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv, { authTagLength: GCM_TAG_BYTES });
    decipher.setAAD(Buffer.from(sealed.keyId, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch (cause) {
    throw new AppError('PAYLOAD_INVALID', { cause });
  }
};

const parseEnvelope = (text: string) => {
  try {
    const parsed = SealedEnvelopeSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the refusal below
  }
  throw new AppError('PAYLOAD_INVALID');
};

/**
 * Records the nonce until its timestamp leaves the window; a second use of it is a replay.
 * The table is shared by every node, so a replay to another node is refused too.
 */
const claimNonce = async (db: Db, nonce: string, expiresAt: Date, now: Date): Promise<void> => {
  await db.query('DELETE FROM payload_nonces WHERE expires_at < $1', [now]);
  const claimed = await db.query(
    `INSERT INTO payload_nonces (nonce, expires_at) VALUES ($1, $2)
     ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
    [nonce, expiresAt],
  );
  if (claimed.length === 0) throw new AppError('PAYLOAD_REPLAYED');
};

export const createPayloadCrypto = (options: {
  db: Db;
  clock: Clock;
  privateKeyPem: string | undefined;
  maxAgeSeconds: number;
}): PayloadCrypto => {
  // A configured key is read now, so a bad one stops the start; a generated one is made on first
  // use, which keeps RSA key generation off the start of every process.
  const configured = options.privateKeyPem
    ? keyPairOf(createPrivateKey(options.privateKeyPem))
    : null;
  const keyPair = (): KeyPair => configured ?? generatedKeyPair();
  const maxAgeMs = options.maxAgeSeconds * 1000;
  return {
    publicKey: () => {
      const pair = keyPair();
      return {
        keyId: pair.keyId,
        algorithm: PAYLOAD_ALGORITHM,
        publicKey: pair.spkiBase64,
        serverTime: options.clock().toISOString(),
      };
    },
    open: async (sealed) => {
      const pair = keyPair();
      if (sealed.keyId !== pair.keyId) throw new AppError('PAYLOAD_KEY_UNKNOWN');
      const envelope = parseEnvelope(decrypt(pair, sealed));
      const now = options.clock();
      if (Math.abs(now.getTime() - envelope.timestamp) > maxAgeMs)
        throw new AppError('PAYLOAD_EXPIRED');
      const expiresAt = new Date(Math.max(now.getTime(), envelope.timestamp) + maxAgeMs);
      await claimNonce(options.db, envelope.nonce, expiresAt, now);
      return envelope.payload;
    },
  };
};

/** Decorates the instance with the payload key and opener (see registerEndpoint). */
export const payloadCryptoPlugin = fp(
  (app, _options, done) => {
    app.decorate(
      'payloadCrypto',
      createPayloadCrypto({
        db: app.db,
        clock: app.clock,
        privateKeyPem: app.config.PAYLOAD_PRIVATE_KEY,
        maxAgeSeconds: app.config.PAYLOAD_MAX_AGE_SECONDS,
      }),
    );
    done();
  },
  { name: 'payload-crypto', dependencies: ['db'] },
);
