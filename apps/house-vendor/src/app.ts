import { HOUSE_GAME_CODES, HOUSE_GAMES } from '@lanna/contract/games/house-games';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Store } from './db.ts';
import { activeSeed, revealedSeeds, rotateSeed } from './fair/seeds.ts';
import { isHouseGame, type GameRules } from './games/catalog.ts';
import { playRound, recentRounds, RoundRefusal } from './rounds/rounds.ts';
import {
  findSession,
  freeBalance,
  openFreeSession,
  openRealSession,
  type PlaySession,
} from './sessions.ts';
import { WalletRefusal, WalletUnreachable, type WalletClient } from './wallet/wallet-client.ts';
import { backUrlOf, gamePage, verifyPage, type WebAssets } from './web/pages.ts';

export type VendorAppOptions = {
  config: Config;
  store: Store;
  wallet: WalletClient;
  rules: GameRules;
  assets: WebAssets;
  now?: () => Date;
};

const LaunchSchema = z.object({
  merchant: z.string().regex(/^[a-z0-9-]{2,32}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  decimals: z.coerce.number().int().min(0).max(4).default(2),
  mode: z.enum(['real', 'free']),
  playerId: z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/)
    .optional(),
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
});

const BetSchema = z.object({
  stakeMinor: z.string().regex(/^[1-9][0-9]{0,14}$/, 'digits, 1 to 10^15'),
  target: z.number().int().optional(),
});

/** A game page asks for its own game's rounds. */
const RoundsQuerySchema = z.object({ game: z.enum(HOUSE_GAME_CODES) });

const ClientSeedSchema = z.object({
  clientSeed: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .nullable(),
});

class HttpRefusal extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message?: string) {
    super(message ?? code);
    this.code = code;
    this.status = status;
  }
}

const parse = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new HttpRefusal('VALIDATION_FAILED', 400, parsed.error.issues[0]?.message);
  return parsed.data;
};

/**
 * The house vendor's HTTP face: the game pages the platform's launch URL opens, the JSON API
 * those pages call (sessions, bets, seeds, recent rounds) and the verify page. Money only ever
 * moves through the wallet client.
 */
