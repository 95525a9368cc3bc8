import type {
  Banner,
  GameMenu,
  MerchantBrand,
  Notice,
  Permission,
  SystemStatus,
  WhitelabelNode,
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

export const whitelabelFixture = (manualRebate: boolean): WhitelabelNode[] => [
  {
    modId: 'MEMBER',
    enabled: '1',
    childrenNodes: [{ modId: 'MANPLAYREB3', enabled: manualRebate ? '1' : '0', childrenNodes: [] }],
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
