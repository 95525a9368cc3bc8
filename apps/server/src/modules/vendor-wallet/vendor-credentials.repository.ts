import type { Db } from '../../db/client.ts';

export type CredentialRow = {
  id: string;
  merchant_id: number;
  vendor_code: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_retires_at: Date | null;
  ip_allowlist: string[];
  enabled: boolean;
  rotated_at: Date;
};

const COLUMNS = `id::text, merchant_id, vendor_code, secret_sealed, previous_secret_sealed,
  previous_retires_at, ip_allowlist, enabled, rotated_at`;

export const findCredential = (db: Db, merchantId: number, vendorCode: string, forUpdate = false) =>
  db.maybeOne<CredentialRow>(
    `SELECT ${COLUMNS} FROM vendor_credentials WHERE merchant_id = $1 AND vendor_code = $2
     ${forUpdate ? 'FOR UPDATE' : ''}`,
    [merchantId, vendorCode],
  );

export const findCredentialCodes = async (db: Db, merchantId: number): Promise<Set<string>> =>
  new Set(
    (
      await db.query<{ vendor_code: string }>(
        'SELECT vendor_code FROM vendor_credentials WHERE merchant_id = $1',
        [merchantId],
      )
    ).map((row) => row.vendor_code),
  );

/** Creates the credential unless one exists; true when this call created it. */
export const insertCredential = async (
  db: Db,
  row: { merchantId: number; vendorCode: string; secretSealed: string; at: Date },
): Promise<boolean> =>
  (
    await db.query(
      `INSERT INTO vendor_credentials (merchant_id, vendor_code, secret_sealed, rotated_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT (merchant_id, vendor_code) DO NOTHING RETURNING id`,
      [row.merchantId, row.vendorCode, row.secretSealed, row.at],
    )
  ).length > 0;

export const updateSecrets = (
  db: Db,
  id: string,
  secrets: {
    secretSealed: string;
    previousSealed: string | null;
    previousRetiresAt: Date | null;
    at: Date;
  },
) =>
  db.query(
    `UPDATE vendor_credentials SET secret_sealed = $2, previous_secret_sealed = $3,
       previous_retires_at = $4, rotated_at = $5
     WHERE id = $1`,
    [id, secrets.secretSealed, secrets.previousSealed, secrets.previousRetiresAt, secrets.at],
  );

export const updateIpAllowlist = (
  db: Db,
  merchantId: number,
  vendorCode: string,
  cidrs: readonly string[],
) =>
  db.query(
    'UPDATE vendor_credentials SET ip_allowlist = $3 WHERE merchant_id = $1 AND vendor_code = $2',
    [merchantId, vendorCode, cidrs],
  );
