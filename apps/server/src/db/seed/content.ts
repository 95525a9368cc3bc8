import type {
  ContestRule,
  MissionRule,
  BonusRule,
  PromotionCategory,
  PromotionKind,
  ResourceType,
  RewardRule,
} from '@lanna/contract';
import type { BannerGroup } from '../../modules/content/index.ts';

export type BannerSeed = {
  group: BannerGroup;
  title: string;
  subtitle: string;
  colorFrom: string;
  colorTo: string;
  link: { type: 'ROUTE' | 'URL'; to: string } | null;
};

/**
 * An activity of the promotions centre. It starts `startsInDays` from the seed run (negative:
 * already running) and runs `endsInDays` from it, or until an operator ends it (absent).
 */
export type PromotionSeed = {
  title: string;
  summary: string;
  html: string;
  kind: PromotionKind;
  categories: PromotionCategory[];
  startsInDays: number;
  endsInDays?: number;
  newMembersDays: number | null;
  /** A deposit bonus's rule (the text above states the same terms). */
  bonusRule?: BonusRule;
  /** A period reward's rule (the text above states the same terms). */
  rewardRule?: RewardRule;
  /** A turnover ranking's or a raffle's rule (the text above states the same terms). */
  contestRule?: ContestRule;
  /** A mission's task and reward (the summary states the same). */
  missionRule?: MissionRule;
};

/** A mission's terms besides its task: the reward goes to the main wallet, no budget. */
const MISSION_REWARD = {
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
} as const;

/** A mission of the member centre's mission activity, running from the seed run on. */
const mission = (
  title: string,
  summary: string,
  rule: Pick<MissionRule, 'period' | 'task' | 'target' | 'rewardMinor'> &
    Partial<Pick<MissionRule, 'categories'>>,
): PromotionSeed => ({
  title,
  summary,
  html: `<p>${summary}</p>`,
  kind: 'mission',
  categories: [rule.period === 'week' ? 'limited' : 'daily'],
  startsInDays: -7,
  newMembersDays: null,
  missionRule: { ...MISSION_REWARD, categories: [], ...rule },
});

/** The prizes of places `from` to `to`, each `minor`. */
const places = (from: number, to: number, minor: string): string[] =>
  Array.from({ length: to - from + 1 }, () => minor);

/** A contest's terms besides its prizes and tickets: its prizes go to the main wallet. */
const CASH_PRIZES = {
  claimDays: 7,
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
} as const;

export type ContentSeed = {
  cdns: { image: string[]; launch: string[] };
  customerService: { csType: string; title: string; path: string }[];
  resources: { type: ResourceType; label: string; url: string }[];
  banners: BannerSeed[];
  /** Newest first; published one day apart, counting back from the seed run. */
  notices: { title: string; html: string }[];
  /** In display order. */
  promotions: PromotionSeed[];
};

const route = (to: string) => ({ type: 'ROUTE' as const, to });

