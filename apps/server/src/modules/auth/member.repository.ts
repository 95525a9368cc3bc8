import type { Db, SqlParam } from '../../db/client.ts';

export type MemberRow = {
  id: string;
  merchant_id: number;
  username: string;
  nickname: string;
  password_hash: string;
  type: number;
  status: 'active' | 'disabled';
  password_changed_at: Date;
  first_login_done: boolean;
  last_login_at: Date | null;
  last_login_ip: string | null;
};

const MEMBER_COLUMNS = `id, merchant_id, username, nickname, password_hash, type, status,
  password_changed_at, first_login_done, last_login_at, last_login_ip`;

export const findMemberByUsername = (db: Db, merchantId: number, username: string) =>
  db.maybeOne<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant_id = $1 AND lower(username) = lower($2)`,
    [merchantId, username],
  );

export const getMember = (db: Db, merchantId: number, memberId: number, forUpdate = false) =>
  db.one<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant_id = $1 AND id = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [merchantId, memberId],
  );

/** Several members of one merchant at once; an id that names none is missing from the map. */
export const findMembers = async (
  db: Db,
  merchantId: number,
  memberIds: readonly number[],
): Promise<Map<number, MemberRow>> => {
  const rows = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE merchant_id = $1 AND id = ANY ($2::bigint[])`,
    [merchantId, memberIds.map(String)],
  );
  return new Map(rows.map((row) => [Number(row.id), row]));
};

export const recordLogin = (db: Db, memberId: number, at: Date, ip: string) =>
  db.query('UPDATE members SET last_login_at = $2, last_login_ip = $3 WHERE id = $1', [
    memberId,
    at,
    ip,
  ]);

/** A new hash of the same password (a rehash) keeps password_changed_at. */
export const replacePasswordHash = (db: Db, memberId: number, hash: string) =>
  db.query('UPDATE members SET password_hash = $2 WHERE id = $1', [memberId, hash]);

export const changePasswordHash = (db: Db, memberId: number, hash: string, at: Date) =>
  db.query(
    `UPDATE members SET password_hash = $2, password_changed_at = $3, first_login_done = true
     WHERE id = $1`,
    [memberId, hash, at],
  );

export const markFirstLoginDone = (db: Db, memberId: number) =>
  db.query('UPDATE members SET first_login_done = true WHERE id = $1', [memberId]);

export type NewMember = {
  merchantId: number;
  username: string;
  passwordHash: string;
  type: number;
  nickname: string;
  email: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
  uplineId: number | null;
  referrerId: number | null;
  registerIp: string;
  registerMethod: 'WEB' | 'FREEPLAY' | 'MOBILE' | 'AGENT' | 'SOCIAL';
  firstLoginDone: boolean;
  now: Date;
};

export const insertMember = async (db: Db, member: NewMember): Promise<number> => {
  const row = await db.one<{ id: string }>(
    `INSERT INTO members (merchant_id, username, password_hash, type, nickname, email, mobile_num,
       country_dialing_code, upline_id, referrer_id, register_ip, register_method,
       first_login_done, created_at, password_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     RETURNING id`,
    [
      member.merchantId,
      member.username,
      member.passwordHash,
      member.type,
      member.nickname,
      member.email,
      member.mobileNum,
      member.countryDialingCode,
      member.uplineId,
      member.referrerId,
      member.registerIp,
      member.registerMethod,
      member.firstLoginDone,
      member.now,
    ],
  );
  return Number(row.id);
};

/** Columns of member_profiles a registration may write, by their registration field name. */
export const PROFILE_COLUMNS = {
  payeeName: 'payee_name',
  qqNum: 'qq_num',
  line: 'line',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  wechat: 'wechat',
  zalo: 'zalo',
  telegram: 'telegram',
  idNumber: 'id_number',
  birthday: 'birthday',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
  paymentPasswordHash: 'payment_password_hash',
  registerUrl: 'register_url',
  registerDomain: 'register_domain',
} as const;
export type ProfileField = keyof typeof PROFILE_COLUMNS;

