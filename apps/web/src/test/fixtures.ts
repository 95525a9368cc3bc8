import {
  PATTERNS,
  type ActivityApplication,
  type Banner,
  type BonusGrant,
  type BonusRule,
  type Contract,
  type ContestRule,
  type ContestStanding,
  type ContestState,
  type EnvelopeState,
  type FieldRule,
  type GameMenu,
  type LoginValue,
  type MemberInfo,
  type MerchantBrand,
  type Notice,
  type PatternId,
  type Permission,
  type Promotion,
  type RegisterRules,
  type RegisterSettings,
  type RewardRule,
  type SystemStatus,
  type WhitelabelNode,
} from '@lanna/contract';

/** Contract-typed data for web tests only; the running site reads everything from the API. */
export const merchantFixture: MerchantBrand = {
  code: 'lanna',
  name: 'Lanna',
  tagline: 'Play in the north',
  primaryColor: '#d4af37',
  accentColor: '#7c5cff',
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  timeZone: 'Asia/Bangkok',
  defaultLanguage: 'EN',
  languages: ['EN', 'CN', 'TH', 'KM'],
  licence: 'Test licence statement.',
};

const flag = (modId: string, on: boolean): WhitelabelNode => ({
  modId,
  enabled: on ? '1' : '0',
  childrenNodes: [],
});

/** The white-label tree: manual rebate as asked, dividends and salaries on unless asked off. */
export const whitelabelFixture = (
  manualRebate: boolean,
  agents: { dividends?: boolean; salary?: boolean } = {},
): WhitelabelNode[] => [
  { modId: 'MEMBER', enabled: '1', childrenNodes: [flag('MANPLAYREB3', manualRebate)] },
  {
    modId: 'AGENT3',
    enabled: '1',
    childrenNodes: [
      flag('AGENTDIV3', agents.dividends ?? true),
      flag('AGENTSAL3', agents.salary ?? true),
    ],
  },
];

export const permissionFixture = (overrides: Partial<Permission> = {}): Permission => ({
  customerService: [
    { csType: 'LIVE', title: 'Support', path: 'https://support.example.test/chat' },
  ],
  domainRoute: ['lanna.localhost'],
  resources: {},
  whitelabel: whitelabelFixture(false),
  registerRules: {},
  mainDomain: 'lanna.localhost',
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
  location: { ip: '203.0.113.7', countryCode: 'TH' },
  maintenance: { enabled: false, startsAt: null, endsAt: null },
  regionRestriction: { enabled: false, blocked: false },
  referralEnabled: false,
  vipEnabled: false,
  ...overrides,
});

export const gameMenusFixture: GameMenu[] = [
  {
    gameCategory: 'RNG',
    title: 'in_rng',
    route: '/rng',
    vendors: [
      { vassalage: 'HOUSE_SLOTS', displayName: 'House Slots', gameType: 'RNG', maintenance: false },
    ],
  },
  {
    gameCategory: 'LIVE',
    title: 'in_live',
    route: '/live',
    vendors: [],
  },
  {
    gameCategory: 'SPORTS',
    title: 'in_sports',
    route: '/sports',
    vendors: [
      {
        vassalage: 'HOUSE_SPORTS',
        displayName: 'House Sports',
        gameType: 'SPORTS',
        maintenance: true,
      },
    ],
  },
];

export const statusFixture = (status: SystemStatus['status'] = 0): SystemStatus => ({
  status,
  maintenanceEndsAt: status === 1 ? '2030-01-01T05:30:00.000Z' : null,
  ip: '203.0.113.7',
});

export const bannersFixture: Banner[] = [];
export const noticesFixture: Notice[] = [];

export const memberInfoFixture = (overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  id: 2,
  account: 'demo_member',
  nickname: 'Demo Member',
  type: 0,
  role: 'member',
  isAgent: false,
  isTrial: false,
  lastLoginAt: '2030-01-01T03:00:00.000Z',
  lastLoginIp: '203.0.113.7',
  ...overrides,
});