const LANNA: ContentSeed = {
  cdns: { image: ['/media'], launch: ['/play'] },
  customerService: [
    { csType: 'LINE', title: 'LINE Official', path: 'https://line.me/R/ti/p/@lanna.demo' },
    { csType: 'TELEGRAM', title: 'Telegram support', path: 'https://t.me/lanna_demo_support' },
  ],
  resources: [
    { type: 'LINE', label: 'LINE', url: 'https://line.me/R/ti/p/@lanna.demo' },
    { type: 'TELEGRAM_1', label: 'Telegram news', url: 'https://t.me/lanna_demo_news' },
    { type: 'LIVE_CHAT', label: 'Live chat', url: 'https://t.me/lanna_demo_support' },
    { type: 'FACEBOOK', label: 'Facebook', url: 'https://www.facebook.com/lanna.demo' },
    { type: 'APP_ANDROID', label: 'Android app', url: '/down#android' },
  ],
  banners: [
    {
      group: 'w_home',
      title: 'Welcome bonus 100%',
      subtitle: 'Double your first deposit',
      colorFrom: '#0f766e',
      colorTo: '#14b8a6',
      link: route('/promotions'),
    },
    {
      group: 'w_home',
      title: 'Live casino nights',
      subtitle: 'Baccarat and roulette with real dealers',
      colorFrom: '#1e3a8a',
      colorTo: '#7c3aed',
      link: route('/live'),
    },
    {
      group: 'w_home',
      title: 'Lanna Originals',
      subtitle: 'Slots made in Chiang Mai',
      colorFrom: '#b45309',
      colorTo: '#f59e0b',
      link: route('/rng'),
    },
    {
      group: 'w_leftmenu',
      title: 'Invite a friend',
      subtitle: 'Share your link, earn together',
      colorFrom: '#065f46',
      colorTo: '#10b981',
      link: route('/promotions'),
    },
    {
      group: 'w_forget',
      title: 'We are here to help',
      subtitle: 'Reset your password in a minute',
      colorFrom: '#334155',
      colorTo: '#0f766e',
      link: null,
    },
  ],
  notices: [
    {
      title: 'Songkran festival bonus',
      html: '<p>Splash into <b>Songkran</b> with a 20% reload every day this week.</p>',
    },
    {
      title: 'New slots from Lanna Originals',
      html: '<p>Three new games are live in the <a href="/rng">slots lobby</a>.</p>',
    },
    {
      title: 'Scheduled maintenance',
      html: '<p>SABA Sports will be down on Tuesday 02:00-04:00 (GMT+7).</p>',
    },
    {
      title: 'Faster withdrawals',
      html: '<p>Withdrawals to Thai banks now arrive in <em>under 5 minutes</em>.</p>',
    },
    {
      title: 'Responsible play',
      html: '<p>Set a daily deposit limit in the <b>security centre</b>.</p>',
    },
    { title: 'VIP weekly rebate', html: '<p>VIP members receive their rebate every Monday.</p>' },
    {
      title: 'Live chat hours',
      html: '<p>Our team answers <b>24/7</b> on LINE and live chat.</p>',
    },
    { title: 'Welcome to Lanna', html: '<p>Thank you for choosing Lanna. Enjoy the games!</p>' },
  ],
  promotions: [
    {
      title: 'Welcome bonus 100%',
      summary: 'Double your first deposit, up to ฿5,000.',
      html: '<p>Your first deposit of at least <b>฿300</b> is matched 100%, up to ฿5,000.</p><ul><li>Wager the bonus and deposit 10 times within 30 days.</li><li>Slots and fishing count in full, live casino at 20%; other games do not count.</li><li>Largest bet while the bonus is open: ฿500.</li><li>A withdrawal request while the bonus is open forfeits it.</li></ul>',
      kind: 'first_deposit_bonus',
      categories: ['deposit', 'newbie'],
      startsInDays: -30,
      newMembersDays: 30,
      bonusRule: {
        percent: 100,
        capMinor: '500000',
        minDepositMinor: '30000',
        wageringMultiplier: 10,
        wageringBasis: 'bonus_deposit',
        validDays: 30,
        contributionPercent: { RNG: 100, FISH: 100, LIVE: 20 },
        maxBetMinor: '50000',
        forfeitOnWithdrawal: true,
        budgetTotalMinor: null,
        budgetReceivers: null,
      },
    },
    {
      title: 'Daily slots reload 10%',
      summary: 'A 10% reload on your first deposit of every day.',
      html: '<p>Deposit at least <b>฿500</b> and receive 10%, up to ฿1,000, once a day.</p><p>Wager the bonus 5 times on slots within 3 days.</p>',
      kind: 'daily_bonus',
      categories: ['slots', 'daily', 'deposit'],
      startsInDays: -14,
      newMembersDays: null,
      rewardRule: {
        period: 'day',
        amount: { type: 'deposit_percent', percent: 10, capMinor: '100000' },
        minDepositMinor: '50000',
        minValidBetMinor: '0',
        wageringMultiplier: 5,
        validDays: 3,
        contributionPercent: { RNG: 100 },
        maxBetMinor: null,
        forfeitOnWithdrawal: false,
        budgetTotalMinor: null,
        budgetReceivers: null,
      },
    },
    {
      title: 'Weekly loss rebate 5%',
      summary: 'Five percent of last week’s net loss back, from Monday.',
      html: '<p>From Monday, claim 5% of your net loss of the week before, up to ฿10,000, with no wagering.</p>',
      kind: 'loss_rebate',
      categories: ['rebate', 'live_casino', 'slots'],
      startsInDays: -60,
      newMembersDays: null,
      rewardRule: {
        period: 'week',
        amount: { type: 'loss_percent', percent: 5, capMinor: '1000000' },
        minDepositMinor: '0',
        minValidBetMinor: '0',
        wageringMultiplier: 0,
        validDays: 7,
        contributionPercent: {},
        maxBetMinor: null,
        forfeitOnWithdrawal: false,
        budgetTotalMinor: null,
        budgetReceivers: null,
      },
    },
    {
      title: 'Year-end turnover race',
      summary: 'The top 50 by valid bet share ฿200,000.',
      html: '<p>Climb the leaderboard with your valid bets on any game until the race ends.</p><ul><li>1st place ฿50,000, 2nd ฿30,000, 3rd ฿20,000.</li><li>Places 4 to 10: ฿10,000 each; 11 to 20: ฿1,500 each; 21 to 50: ฿500 each.</li><li>Equal totals: the one who reached it first ranks higher.</li><li>Prizes are paid to your main wallet when you claim them, within 7 days of the end.</li></ul>',
      kind: 'turnover_ranking',
      categories: ['ranking', 'limited'],
      startsInDays: -2,
      endsInDays: 12,
      newMembersDays: null,
      contestRule: {
        categories: [],
        minValidBetMinor: '10000',
        ticketMinor: null,
        maxTicketsPerMember: null,
        prizesMinor: [
          '5000000',
          '3000000',
          '2000000',
          ...places(4, 10, '1000000'),
          ...places(11, 20, '150000'),
          ...places(21, 50, '50000'),
        ],
        ...CASH_PRIZES,
      },
    },
    {
      title: 'Lucky ticket draw',
      summary: 'Every ฿1,000 of valid bet on slots is a ticket: 15 prizes up to ฿20,000.',
      html: '<p>Each ฿1,000 of valid bet on slots and fishing games earns a ticket, up to 100 tickets each.</p><ul><li>When the draw ends, 15 tickets are drawn: ฿20,000 first, then four of ฿5,000 and ten of ฿1,000; one prize per member.</li><li>The draw is provably fair: its seed’s hash is published now, the seed after the draw.</li><li>Claim your prize within 7 days of the draw.</li></ul>',
      kind: 'raffle',
      categories: ['slots', 'fish', 'limited'],
      startsInDays: -1,
      endsInDays: 6,
      newMembersDays: null,
      contestRule: {
        categories: ['RNG', 'FISH'],
        minValidBetMinor: '0',
        ticketMinor: '100000',
        maxTicketsPerMember: 100,
        prizesMinor: ['2000000', ...places(2, 5, '500000'), ...places(6, 15, '100000')],
        ...CASH_PRIZES,
      },
    },
    mission('Sign in today', 'Sign in once today: ฿5 to your wallet.', {
      period: 'day',
      task: 'login',
      target: '1',
      rewardMinor: '500',
    }),
    mission('Spin ฿1,000 on slots', 'Bet ฿1,000 on slots today: ฿10.', {
      period: 'day',
      task: 'valid_bet',
      target: '100000',
      rewardMinor: '1000',
      categories: ['RNG'],
    }),
    mission('Five wins', 'Win 5 rounds of any game today: ฿20.', {
      period: 'day',
      task: 'wins',
      target: '5',
      rewardMinor: '2000',
    }),
    mission('Weekly deposit ฿2,000', 'Deposit ฿2,000 this week: ฿50.', {
      period: 'week',
      task: 'deposit',
      target: '200000',
      rewardMinor: '5000',
    }),
    mission('Invite a friend', 'A friend registers with your referral code: ฿100, once.', {
      period: 'once',
      task: 'invite',
      target: '1',
      rewardMinor: '10000',
    }),
  ],
};