export const insertProfile = (
  db: Db,
  merchantId: number,
  memberId: number,
  profile: Partial<Record<ProfileField, string>>,
) => {
  const fields = (Object.keys(PROFILE_COLUMNS) as ProfileField[]).filter(
    (field) => profile[field] !== undefined,
  );
  const columns = ['member_id', 'merchant_id', ...fields.map((field) => PROFILE_COLUMNS[field])];
  const values: SqlParam[] = [
    memberId,
    merchantId,
    ...fields.map((field) => profile[field] ?? null),
  ];
  const placeholders = values.map((_, index) => `$${index + 1}`);
  return db.query(
    `INSERT INTO member_profiles (${columns.join(', ')}) VALUES (${placeholders.join(', ')})`,
    values,
  );
};

/** The member's own row (depth 0) and one per ancestor of its upline (closure table). */
export const insertHierarchy = (
  db: Db,
  merchantId: number,
  memberId: number,
  uplineId: number | null,
) =>
  db.query(
    `INSERT INTO agent_hierarchy (merchant_id, ancestor_id, descendant_id, depth)
     SELECT $1::integer, $2::bigint, $2::bigint, 0
     UNION ALL
     SELECT $1::integer, ancestor_id, $2::bigint, depth + 1 FROM agent_hierarchy
     WHERE $3::bigint IS NOT NULL AND descendant_id = $3::bigint AND merchant_id = $1::integer`,
    [merchantId, memberId, uplineId],
  );

export type CodeOwnerRow = { id: string; type: number; status: string; upline_id: string | null };

export const findMemberByAffiliateCode = (db: Db, merchantId: number, code: string) =>
  db.maybeOne<CodeOwnerRow>(
    `SELECT id, type, status, upline_id FROM members
     WHERE merchant_id = $1 AND upper(affiliate_code) = upper($2)`,
    [merchantId, code],
  );

export const findMemberByReferralCode = (db: Db, merchantId: number, code: string) =>
  db.maybeOne<CodeOwnerRow>(
    `SELECT id, type, status, upline_id FROM members
     WHERE merchant_id = $1 AND upper(referral_code) = upper($2)`,
    [merchantId, code],
  );

export const setReferralCode = (db: Db, memberId: number, code: string) =>
  db.query('UPDATE members SET referral_code = $2 WHERE id = $1', [memberId, code]);

export const setAffiliateCode = (db: Db, memberId: number, code: string) =>
  db.query('UPDATE members SET affiliate_code = $2 WHERE id = $1', [memberId, code]);

/** The member's affiliate code, `candidate` written first when it has none. */
export const ensureAffiliateCode = async (
  db: Db,
  merchantId: number,
  memberId: number,
  candidate: string,
): Promise<string> => {
  const row = await db.one<{ affiliate_code: string }>(
    `UPDATE members SET affiliate_code = coalesce(affiliate_code, $3)
     WHERE merchant_id = $1 AND id = $2 RETURNING affiliate_code`,
    [merchantId, memberId, candidate],
  );
  return row.affiliate_code;
};

/**
 * The payee name and payment password hash on the member's profile (payments reads them; the
 * profile row may be missing for accounts that never filled one in).
 */
export const findPaymentProfile = (db: Db, merchantId: number, memberId: number) =>
  db.maybeOne<{ payee_name: string | null; payment_password_hash: string | null }>(
    `SELECT payee_name, payment_password_hash FROM member_profiles
     WHERE merchant_id = $1 AND member_id = $2`,
    [merchantId, memberId],
  );

/** Sets the payment password hash, creating the profile row when the member has none. */
export const savePaymentPasswordHash = (
  db: Db,
  merchantId: number,
  memberId: number,
  hash: string,
) =>
  db.query(
    `INSERT INTO member_profiles (member_id, merchant_id, payment_password_hash)
     VALUES ($1, $2, $3)
     ON CONFLICT (member_id) DO UPDATE SET payment_password_hash = EXCLUDED.payment_password_hash`,
    [memberId, merchantId, hash],
  );
