import type { GameCard, GameCategory } from '@lanna/contract';

/** What a member starts: a game card (for money or as a free trial) or a vendor card. */
export type StartTarget =
  | { kind: 'game'; game: GameCard; free?: boolean }
  | {
      kind: 'vendor';
      vendor: { vassalage: string; gameType: GameCategory; maintenance: boolean };
    };

export type StartDecision =
  | { action: 'login' }
  | { action: 'trialNotice' }
  | { action: 'maintenance' }
  | { action: 'lottery'; path: string }
  | { action: 'vendorGames'; vassalage: string; gameType: GameCategory }
  /**
   * `free`: the vendor's free play, kept by the vendor; otherwise the member's wallet, which for a
   * trial member is its play money (decision 017).
   */
  | { action: 'launch'; vassalage: string; gameCode: string; free: boolean };

type Viewer = { isLogin: boolean; isTrial: boolean };

/** Lottery pages by vendor code, then by category (spec section 2, Category lobbies). */
const LOTTERY_BY_VENDOR: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
};
const LOTTERY_CATEGORIES: readonly GameCategory[] = ['LOTT', 'ELOTT'];

const lotteryPage = (vassalage: string, gameType: GameCategory): string | null =>
  LOTTERY_BY_VENDOR[vassalage] ?? (LOTTERY_CATEGORIES.includes(gameType) ? '/lottery' : null);

const withGameCode = (path: string, gameCode: string) =>
  `${path}?gameCode=${encodeURIComponent(gameCode)}`;

/**
 * Starting a game (spec sections 2 and 4): a free trial is open to anyone where the game offers
 * it; otherwise a guest gets the login popup. A trial member plays a game that offers free play
 * with its play money (issue 29 item 5, decision 017); any other game and the lottery pages are
 * 'in_need_true_account'. A game or vendor under maintenance suggests other hot games. Then the
 * vendor decides: the lottery
 * vendors open their lottery page with the gameCode (TCG_SEA from its vendor card goes to
 * /sealottery), a vendor card opens its game list (isGame VASSALAGE: every vendor of the
 * catalog lists its games, so none is a single-game launch), and a game launches.
 */
export const decideStart = (viewer: Viewer, target: StartTarget): StartDecision => {
  if (target.kind === 'vendor') return decideVendor(viewer, target.vendor);
  const { game, free } = target;
  if (free) {
    if (game.maintenance) return { action: 'maintenance' };
    return { action: 'launch', vassalage: game.vassalage, gameCode: game.gameId, free: true };
  }
  if (!viewer.isLogin) return { action: 'login' };
  const lottery = lotteryPage(game.vassalage, game.gameType);
  if (viewer.isTrial && (lottery || !offersFreeTrial(game))) return { action: 'trialNotice' };
  if (game.maintenance) return { action: 'maintenance' };
  if (lottery) return { action: 'lottery', path: withGameCode(lottery, game.gameId) };
  return { action: 'launch', vassalage: game.vassalage, gameCode: game.gameId, free: false };
};

/** A vendor card: its game list is open to anyone; its lottery page needs a real account. */
const decideVendor = (
  viewer: Viewer,
  vendor: { vassalage: string; gameType: GameCategory; maintenance: boolean },
): StartDecision => {
  if (vendor.maintenance) return { action: 'maintenance' };
  const lottery =
    vendor.vassalage === 'TCG_SEA' ? '/sealottery' : lotteryPage(vendor.vassalage, vendor.gameType);
  if (!lottery) {
    return { action: 'vendorGames', vassalage: vendor.vassalage, gameType: vendor.gameType };
  }
  if (!viewer.isLogin) return { action: 'login' };
  if (viewer.isTrial) return { action: 'trialNotice' };
  return { action: 'lottery', path: withGameCode(lottery, vendor.vassalage) };
};

/** A free trial is offered where the card says so (spec section 3: supportPlay 0 or freeplay 1). */
export const offersFreeTrial = (game: Pick<GameCard, 'supportPlay' | 'freeplay'>): boolean =>
  game.freeplay === 1 || game.supportPlay === 0;
