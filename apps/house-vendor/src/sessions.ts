import { randomBytes } from 'node:crypto';
import type { Store } from './db.ts';
import type { WalletClient } from './wallet/wallet-client.ts';

/** A sitting at a game: real money through the platform's wallet, or play money kept here. */
export type PlaySession = {
  id: string;
  mode: 'real' | 'free';
  merchantCode: string;
  playerId: string;
  /** Whose seeds and rounds: the platform's player, or the free-play session itself. */
  playerKey: string;
  platformToken: string | null;
  currency: string;
  decimals: number;
};

const SESSION_MS = 12 * 3_600_000;

type SessionRow = {
  id: string;
  mode: 'real' | 'free';
  merchant_code: string;
  player_id: string;
  platform_token: string | null;
  currency: string;
  decimals: number;
};

const toSession = (row: SessionRow): PlaySession => ({
  id: row.id,
  mode: row.mode,
  merchantCode: row.merchant_code,
  playerId: row.player_id,
  playerKey: row.mode === 'real' ? `p:${row.player_id}` : `f:${row.id}`,
  platformToken: row.platform_token,
  currency: row.currency,
  decimals: row.decimals,
});

const insert = async (
  store: Store,
  values: Omit<SessionRow, 'id'> & { freeBalance: bigint | null },
  now: Date,
) => {
  const id = randomBytes(24).toString('base64url');
  const [row] = await store.query<SessionRow>(
    `INSERT INTO sessions (id, mode, merchant_code, player_id, platform_token, currency, decimals,
       free_balance_minor, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING id, mode, merchant_code, player_id, platform_token, currency, decimals`,
    [
      id,
      values.mode,
      values.merchant_code,
      values.player_id,
      values.platform_token,
      values.currency,
      values.decimals,
      values.freeBalance === null ? null : values.freeBalance.toString(),
      now,
      new Date(now.getTime() + SESSION_MS),
    ],
  );
  return toSession(row as SessionRow);
};

/**
 * Opens a real-money sitting from the launch URL's token: the platform's balance call checks
 * the token is live and names this player before anything is kept.
 */
export const openRealSession = async (
  store: Store,
  wallet: WalletClient,
  launch: {
    merchantCode: string;
    playerId: string;
    token: string;
    currency: string;
    decimals: number;
  },
  now: Date,
): Promise<{ session: PlaySession; balanceMinor: string }> => {
  const balance = await wallet.balance(launch.merchantCode, {
    playerId: launch.playerId,
    token: launch.token,
    currency: launch.currency,
  });
  const session = await insert(
    store,
    {
      mode: 'real',
      merchant_code: launch.merchantCode,
      player_id: launch.playerId,
      platform_token: launch.token,
      currency: launch.currency,
      decimals: launch.decimals,
      freeBalance: null,
    },
    now,
  );
  return { session, balanceMinor: balance.balanceMinor };
};

/** A free-play sitting: play money held by the vendor, never the platform's wallet. */
export const openFreeSession = (
  store: Store,
  launch: { merchantCode: string; currency: string; decimals: number; balance: bigint },
  now: Date,
): Promise<PlaySession> =>
  insert(
    store,
    {
      mode: 'free',
      merchant_code: launch.merchantCode,
      player_id: 'free',
      platform_token: null,
      currency: launch.currency,
      decimals: launch.decimals,
      freeBalance: launch.balance,
    },
    now,
  );

export const findSession = async (
  store: Store,
  id: string,
  now: Date,
): Promise<PlaySession | null> => {
  const [row] = await store.query<SessionRow>(
    `SELECT id, mode, merchant_code, player_id, platform_token, currency, decimals
     FROM sessions WHERE id = $1 AND expires_at > $2`,
    [id, now],
  );
  return row ? toSession(row) : null;
};

export const freeBalance = async (store: Store, sessionId: string): Promise<string> => {
  const [row] = await store.query<{ free_balance_minor: string }>(
    'SELECT free_balance_minor FROM sessions WHERE id = $1',
    [sessionId],
  );
  return row?.free_balance_minor ?? '0';
};
