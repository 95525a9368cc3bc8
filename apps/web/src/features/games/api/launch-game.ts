import { launchFreeGame, launchGame } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

/** A real-money launch (spec section 7, /wps/game/launchGame): the vendor's URL with a token. */
export const launchGameRequest = (vassalage: string, gameCode: string) =>
  call(launchGame, { query: { vassalage, gameCode } });

/** A free-play launch: play money kept by the vendor, open to anyone. */
export const launchFreeGameRequest = (vassalage: string, gameCode: string) =>
  call(launchFreeGame, { query: { vassalage, gameCode } });
