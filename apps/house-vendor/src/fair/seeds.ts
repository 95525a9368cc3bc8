import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Store } from '../db.ts';
import type { Hmac } from './draws.ts';

export const nodeHmac: Hmac = (key, message) =>
  Promise.resolve(new Uint8Array(createHmac('sha256', key).update(message).digest()));

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export type ActiveSeed = {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
};

type SeedRow = {
  id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
};

const toSeed = (row: SeedRow): ActiveSeed => ({
  id: row.id,
  serverSeed: row.server_seed,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nextNonce: row.next_nonce,
});

const newServerSeed = () => randomBytes(32).toString('hex');

/** The player's active seed pair, made on first use: a fresh server seed and a random client seed. */
export const activeSeed = async (
  store: Store,
  player: { merchantCode: string; playerKey: string },
  now: Date,
): Promise<ActiveSeed> => {
  const [row] = await store.query<SeedRow>(
    `SELECT id, server_seed, server_seed_hash, client_seed, next_nonce FROM fair_seeds
     WHERE merchant_code = $1 AND player_key = $2 AND revealed_at IS NULL`,
    [player.merchantCode, player.playerKey],
  );
  if (row) return toSeed(row);
  const serverSeed = newServerSeed();
  const [created] = await store.query<SeedRow>(
    `INSERT INTO fair_seeds (merchant_code, player_key, server_seed, server_seed_hash, client_seed, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (merchant_code, player_key) WHERE revealed_at IS NULL DO NOTHING
     RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce`,
    [
      player.merchantCode,
      player.playerKey,
      serverSeed,
      sha256Hex(serverSeed),
      randomBytes(8).toString('hex'),
      now,
    ],
  );
  return created ? toSeed(created) : activeSeed(store, player, now);
};

/** Takes the next nonce of the active seed for a round (inside the round's transaction). */
export const takeNonce = async (store: Store, seedId: string): Promise<number> => {
  const [row] = await store.query<{ nonce: number }>(
    `UPDATE fair_seeds SET next_nonce = next_nonce + 1 WHERE id = $1 AND revealed_at IS NULL
     RETURNING next_nonce - 1 AS nonce`,
    [seedId],
  );
  if (!row) throw new Error('the seed was rotated meanwhile');
  return row.nonce;
};

/** A new client seed starts a new pair: the current server seed is revealed, a new one hashed. */
export const rotateSeed = async (
  store: Store,
  player: { merchantCode: string; playerKey: string },
  clientSeed: string | null,
  now: Date,
): Promise<{
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; rounds: number };
  next: ActiveSeed;
}> =>
  store.transaction(async (tx) => {
    const current = await activeSeed(tx, player, now);
    await tx.query('UPDATE fair_seeds SET revealed_at = $2 WHERE id = $1', [current.id, now]);
    const serverSeed = newServerSeed();
    const [row] = await tx.query<SeedRow>(
      `INSERT INTO fair_seeds (merchant_code, player_key, server_seed, server_seed_hash, client_seed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, server_seed, server_seed_hash, client_seed, next_nonce`,
      [
        player.merchantCode,
        player.playerKey,
        serverSeed,
        sha256Hex(serverSeed),
        clientSeed ?? randomBytes(8).toString('hex'),
        now,
      ],
    );
    return {
      revealed: {
        serverSeed: current.serverSeed,
        serverSeedHash: current.serverSeedHash,
        clientSeed: current.clientSeed,
        rounds: current.nextNonce,
      },
      next: toSeed(row as SeedRow),
    };
  });

/** Revealed seeds of a player, newest first, for the verify page. */
export const revealedSeeds = (store: Store, player: { merchantCode: string; playerKey: string }) =>
  store.query<{
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    next_nonce: number;
    revealed_at: Date;
  }>(
    `SELECT server_seed, server_seed_hash, client_seed, next_nonce, revealed_at FROM fair_seeds
     WHERE merchant_code = $1 AND player_key = $2 AND revealed_at IS NOT NULL ORDER BY id DESC LIMIT 20`,
    [player.merchantCode, player.playerKey],
  );
