import { randomBytes } from 'node:crypto';
import type { HouseGameCode } from '@lanna/contract/games/house-games';
import type { Store } from '../db.ts';
import { activeSeed, nodeHmac, takeNonce } from '../fair/seeds.ts';
import {
  checkBet,
  outcomeOf,
  winOf,
  type GameChoice,
  type GameOutcome,
  type GameRules,
} from '../games/catalog.ts';
import type { PlaySession } from '../sessions.ts';
import { WalletRefusal, WalletUnreachable, type WalletClient } from '../wallet/wallet-client.ts';

/** A bet the vendor refuses before any money moves, or the platform refused; `code` is stable. */
export class RoundRefusal extends Error {
  override name = 'RoundRefusal';
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message?: string) {
    super(message ?? code);
    this.code = code;
    this.status = status;
  }
}

export type RoundView = {
  roundId: string;
  game: HouseGameCode;
  mode: 'real' | 'free';
  stakeMinor: string;
  winMinor: string | null;
  status: 'debiting' | 'crediting' | 'settled' | 'voided';
  outcome: GameOutcome | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  balanceMinor: string | null;
  createdAt: string;
};

export type RoundDeps = { store: Store; wallet: WalletClient; rules: GameRules; now: () => Date };

type RoundRow = {
  id: string;
  mode: 'real' | 'free';
  merchant_code: string;
  player_key: string;
  game_code: HouseGameCode;
  stake_minor: string;
  status: RoundView['status'];
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  outcome: GameOutcome | null;
  win_minor: string | null;
  balance_minor: string | null;
  created_at: Date;
  session_id: string;
};

const ROUND_COLUMNS = `r.id, r.mode, r.merchant_code, r.player_key, r.game_code, r.stake_minor, r.status,
  r.nonce, r.client_seed, s.server_seed_hash, r.outcome, r.win_minor, r.balance_minor, r.created_at, r.session_id`;

const toView = (row: RoundRow): RoundView => ({
  roundId: row.id,
  game: row.game_code,
  mode: row.mode,
  stakeMinor: row.stake_minor,
  winMinor: row.win_minor,
  status: row.status,
  outcome: row.outcome,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: row.nonce,
  balanceMinor: row.balance_minor,
  createdAt: row.created_at.toISOString(),
});

const readRound = async (store: Store, id: string): Promise<RoundView> => {
  const [row] = await store.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM rounds r JOIN fair_seeds s ON s.id = r.seed_id WHERE r.id = $1`,
    [id],
  );
  if (!row) throw new Error(`round ${id} is gone`);
  return toView(row);
};

/**
 * The player's last rounds of one game, newest first (issue 5: "recall their last 10 rounds";
 * issue 29: a game's page lists its own rounds, not the other games').
 */
export const recentRounds = async (
  store: Store,
  session: PlaySession,
  game: HouseGameCode,
  limit = 10,
): Promise<RoundView[]> =>
  (
    await store.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM rounds r JOIN fair_seeds s ON s.id = r.seed_id
       WHERE r.merchant_code = $1 AND r.player_key = $2 AND r.game_code = $3
       ORDER BY r.created_at DESC, r.id DESC LIMIT $4`,
      [session.merchantCode, session.playerKey, game, limit],
    )
  ).map(toView);

/** Opens the round in the log, with its seed and nonce fixed, before any money moves. */
const openRound = (
  deps: RoundDeps,
  session: PlaySession,
  game: HouseGameCode,
  stake: bigint,
  choice: GameChoice,
) =>
  deps.store.transaction(async (tx) => {
    const seed = await activeSeed(tx, session, deps.now());
    const nonce = await takeNonce(tx, seed.id);
    const id = `hv-${randomBytes(12).toString('hex')}`;
    await tx.query(
      `INSERT INTO rounds (id, session_id, mode, merchant_code, player_key, game_code, stake_minor, choice,
         status, seed_id, nonce, client_seed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'debiting', $9, $10, $11, $12)`,
      [
        id,
        session.id,
        session.mode,
        session.merchantCode,
        session.playerKey,
        game,
        stake.toString(),
        JSON.stringify(choice),
        seed.id,
        nonce,
        seed.clientSeed,
        deps.now(),
      ],
    );
    return { id, seed, nonce };
  });

