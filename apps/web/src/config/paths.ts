import {
  CATEGORY_ROUTES,
  PROMOTION_CATEGORIES,
  SOCIAL_LOGIN_CALLBACK_PATH,
  type GameCategory,
} from '@lanna/contract';

/**
 * The route registry: every link of the site is built here (style.md, Layout), so a path
 * changes in one place. The table follows spec section 2, Routes.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forget: '/forget',
  agent: '/agent',
  agentHome: '/agentHome',
  member: '/member',
  help: '/help',
  favorite: '/favorite',
  recent: '/recent',
  lottery: '/lottery',
  seaLottery: '/seaLottery',
  vnLottery: '/vnLottery',
  sealottery: '/sealottery',
  promotions: '/promotions',
  pointMall: '/pointMall',
  seamless: '/seamless',
  announce: '/announce',
  down: '/down',
  /** Where a social login provider sends the visitor back (decision 006). */
  socialCallback: SOCIAL_LOGIN_CALLBACK_PATH,
} as const;

export type PathName = keyof typeof paths;

/** Other addresses of the home lobby; the help page's back button goes to /index. */
export const HOME_ALIASES = ['/index', '/index.html', '/home'] as const;
export const HELP_BACK_PATH = '/index';

export const categoryPath = (category: GameCategory): string => CATEGORY_ROUTES[category];

export const vendorPath = (category: GameCategory, vassalage: string): string =>
  `${CATEGORY_ROUTES[category]}?vendor=${encodeURIComponent(vassalage)}`;

/** Login, remembering where a guard sent the visitor from. */
export const loginPath = (from?: string): string =>
  from ? `${paths.login}?from=${encodeURIComponent(from)}` : paths.login;

/** Registration keeps an invitation's referral code (spec section 2). */
export const registerPath = (referralCode?: string | null): string =>
  referralCode
    ? `${paths.register}?referralCode=${encodeURIComponent(referralCode)}`
    : paths.register;

/** Member-centre pages (spec section 2, Member centre menu). */
export const MEMBER_TABS = [
  'myAccount',
  'myWallet',
  'deposit',
  'withdrawal',
  'transferToUpline',
  'bettingRecord',
  'accountRecord',
  'bonusDetails',
  'myIncome',
  'rewardCenter',
  'missionActivity',
  'manualRebate',
  'vip',
  'inviteFriends',
  'platformMessages',
  'internalMessages',
] as const;
export type MemberTab = (typeof MEMBER_TABS)[number];

export const memberTabPath = (tab: MemberTab): string => `${paths.member}?tab=${tab}`;

/**
 * The promotions centre's tabs (spec section 2, promotion categories): every activity first,
 * then the spec's categories in its order.
 */
export const PROMOTION_TABS = ['all', ...PROMOTION_CATEGORIES] as const;
export type PromotionTab = (typeof PROMOTION_TABS)[number];

/** Each tab is its own address, as the member centre's (`/promotions?category=slots`). */
export const promotionsPath = (tab: PromotionTab): string =>
  tab === 'all' ? paths.promotions : `${paths.promotions}?category=${tab}`;

/**
 * Agent-centre pages in the spec's menu order (spec section 2, Agent centre menu); team
 * overview is the default page.
 */
export const AGENT_TABS = [
  'announcement',
  'teamOverview',
  'openAccount',
  'downlines',
  'teamBetting',
  'teamTransactions',
  'userLoss',
  'myIncome',
  'accountDetails',
  'contracts',
  'dividendRecord',
  'dailyWages',
  'hourlySalary',
  'realTimeSalary',
  'messages',
  'customerService',
  'depositWithdraw',
] as const;
export type AgentTab = (typeof AGENT_TABS)[number];

export const agentTabPath = (tab: AgentTab): string => `${paths.agentHome}?tab=${tab}`;

/** The security centre: a section of my account (spec section 2, Member centre menu). */
export const SECURITY_SECTION_ID = 'security';
export const securityCenterPath = (): string =>
  `${memberTabPath('myAccount')}#${SECURITY_SECTION_ID}`;

/** Game pages hide the side menu; matched case-insensitively (spec section 2). */
const GAME_PAGES = ['/seamless', '/lottery', '/vnlottery', '/sealottery'];

export const isGamePage = (pathname: string): boolean =>
  GAME_PAGES.includes(pathname.toLowerCase().replace(/\/+$/, ''));