export const buildVendorApp = async (options: VendorAppOptions): Promise<FastifyInstance> => {
  const { store, wallet, rules, assets } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({ logger: { level: options.config.LOG_LEVEL } });

  app.setErrorHandler((error, request, reply) => {
    if (
      error instanceof HttpRefusal ||
      error instanceof RoundRefusal ||
      error instanceof WalletRefusal
    )
      return reply
        .status(error.status)
        .send({ success: false, code: error.code, message: error.message });
    if (error instanceof WalletUnreachable)
      return reply.status(503).send({
        success: false,
        code: 'WALLET_UNAVAILABLE',
        message: 'the platform did not answer',
      });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500)
      return reply
        .status(status)
        .send({ success: false, code: 'BAD_REQUEST', message: (error as Error).message });
    request.log.error(error);
    return reply
      .status(500)
      .send({ success: false, code: 'INTERNAL_ERROR', message: 'internal error' });
  });

  const sessionOf = async (request: FastifyRequest): Promise<PlaySession> => {
    const header = request.headers.authorization ?? '';
    const id = header.startsWith('Bearer ') ? header.slice(7) : '';
    const session = id ? await findSession(store, id, now()) : null;
    if (!session) throw new HttpRefusal('SESSION_INVALID', 401);
    return session;
  };

  const ok = (value: unknown) => ({ success: true, code: 'OK', value });

  app.get('/health', () => Promise.resolve(ok({ status: 'up' })));

  app.get('/assets/:name', (request, reply) => {
    const { name } = request.params as { name: string };
    const asset = assets.files.get(name);
    if (!asset) throw new HttpRefusal('NOT_FOUND', 404);
    return reply.type(asset.type).header('cache-control', 'no-cache').send(asset.body);
  });

  app.get('/games/:game', (request, reply) => {
    const { game } = request.params as { game: string };
    if (!isHouseGame(game)) throw new HttpRefusal('GAME_NOT_FOUND', 404);
    // The launch URL's backUrl (issue 29) is the page's link back to the site's lobby.
    const { backUrl } = request.query as { backUrl?: unknown };
    return reply
      .type('text/html; charset=utf-8')
      .send(gamePage(game, rules, { backUrl: backUrlOf(backUrl) }));
  });

  app.get('/verify', (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(verifyPage(rules)),
  );

  app.get('/api/games', () => Promise.resolve(ok({ games: HOUSE_GAMES })));

  /** Opens a sitting from the launch URL's parameters; the page keeps the answered session id. */
  app.post('/api/sessions', async (request) => {
    const launch = parse(LaunchSchema, request.body);
    if (launch.mode === 'free') {
      const session = await openFreeSession(
        store,
        {
          merchantCode: launch.merchant,
          currency: launch.currency,
          decimals: launch.decimals,
          balance: options.config.FREE_PLAY_BALANCE_MINOR,
        },
        now(),
      );
      return ok({
        sessionId: session.id,
        mode: 'free',
        balanceMinor: await freeBalance(store, session.id),
      });
    }
    if (!launch.playerId || !launch.token)
      throw new HttpRefusal(
        'VALIDATION_FAILED',
        400,
        'a real-money sitting needs the launch token',
      );
    const { session, balanceMinor } = await openRealSession(
      store,
      wallet,
      {
        merchantCode: launch.merchant,
        playerId: launch.playerId,
        token: launch.token,
        currency: launch.currency,
        decimals: launch.decimals,
      },
      now(),
    );
    return ok({ sessionId: session.id, mode: 'real', balanceMinor });
  });

  app.get('/api/balance', async (request) => {
    const session = await sessionOf(request);
    if (session.mode === 'free') return ok({ balanceMinor: await freeBalance(store, session.id) });
    const balance = await wallet.balance(session.merchantCode, {
      playerId: session.playerId,
      token: session.platformToken ?? '',
      currency: session.currency,
    });
    return ok({ balanceMinor: balance.balanceMinor });
  });

  app.post('/api/games/:game/rounds', async (request) => {
    const session = await sessionOf(request);
    const { game } = request.params as { game: string };
    if (!isHouseGame(game)) throw new HttpRefusal('GAME_NOT_FOUND', 404);
    const bet = parse(BetSchema, request.body);
    return ok(
      await playRound({ store, wallet, rules, now }, session, game, BigInt(bet.stakeMinor), {
        target: bet.target,
      }),
    );
  });

  app.get('/api/rounds', async (request) => {
    const session = await sessionOf(request);
    const { game } = parse(RoundsQuerySchema, request.query);
    return ok({ rounds: await recentRounds(store, session, game) });
  });

  app.get('/api/fair', async (request) => {
    const session = await sessionOf(request);
    const seed = await activeSeed(store, session, now());
    const revealed = await revealedSeeds(store, session);
    return ok({
      serverSeedHash: seed.serverSeedHash,
      clientSeed: seed.clientSeed,
      nextNonce: seed.nextNonce,
      revealed: revealed.map((row) => ({
        serverSeed: row.server_seed,
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        rounds: row.next_nonce,
        revealedAt: row.revealed_at.toISOString(),
      })),
    });
  });

  /** Sets a new client seed (or a random one): the current server seed is revealed, a new one committed. */
  app.post('/api/fair/rotate', async (request) => {
    const session = await sessionOf(request);
    const { clientSeed } = parse(ClientSeedSchema, request.body);
    const { revealed, next } = await rotateSeed(store, session, clientSeed, now());
    return ok({
      revealed,
      next: {
        serverSeedHash: next.serverSeedHash,
        clientSeed: next.clientSeed,
        nextNonce: next.nextNonce,
      },
    });
  });

  return app;
};