export const loginValueFixture = (overrides: Partial<LoginValue> = {}): LoginValue => ({
  token: 'session-token-0123456789abcdefghijklmnopqrstuv',
  expiresAt: '2030-01-08T03:00:00.000Z',
  role: 'member',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
  previousLogin: null,
  ...overrides,
});

/** A registration rule of one pattern kind, its source taken from the contract. */
export const ruleFixture = (
  patternId: PatternId,
  minLength: number,
  maxLength: number,
  state: 'required' | 'optional' | 'off' = 'required',
): FieldRule => ({
  acceptedPattern: PATTERNS[patternId].source,
  minLength,
  maxLength,
  patternId,
  enabled: state !== 'off',
  required: state === 'required',
});

export const registerRulesFixture = (overrides: RegisterRules = {}): RegisterRules => ({
  username: ruleFixture(2, 4, 16),
  password: ruleFixture(18, 8, 20),
  email: ruleFixture(4, 6, 100, 'optional'),
  mobileNum: ruleFixture(7, 9, 10, 'optional'),
  nickname: ruleFixture(1, 0, 20, 'optional'),
  qqNum: ruleFixture(7, 5, 12, 'off'),
  ...overrides,
});

export const registerSettingsFixture = (
  overrides: Partial<RegisterSettings> = {},
): RegisterSettings => ({
  mobileRegistration: false,
  smsVerification: false,
  mobilePasswordRegistration: false,
  mobileLength: 10,
  countryDialingCode: '+66',
  minimumAge: 18,
  birthdayMinimumAge: null,
  termsCheckedByDefault: true,
  affiliateCodeEnabled: false,
  ...overrides,
});

/** A contract as the agent endpoints answer it: a pending weekly dividend from demo_upline. */
export const contractFixture = (overrides: Partial<Contract> = {}): Contract => ({
  id: 41,
  kind: 'dividend',
  status: 'pending',
  upline: 'demo_upline',
  downline: 'demo_agent',
  terms: {
    kind: 'dividend',
    period: 'W',
    basis: 'profit_loss',
    tiering: 'highest',
    tiers: [
      { threshold: '0', minActiveMembers: 0, rateBp: 1000 },
      { threshold: '5000000', minActiveMembers: 5, rateBp: 2500 },
    ],
    minBetMinor: '10000',
  },
  topRateBp: 2500,
  offeredAt: '2026-11-20T03:00:00.000Z',
  decidedAt: null,
  endedAt: null,
  endedBy: null,
  ...overrides,
});

/** A keyset page of `list`, as every agent list answers. */
export const keysetPageFixture = <T>(list: T[], overrides: object = {}) => ({
  currency: 'THB',
  currencySymbol: '฿',
  currencyDecimals: 2,
  list,
  pageNo: 1,
  pageSize: 10,
  total: list.length,
  totalPages: list.length > 0 ? 1 : 0,
  totalCapped: false,
  nextCursor: null,
  prevCursor: null,
  ...overrides,
});

/** An activity as the promotions centre answers it: an open deposit activity without rules. */
export const promotionFixture = (overrides: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  title: 'Welcome bonus',
  summary: 'Double your first deposit.',
  content: '<p>Deposit 100, play with 200.</p>',
  imageUrl: null,
  kind: 'first_deposit_bonus',
  categories: ['deposit', 'newbie'],
  // 17:00 UTC is midnight of the next day in Bangkok (GMT+7).
  startsAt: '2026-03-01T17:00:00.000Z',
  endsAt: '2026-03-31T16:59:00.000Z',
  audience: { newMembersWithinDays: null, agentTeamOf: null },
  bonusRule: null,
  envelopeRule: null,
  rewardRule: null,
  contestRule: null,
  missionRule: null,
  status: 'join',
  ...overrides,
});

/** 100% of a deposit up to 5,000.00, wagered 10 times the bonus and deposit within 30 days. */
export const bonusRuleFixture = (overrides: Partial<BonusRule> = {}): BonusRule => ({
  percent: 100,
  capMinor: '500000',
  minDepositMinor: '10000',
  wageringMultiplier: 10,
  wageringBasis: 'bonus_deposit',
  validDays: 30,
  contributionPercent: { RNG: 100, LIVE: 10 },
  maxBetMinor: null,
  forfeitOnWithdrawal: true,
  budgetTotalMinor: null,
  budgetReceivers: null,
  ...overrides,
});

