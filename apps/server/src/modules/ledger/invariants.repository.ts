import type { Db } from '../../db/client.ts';

export type ViolationRow = { rule: string; subject: string; found: string; expected: string };

// Each branch names a broken rule, what it is about, the figure found and the figure the rule
// wants; all figures are minor units as text. `$1` limits the check to one merchant (null: all).
const VIOLATIONS_SQL = `
  SELECT 'merchant_unbalanced' AS rule, merchant_id::text AS subject,
    sum(amount_minor)::text AS found, '0' AS expected
  FROM ledger_entries WHERE $1::int IS NULL OR merchant_id = $1
  GROUP BY merchant_id HAVING sum(amount_minor) <> 0
  UNION ALL
  SELECT 'transfer_unbalanced', transfer_id::text, sum(amount_minor)::text, '0'
  FROM ledger_entries WHERE $1::int IS NULL OR merchant_id = $1
  GROUP BY transfer_id HAVING sum(amount_minor) <> 0
  UNION ALL
  SELECT 'balance_not_sum_of_entries', a.id::text, a.balance_minor::text,
    coalesce(s.total, 0)::text
  FROM ledger_accounts a
  LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM ledger_entries
             GROUP BY account_id) s ON s.account_id = a.id
  WHERE ($1::int IS NULL OR a.merchant_id = $1) AND a.balance_minor <> coalesce(s.total, 0)
  UNION ALL
  SELECT 'balance_not_last_balance_after', a.id::text, a.balance_minor::text,
    last.balance_after_minor::text
  FROM ledger_accounts a
  JOIN (SELECT DISTINCT ON (account_id) account_id, balance_after_minor FROM ledger_entries
        ORDER BY account_id, id DESC) last ON last.account_id = a.id
  WHERE ($1::int IS NULL OR a.merchant_id = $1) AND a.balance_minor <> last.balance_after_minor
  UNION ALL
  SELECT 'member_balance_negative', id::text, balance_minor::text, '>= 0'
  FROM ledger_accounts
  WHERE ($1::int IS NULL OR merchant_id = $1) AND owner = 'member' AND balance_minor < 0
  LIMIT $2`;

export const findViolations = (db: Db, merchantId: number | null, limit: number) =>
  db.query<ViolationRow>(VIOLATIONS_SQL, [merchantId, limit]);
