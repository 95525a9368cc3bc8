import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const LaunchGameQuerySchema = z.object({
  vassalage: z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a vendor code'),
  gameCode: z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/, 'a game code'),
});

export const LaunchGameSchema = z.object({
  /** The vendor's game page to open; for real money it carries the player token. */
  url: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  /**
   * True for play money, never real: kept by the vendor (free play), or a trial member's play
   * money, which the vendor plays through the platform's wallet (decision 017).
   */
  freeplay: z.boolean(),
});
export type LaunchGame = z.infer<typeof LaunchGameSchema>;

/**
 * Starts a game with the member's wallet (spec section 7, /wps/game/launchGame): the vendor gets
 * a player token for its wallet calls. A member plays for real money; a trial member plays with
 * its play money (decision 017), only a game that offers free play (TRIAL_ACCOUNT_FORBIDDEN
 * otherwise, 'in_need_true_account').
 */
export const launchGame = defineEndpoint({
  method: 'GET',
  path: '/wps/game/launchGame',
  summary:
    "Launch a game with the member's wallet (a trial's play money): the vendor's game URL with a player token",
  tag: 'games',
  auth: 'member',
  query: LaunchGameQuerySchema,
  value: LaunchGameSchema,
  errors: [
    'MERCHANT_NOT_FOUND',
    'UNAUTHORIZED',
    'TRIAL_ACCOUNT_FORBIDDEN',
    'NOT_FOUND',
    'MAINTENANCE',
    'ACCOUNT_DISABLED',
  ],
});

/** Starts a game in free play, for anyone, where the game offers it (the card's freeplay flag). */
export const launchFreeGame = defineEndpoint({
  method: 'GET',
  path: '/wps/game/launchGame/free',
  summary: "Launch a game in free play: the vendor's game URL, play money only",
  tag: 'games',
  auth: 'public',
  query: LaunchGameQuerySchema,
  value: LaunchGameSchema,
  errors: ['MERCHANT_NOT_FOUND', 'NOT_FOUND', 'FORBIDDEN', 'MAINTENANCE'],
});
