import type { Db } from '../../db/client.ts';

/** What the verification features read of a member: who it is and where codes may go. */
export type MemberContactRow = {
  id: string;
  merchant_id: number;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  email: string | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  payee_name: string | null;
};

const SELECT_CONTACT = `SELECT m.id, m.merchant_id, m.username, m.type, m.status, m.email, m.mobile_num,
    m.country_dialing_code, p.payee_name
  FROM members m LEFT JOIN member_profiles p ON p.member_id = m.id`;

/** Members whose stored number is one of the written forms of a number (with or without zeros). */
export const findMembersByMobile = (db: Db, merchantId: number, forms: readonly string[]) =>
  db.query<MemberContactRow>(
    `${SELECT_CONTACT} WHERE m.merchant_id = $1 AND m.mobile_num = ANY($2::text[]) ORDER BY m.id LIMIT 10`,
    [merchantId, forms],
  );

export const findMemberByUsername = (db: Db, merchantId: number, username: string) =>
  db.maybeOne<MemberContactRow>(
    `${SELECT_CONTACT} WHERE m.merchant_id = $1 AND lower(m.username) = lower($2)`,
    [merchantId, username],
  );

export const getMemberContact = (db: Db, memberId: number) =>
  db.one<MemberContactRow>(`${SELECT_CONTACT} WHERE m.id = $1`, [memberId]);
