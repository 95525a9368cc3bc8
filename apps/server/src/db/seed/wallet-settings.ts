import type { Db } from '../client.ts';

/**
 * The demo merchants show both wallet modes (spec section 3, Merchant wallet): Lanna a single
 * wallet (games use the main wallet), Siam Royal a transfer wallet (a wallet per vendor, moved
 * in and out on the My wallet page). Both have the agent policy on (consolidated funds).
 */
export const WALLET_SETTING_SEEDS: Record<string, { isSingle: boolean; agentPolicy: boolean }> = {
  lanna: { isSingle: true, agentPolicy: true },
  siam: { isSingle: false, agentPolicy: true },
};

/** Writes the settings of merchants that have none; an operator's change is kept. */
export const seedWalletSettings = async (
  tx: Db,
  merchants: readonly { id: number; code: string }[],
): Promise<number> => {
  const rows = merchants.flatMap(({ id, code }) => {
    const setting = WALLET_SETTING_SEEDS[code];
    return setting ? [{ id, ...setting }] : [];
  });
  if (rows.length === 0) return 0;
  await tx.query(
    `INSERT INTO merchant_wallet_settings (merchant_id, is_single, agent_policy_enabled)
     SELECT * FROM unnest($1::int[], $2::text[]::boolean[], $3::text[]::boolean[])
     ON CONFLICT (merchant_id) DO NOTHING`,
    [
      rows.map((row) => row.id),
      rows.map((row) => String(row.isSingle)),
      rows.map((row) => String(row.agentPolicy)),
    ],
  );
  return rows.length;
};
