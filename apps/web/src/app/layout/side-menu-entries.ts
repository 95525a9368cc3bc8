import { CATEGORY_ROUTES, type GameMenu, type Permission } from '@lanna/contract';
import type { IconName } from '@/components/ui/icon';
import { memberTabPath, paths } from '@/config/paths';
import { CATEGORY_ICON } from '@/features/games/utils/category-icon';
import { isWhitelabelEnabled } from '@/features/system/utils/whitelabel';

export type SideMenuAction = 'speed' | 'liveChat' | 'chatRoom';

export type SideMenuEntry = {
  key: string;
  labelKey: string;
  icon: IconName;
} & ({ to: string; end?: boolean } | { action: SideMenuAction });

export type SideMenuGroups = {
  quick: SideMenuEntry[];
  games: SideMenuEntry[];
  account: SideMenuEntry[];
};

/**
 * The side menu of spec section 2: HOT, FAV and RECENT; then each category that has a vendor,
 * in the order of game_menus; then the account entries, some behind a flag or a resource.
 */
export const sideMenuEntries = (
  menus: readonly GameMenu[],
  permission: Permission,
): SideMenuGroups => {
  const quick: SideMenuEntry[] = [
    { key: 'hot', labelKey: 'menu.hot', icon: 'flame', to: paths.home, end: true },
    { key: 'favorite', labelKey: 'menu.favorite', icon: 'heart', to: paths.favorite },
    { key: 'recent', labelKey: 'menu.recent', icon: 'history', to: paths.recent },
  ];

  const games: SideMenuEntry[] = menus
    .filter((menu) => menu.vendors.length > 0)
    .map((menu) => ({
      key: menu.gameCategory,
      labelKey: `categories.${menu.gameCategory}`,
      icon: CATEGORY_ICON[menu.gameCategory],
      to: CATEGORY_ROUTES[menu.gameCategory],
    }));

  const account: (SideMenuEntry | false)[] = [
    {
      key: 'betting-record',
      labelKey: 'menu.bettingRecord',
      icon: 'receipt',
      to: memberTabPath('bettingRecord'),
    },
    { key: 'promotions', labelKey: 'menu.promotions', icon: 'gift', to: paths.promotions },
    isWhitelabelEnabled(permission.whitelabel, 'MANPLAYREB3') && {
      key: 'manual-rebate',
      labelKey: 'menu.manualRebate',
      icon: 'coins',
      to: memberTabPath('manualRebate'),
    },
    { key: 'rewards', labelKey: 'menu.rewards', icon: 'award', to: memberTabPath('rewardCenter') },
    permission.vipEnabled && {
      key: 'vip',
      labelKey: 'menu.vip',
      icon: 'crown',
      to: memberTabPath('vip'),
    },
    permission.referralEnabled && {
      key: 'invite-friends',
      labelKey: 'menu.inviteFriends',
      icon: 'users',
      to: memberTabPath('inviteFriends'),
    },
    { key: 'server-speed', labelKey: 'menu.serverSpeed', icon: 'gauge', action: 'speed' },
    { key: 'app-download', labelKey: 'menu.appDownload', icon: 'smartphone', to: paths.down },
    permission.resources.LIVE_CHAT !== undefined && {
      key: 'live-chat',
      labelKey: 'menu.liveChat',
      icon: 'chat',
      action: 'liveChat',
    },
    { key: 'help', labelKey: 'menu.help', icon: 'help', to: paths.help },
  ];

  return {
    quick,
    games,
    account: account.filter((entry): entry is SideMenuEntry => entry !== false),
  };
};