/** 50.00 each day the member deposits 100.00, paid straight to the main wallet (no wagering). */
export const rewardRuleFixture = (overrides: Partial<RewardRule> = {}): RewardRule => ({
  period: 'day',
  amount: { type: 'fixed', minor: '5000' },
  minDepositMinor: '10000',
  minValidBetMinor: '0',
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: { RNG: 100 },
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  budgetTotalMinor: null,
  budgetReceivers: null,
  ...overrides,
});

/** A bonus of 300.00 on a 300.00 deposit, 1,500.00 of its 6,000.00 wagering done. */
export const bonusGrantFixture = (overrides: Partial<BonusGrant> = {}): BonusGrant => ({
  id: 7,
  promotionId: 1,
  title: 'Welcome bonus',
  bonusMinor: '30000',
  depositMinor: '30000',
  wageringRequiredMinor: '600000',
  wageredMinor: '150000',
  remainingMinor: '450000',
  contributionPercent: { RNG: 100, LIVE: 10 },
  status: 'active',
  forfeitReason: null,
  // 03:00 UTC is 10:00 in Bangkok.
  grantedAt: '2026-03-02T03:00:00.000Z',
  expiresAt: '2026-04-01T03:00:00.000Z',
  settledAt: null,
  ...overrides,
});

/** A red envelope of 10.00 in 2 shares of at least 1.00, one opened, its seed still secret. */
export const envelopeStateFixture = (overrides: Partial<EnvelopeState> = {}): EnvelopeState => ({
  promotionId: 1,
  poolMinor: '1000',
  shares: 2,
  minShareMinor: '100',
  opened: 1,
  seedHash: 'a'.repeat(64),
  seed: null,
  sharesMinor: null,
  ...overrides,
});

/** An application waiting for review, with a comment and two images. */
export const applicationFixture = (
  overrides: Partial<ActivityApplication> = {},
): ActivityApplication => ({
  id: 3,
  promotionId: 1,
  title: 'Share your win',
  comment: 'Won big on the house slot.',
  imageCount: 2,
  status: 'applying',
  rewardMinor: null,
  reviewNote: null,
  // 03:00 UTC is 10:00 in Bangkok.
  appliedAt: '2026-03-02T03:00:00.000Z',
  reviewedAt: null,
  ...overrides,
});

/**
 * A turnover ranking's rule: 1,000.00, 500.00 and 200.00 to the first three places by valid bet
 * in slots and live casino, claimed within 7 days of the end, paid straight to the main wallet.
 */
export const contestRuleFixture = (overrides: Partial<ContestRule> = {}): ContestRule => ({
  categories: ['RNG', 'LIVE'],
  minValidBetMinor: '0',
  ticketMinor: null,
  maxTicketsPerMember: null,
  prizesMinor: ['100000', '50000', '20000'],
  claimDays: 7,
  wageringMultiplier: 0,
  validDays: 7,
  contributionPercent: {},
  maxBetMinor: null,
  forfeitOnWithdrawal: false,
  ...overrides,
});

/** A running ranking's board with nobody on it yet. */
export const contestStateFixture = (overrides: Partial<ContestState> = {}): ContestState => ({
  promotionId: 1,
  kind: 'turnover_ranking',
  endsAt: '2026-03-31T16:59:00.000Z',
  decided: false,
  entrants: 0,
  tickets: 0,
  board: [],
  seedHash: null,
  seed: null,
  entries: null,
  ...overrides,
});

/** A member who has not bet in the contest yet. */
export const contestStandingFixture = (
  overrides: Partial<ContestStanding> = {},
): ContestStanding => ({
  promotionId: 1,
  validBetMinor: '0',
  tickets: 0,
  place: null,
  prizeMinor: null,
  claimed: false,
  ...overrides,
});
