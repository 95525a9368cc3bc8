import type { GameCategory } from '@lanna/contract';
import type { IconName } from '@/components/ui/icon';

export const CATEGORY_ICON: Record<GameCategory, IconName> = {
  RNG: 'dice',
  LIVE: 'live',
  FISH: 'fish',
  SPORTS: 'trophy',
  PVP: 'cards',
  LOTT: 'ticket',
  ELOTT: 'balls',
  ESPORTS: 'gamepad',
  COCKFIGHT: 'rooster',
};
