import type { Db } from '../../db/client.ts';

export type SocialProviderRow = {
  id: number;
  key: string;
  display_name: string;
  kind: 'oidc' | 'local';
  issuer_url: string | null;
  client_id: string;
  client_secret: string | null;
  scopes: string;
};

const PROVIDER_COLUMNS = `id, key, display_name, kind, issuer_url, client_id, client_secret,
  scopes`;

/** The merchant's enabled providers, in display order. */
export const findEnabledProviders = (db: Db, merchantId: number) =>
  db.query<SocialProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM social_providers
     WHERE merchant_id = $1 AND enabled ORDER BY sort, key`,
    [merchantId],
  );

/** One enabled provider of the merchant, by key or by id; null when absent or switched off. */
export const findEnabledProvider = (
  db: Db,
  merchantId: number,
  by: { key: string } | { id: number },
) =>
  db.maybeOne<SocialProviderRow>(
    `SELECT ${PROVIDER_COLUMNS} FROM social_providers
     WHERE merchant_id = $1 AND enabled AND ${'key' in by ? 'key = $2' : 'id = $2'}`,
    [merchantId, 'key' in by ? by.key : by.id],
  );

export type NewFlow = {
  stateHash: string;
  merchantId: number;
  providerId: number;
  bindingHash: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  ip: string;
  now: Date;
  expiresAt: Date;
};

export const insertFlow = (db: Db, flow: NewFlow) =>
  db.query(
    `INSERT INTO social_login_flows (state_hash, merchant_id, provider_id, binding_hash, nonce,
       code_verifier, redirect_uri, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      flow.stateHash,
      flow.merchantId,
      flow.providerId,
      flow.bindingHash,
      flow.nonce,
      flow.codeVerifier,
      flow.redirectUri,
      flow.ip,
      flow.now,
      flow.expiresAt,
    ],
  );

export type FlowRow = {
  provider_id: number;
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
};

/**
 * Marks the merchant's live sign-in used and returns it, or null when it is unknown, expired
 * or already used: one statement, so two racing callbacks cannot both have it.
 */
export const spendFlow = (db: Db, merchantId: number, stateHash: string, now: Date) =>
  db.maybeOne<FlowRow>(
    `UPDATE social_login_flows SET used_at = $3
     WHERE state_hash = $1 AND merchant_id = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING provider_id, binding_hash, nonce, code_verifier, redirect_uri`,
    [stateHash, merchantId, now],
  );

export const deleteExpiredFlows = (db: Db, before: Date) =>
  db.query('DELETE FROM social_login_flows WHERE expires_at < $1', [before]);

/** The member a provider's subject signs in as, or null the first time. */
export const findLinkedMemberId = async (
  db: Db,
  providerId: number,
  subject: string,
): Promise<number | null> => {
  const row = await db.maybeOne<{ member_id: string }>(
    'SELECT member_id FROM social_identities WHERE provider_id = $1 AND subject = $2',
    [providerId, subject],
  );
  return row ? Number(row.member_id) : null;
};

/** Links a subject to a member; false when another sign-in linked it first. */
export const insertLink = async (
  db: Db,
  link: { providerId: number; subject: string; merchantId: number; memberId: number; now: Date },
): Promise<boolean> => {
  const row = await db.maybeOne(
    `INSERT INTO social_identities (provider_id, subject, merchant_id, member_id, created_at,
       last_login_at)
     VALUES ($1, $2, $3, $4, $5, $5)
     ON CONFLICT (provider_id, subject) DO NOTHING RETURNING 1`,
    [link.providerId, link.subject, link.merchantId, link.memberId, link.now],
  );
  return row !== null;
};

export const touchLink = (db: Db, providerId: number, subject: string, now: Date) =>
  db.query(
    'UPDATE social_identities SET last_login_at = $3 WHERE provider_id = $1 AND subject = $2',
    [providerId, subject, now],
  );
