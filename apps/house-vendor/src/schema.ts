import type { Store } from './db.ts';

/**
 * The vendor's tables, created at start when missing. They are the vendor's records: the
 * platform keeps its own (vendor_rounds and the ledger) and the two meet only through the
 * wallet API's transaction ids.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  id            text        PRIMARY KEY,
  mode          text        NOT NULL CHECK (mode IN ('real', 'free')),
  merchant_code text        NOT NULL,
  player_id     text        NOT NULL,
  platform_token text,
  currency      text        NOT NULL,
  decimals      smallint    NOT NULL,
  free_balance_minor bigint CHECK (free_balance_minor >= 0),
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);

-- One provably fair seed pair per player: the server seed is secret until rotated.
CREATE TABLE IF NOT EXISTS fair_seeds (
  id            bigserial   PRIMARY KEY,
  merchant_code text        NOT NULL,
  player_key    text        NOT NULL,
  server_seed   text        NOT NULL,
  server_seed_hash text     NOT NULL,
  client_seed   text        NOT NULL,
  next_nonce    integer     NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  revealed_at   timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS fair_seeds_active ON fair_seeds (merchant_code, player_key)
  WHERE revealed_at IS NULL;

-- The round log: written before each wallet call, so a restart knows what to finish.
-- debiting: the debit may or may not have landed (voided by a rollback on resume);
-- crediting: debited and drawn, the win not yet acknowledged (credit retried on resume);
-- settled / voided: final.
CREATE TABLE IF NOT EXISTS rounds (
  id            text        PRIMARY KEY,
  session_id    text        NOT NULL REFERENCES sessions (id),
  mode          text        NOT NULL CHECK (mode IN ('real', 'free')),
  merchant_code text        NOT NULL,
  player_key    text        NOT NULL,
  game_code     text        NOT NULL,
  stake_minor   bigint      NOT NULL CHECK (stake_minor > 0),
  choice        jsonb       NOT NULL,
  status        text        NOT NULL CHECK (status IN ('debiting', 'crediting', 'settled', 'voided')),
  seed_id       bigint      NOT NULL REFERENCES fair_seeds (id),
  nonce         integer     NOT NULL,
  client_seed   text        NOT NULL,
  outcome       jsonb,
  win_minor     bigint,
  balance_minor bigint,
  created_at    timestamptz NOT NULL,
  settled_at    timestamptz,
  UNIQUE (seed_id, nonce)
);
-- A game page lists one game's rounds of a player (issue 29): this index replaces the one
-- without the game, which older data directories still hold.
DROP INDEX IF EXISTS rounds_player;
CREATE INDEX IF NOT EXISTS rounds_player_game
  ON rounds (merchant_code, player_key, game_code, created_at DESC);
CREATE INDEX IF NOT EXISTS rounds_unfinished ON rounds (status) WHERE status IN ('debiting', 'crediting');
`;

export const createSchema = (store: Store): Promise<void> => store.exec(SCHEMA);
