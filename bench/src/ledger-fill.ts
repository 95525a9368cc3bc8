import type { Db } from '@lanna/server/testing';

/**
 * Writes the ledger entries of `moves` straight in SQL, for building large histories fast:
 * `ctes` ends with a CTE `moves (transfer_id, side, account_id, amount_minor)` whose transfers
 * each sum to zero, and `$1` of `params` is the merchant id. Each entry gets its running
 * balance and each account's balance moves by its entries, so the ledger's invariants hold.
 */
export const writeEntries = (db: Db, ctes: string, params: Parameters<Db['query']>[1]) =>
  db.query(
    `WITH ${ctes}, inserted AS (
       INSERT INTO ledger_entries (merchant_id, transfer_id, account_id, amount_minor,
         balance_after_minor)
       SELECT $1, m.transfer_id, m.account_id, m.amount_minor,
         a.balance_minor + sum(m.amount_minor)
           OVER (PARTITION BY m.account_id ORDER BY m.transfer_id, m.side)
       FROM moves m JOIN ledger_accounts a ON a.id = m.account_id
       ORDER BY m.transfer_id, m.side
       RETURNING account_id, amount_minor
     )
     UPDATE ledger_accounts a SET balance_minor = a.balance_minor + s.moved_minor
     FROM (SELECT account_id, sum(amount_minor) AS moved_minor FROM inserted
           GROUP BY account_id) s
     WHERE a.id = s.account_id`,
    params,
  );