/** Five STARs on a slot line also win the platform's jackpot pool, paid with the win. */
const hitsJackpot = (outcome: GameOutcome | null): boolean =>
  outcome?.game === 'lanna-slot' && outcome.slot.jackpot;

const drawAndRecord = async (
  deps: RoundDeps,
  round: { id: string; seed: { serverSeed: string; clientSeed: string }; nonce: number },
  game: HouseGameCode,
  stake: bigint,
  choice: GameChoice,
) => {
  const outcome = await outcomeOf(
    nodeHmac,
    game,
    { serverSeed: round.seed.serverSeed, clientSeed: round.seed.clientSeed, nonce: round.nonce },
    choice,
    deps.rules,
  );
  const win = winOf(stake, outcome, deps.rules);
  await deps.store.query(
    `UPDATE rounds SET status = 'crediting', outcome = $2, win_minor = $3 WHERE id = $1 AND status = 'debiting'`,
    [round.id, JSON.stringify(outcome), win.toString()],
  );
  return { win, jackpot: hitsJackpot(outcome) };
};

const settle = (store: Store, id: string, balance: string, now: Date) =>
  store.query(
    `UPDATE rounds SET status = 'settled', balance_minor = $2, settled_at = $3 WHERE id = $1`,
    [id, balance, now],
  );

const voidRound = (store: Store, id: string, balance: string | null, now: Date) =>
  store.query(
    `UPDATE rounds SET status = 'voided', balance_minor = $2, settled_at = $3 WHERE id = $1 AND status = 'debiting'`,
    [id, balance, now],
  );

const debitIds = (roundId: string) => ({
  idempotencyKey: `${roundId}:bet`,
  transactionId: `${roundId}:bet`,
});
const creditIds = (roundId: string) => ({
  idempotencyKey: `${roundId}:win`,
  transactionId: `${roundId}:win`,
});
const voidIds = (roundId: string) => ({
  idempotencyKey: `${roundId}:void`,
  transactionId: `${roundId}:void`,
});

/** Cancels a debit that may have landed: the platform answers NOT_FOUND for one it never took, and remembers it. */
const rollbackDebit = async (
  deps: RoundDeps,
  round: { id: string; merchantCode: string; playerId: string },
) => {
  try {
    const result = await deps.wallet.rollback(round.merchantCode, {
      ...voidIds(round.id),
      roundId: round.id,
      playerId: round.playerId,
      referenceTransactionId: debitIds(round.id).transactionId,
    });
    await voidRound(deps.store, round.id, result.balanceMinor, deps.now());
  } catch (error) {
    if (!(error instanceof WalletRefusal) || error.code !== 'VENDOR_TRANSACTION_NOT_FOUND')
      throw error;
    await voidRound(deps.store, round.id, null, deps.now());
  }
};

const creditWin = async (
  deps: RoundDeps,
  round: { id: string; merchantCode: string; playerId: string; currency: string },
  result: { win: bigint; jackpot: boolean },
) => {
  const credited = await deps.wallet.credit(round.merchantCode, {
    ...creditIds(round.id),
    roundId: round.id,
    playerId: round.playerId,
    currency: round.currency,
    amountMinor: result.win.toString(),
    roundClosed: true,
    jackpot: result.jackpot,
  });
  await settle(deps.store, round.id, credited.balanceMinor, deps.now());
};

/** A free-play round: the play money is this vendor's, so one transaction does it all. */
const playFree = async (
  deps: RoundDeps,
  session: PlaySession,
  game: HouseGameCode,
  stake: bigint,
  choice: GameChoice,
) => {
  const round = await openRound(deps, session, game, stake, choice);
  const taken = await deps.store.query<{ free_balance_minor: string }>(
    `UPDATE sessions SET free_balance_minor = free_balance_minor - $2
     WHERE id = $1 AND free_balance_minor >= $2 RETURNING free_balance_minor`,
    [session.id, stake.toString()],
  );
  if (taken.length === 0) {
    await voidRound(deps.store, round.id, null, deps.now());
    throw new RoundRefusal('INSUFFICIENT_BALANCE', 409);
  }
  const { win } = await drawAndRecord(deps, round, game, stake, choice);
  const [after] = await deps.store.query<{ free_balance_minor: string }>(
    `UPDATE sessions SET free_balance_minor = free_balance_minor + $2 WHERE id = $1 RETURNING free_balance_minor`,
    [session.id, win.toString()],
  );
  await settle(deps.store, round.id, after?.free_balance_minor ?? '0', deps.now());
  return readRound(deps.store, round.id);
};