const SIAM: ContentSeed = {
  cdns: { image: ['/media'], launch: ['/play'] },
  customerService: [
    { csType: 'LINE', title: 'LINE สยามรอยัล', path: 'https://line.me/R/ti/p/@siamroyal.demo' },
  ],
  resources: [
    { type: 'LINE', label: 'LINE', url: 'https://line.me/R/ti/p/@siamroyal.demo' },
    { type: 'TELEGRAM_1', label: 'Telegram', url: 'https://t.me/siamroyal_demo' },
    { type: 'TELEGRAM_2', label: 'Telegram VIP', url: 'https://t.me/siamroyal_demo_vip' },
    { type: 'TWITTER', label: 'X', url: 'https://x.com/siamroyal_demo' },
    { type: 'APP_IOS', label: 'iOS app', url: '/down#ios' },
    { type: 'APP_ANDROID', label: 'Android app', url: '/down#android' },
  ],
  banners: [
    {
      group: 'w_home',
      title: 'Royal welcome',
      subtitle: 'โบนัสต้อนรับสมาชิกใหม่',
      colorFrom: '#7c1d2e',
      colorTo: '#d4af37',
      link: route('/promotions'),
    },
    {
      group: 'w_home',
      title: 'Sexy Baccarat',
      subtitle: 'Live tables all night',
      colorFrom: '#4a044e',
      colorTo: '#be185d',
      link: route('/live'),
    },
    {
      group: 'w_home',
      title: 'Cockfight arena',
      subtitle: 'DS88 Sabong, live every day',
      colorFrom: '#7f1d1d',
      colorTo: '#ea580c',
      link: route('/cockfight'),
    },
    {
      group: 'w_leftmenu',
      title: 'VIP club',
      subtitle: 'Rise through the royal ranks',
      colorFrom: '#713f12',
      colorTo: '#d4af37',
      link: route('/promotions'),
    },
    {
      group: 'w_forget',
      title: 'Royal support',
      subtitle: 'LINE us any time',
      colorFrom: '#7c1d2e',
      colorTo: '#44403c',
      link: { type: 'URL', to: 'https://line.me/R/ti/p/@siamroyal.demo' },
    },
  ],
  notices: [
    { title: 'ยินดีต้อนรับสู่สยามรอยัล', html: '<p>ขอบคุณที่เลือก <b>Siam Royal</b></p>' },
    {
      title: 'Loy Krathong bonus',
      html: '<p>Float a wish and get <b>10%</b> on every deposit tonight.</p>',
    },
    { title: 'Cockfight schedule', html: '<p>DS88 arenas open from 10:00 to 22:00 (GMT+7).</p>' },
    {
      title: 'New payment channel',
      html: '<p>Deposit by <em>PromptPay QR</em> is now available.</p>',
    },
    {
      title: 'Account security',
      html: '<p>Never share your password or SMS code with anyone.</p>',
    },
    {
      title: 'VIP club opens',
      html: '<p>See the <a href="/promotions">VIP club</a> for the ranks.</p>',
    },
  ],
  promotions: [
    {
      title: 'โบนัสต้อนรับ 50%',
      summary: 'รับโบนัส 50% จากยอดฝากแรก สูงสุด ฿3,000',
      html: '<p>ฝากครั้งแรกขั้นต่ำ <b>฿200</b> รับโบนัส 50% สูงสุด ฿3,000</p><p>ทำเทิร์นโอเวอร์ 8 เท่าของโบนัสภายใน 14 วัน นับเฉพาะสล็อต</p>',
      kind: 'first_deposit_bonus',
      categories: ['deposit', 'newbie'],
      startsInDays: -20,
      newMembersDays: 14,
      bonusRule: {
        percent: 50,
        capMinor: '300000',
        minDepositMinor: '20000',
        wageringMultiplier: 8,
        wageringBasis: 'bonus',
        validDays: 14,
        contributionPercent: { RNG: 100 },
        maxBetMinor: null,
        forfeitOnWithdrawal: false,
        budgetTotalMinor: null,
        budgetReceivers: null,
      },
    },
    {
      title: 'Weekly cashback 3%',
      summary: '3% of last week’s net loss back, from Monday.',
      html: '<p>From Monday, claim 3% of your net loss of the week before, up to ฿5,000. Wager it once on slots or fishing within 7 days.</p>',
      kind: 'loss_rebate',
      categories: ['rebate', 'high_rebate'],
      startsInDays: -45,
      newMembersDays: null,
      rewardRule: {
        period: 'week',
        amount: { type: 'loss_percent', percent: 3, capMinor: '500000' },
        minDepositMinor: '0',
        minValidBetMinor: '0',
        wageringMultiplier: 1,
        validDays: 7,
        contributionPercent: { RNG: 100, FISH: 100 },
        maxBetMinor: null,
        forfeitOnWithdrawal: false,
        budgetTotalMinor: null,
        budgetReceivers: null,
      },
    },
  ],
};

export const CONTENT_SEEDS: Record<string, ContentSeed> = { lanna: LANNA, siam: SIAM };