/**
 * One round: the stake is debited through the wallet API first; only after the platform took
 * it is the outcome drawn from the round's seeds and recorded; then the win (0 closes the round
 * without a win) is credited. The round log is written before each call, so a crash at any
 * point leaves a round that `resumeRounds` finishes.
 */
export const playRound = async (
  deps: RoundDeps,
  session: PlaySession,
  game: HouseGameCode,
  stake: bigint,
  choice: GameChoice,
): Promise<RoundView> => {
  const refusal = checkBet(game, stake, choice);
  if (refusal) throw new RoundRefusal('BET_INVALID', 400, refusal);
  if (session.mode === 'free') return playFree(deps, session, game, stake, choice);
  const round = await openRound(deps, session, game, stake, choice);
  const ref = {
    id: round.id,
    merchantCode: session.merchantCode,
    playerId: session.playerId,
    currency: session.currency,
  };
  try {
    await deps.wallet.debit(session.merchantCode, {
      ...debitIds(round.id),
      roundId: round.id,
      playerId: session.playerId,
      gameCode: game,
      token: session.platformToken ?? '',
      currency: session.currency,
      amountMinor: stake.toString(),
    });
  } catch (error) {
    if (error instanceof WalletRefusal) {
      await voidRound(deps.store, round.id, null, deps.now());
      throw new RoundRefusal(error.code, error.status);
    }
    if (error instanceof WalletUnreachable) {
      // The debit may have landed: cancel it, so the stake is never held without a round.
      await rollbackDebit(deps, ref).catch(() => undefined);
      throw new RoundRefusal('WALLET_UNAVAILABLE', 503);
    }
    throw error;
  }
  const drawn = await drawAndRecord(deps, round, game, stake, choice);
  try {
    await creditWin(deps, ref, drawn);
  } catch (error) {
    // The round stays 'crediting' in the log; resumeRounds keeps crediting it.
    if (!(error instanceof WalletUnreachable)) throw error;
  }
  return readRound(deps.store, round.id);
};

/**
 * Finishes what a crash or an unreachable platform left: a round still 'debiting' is voided
 * (its outcome was never drawn, so nobody saw it), a round 'crediting' gets its win again under
 * the same idempotency key. Rounds younger than `olderThanMs` may still be in play.
 */
export const resumeRounds = async (
  deps: RoundDeps,
  olderThanMs: number,
): Promise<{ voided: number; settled: number; failed: number }> => {
  const cutoff = new Date(deps.now().getTime() - olderThanMs);
  const rows = await deps.store.query<{
    id: string;
    mode: string;
    status: string;
    merchant_code: string;
    player_id: string;
    currency: string;
    win_minor: string | null;
    outcome: GameOutcome | null;
  }>(
    `SELECT r.id, r.mode, r.status, r.merchant_code, s.player_id, s.currency, r.win_minor, r.outcome
     FROM rounds r JOIN sessions s ON s.id = r.session_id
     WHERE r.status IN ('debiting', 'crediting') AND r.mode = 'real' AND r.created_at <= $1
     ORDER BY r.created_at`,
    [cutoff],
  );
  const tally = { voided: 0, settled: 0, failed: 0 };
  for (const row of rows) {
    const ref = {
      id: row.id,
      merchantCode: row.merchant_code,
      playerId: row.player_id,
      currency: row.currency,
    };
    try {
      if (row.status === 'debiting') {
        await rollbackDebit(deps, ref);
        tally.voided += 1;
      } else {
        await creditWin(deps, ref, {
          win: BigInt(row.win_minor ?? '0'),
          jackpot: hitsJackpot(row.outcome),
        });
        tally.settled += 1;
      }
    } catch {
      tally.failed += 1;
    }
  }
  return tally;
};
