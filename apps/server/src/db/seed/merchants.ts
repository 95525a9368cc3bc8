import {
  PATTERNS,
  type BundledLanguage,
  type Language,
  type PatternId,
  type RegisterField,
  type WhitelabelFlag,
} from '@lanna/contract';

export type MerchantSeed = {
  code: string;
  name: string;
  tagline: string;
  primaryColor: string;
  accentColor: string;
  defaultLanguage: BundledLanguage;
  languages: Language[];
  licence: string;
  referralEnabled: boolean;
  vipEnabled: boolean;
  /** The first domain is the main one; the others are official mirrors. */
  domains: string[];
  region: { enabled: boolean; countries: string[]; cidrs: string[] };
  flagsOn: WhitelabelFlag[];
  registerSettings: {
    mobileLength: number;
    countryDialingCode: string;
    minimumAge: number;
    birthdayMinimumAge: number | null;
    termsCheckedByDefault: boolean;
    affiliateCodeEnabled: boolean;
  };
  registerRules: RuleSeed[];
};

export type RuleSeed = {
  field: RegisterField;
  patternId: PatternId;
  min: number;
  max: number;
  enabled: boolean;
  required: boolean;
};

/** Groups of the white-label tree; every spec flag sits under one (spec section 6). */
export const WHITELABEL_GROUPS: { group: string; flags: WhitelabelFlag[] }[] = [
  { group: 'REGISTER3', flags: ['MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3'] },
  { group: 'LOGIN3', flags: ['MOBILEVERCODELOGIN3', 'FREEPLAY3'] },
  { group: 'SECURITY3', flags: ['PWDEXPFORCECHANGE3', 'CHNGPASSVERIF3'] },
  { group: 'PROMOTION3', flags: ['MANPLAYREB3'] },
  { group: 'AGENT3', flags: ['AGENTDIV3', 'AGENTSAL3'] },
];

/** '*' for the "any characters" kind, as the spec's rules send it; the pattern source otherwise. */
export const acceptedPatternOf = (patternId: PatternId): string =>
  patternId === 1 ? '*' : PATTERNS[patternId].source;

const rule = (
  field: RegisterField,
  patternId: PatternId,
  min: number,
  max: number,
  state: 'required' | 'optional' | 'off',
): RuleSeed => ({
  field,
  patternId,
  min,
  max,
  enabled: state !== 'off',
  required: state === 'required',
});

const LICENCE =
  'Demonstration platform. Games of chance are for adults aged 18 and over; play responsibly.';

export const MERCHANT_SEEDS: MerchantSeed[] = [
  {
    code: 'lanna',
    name: 'Lanna',
    tagline: 'Northern lights, fair play',
    primaryColor: '#0f766e',
    accentColor: '#f59e0b',
    defaultLanguage: 'EN',
    languages: ['EN', 'TH', 'CN', 'KM'],
    licence: `Lanna. ${LICENCE}`,
    referralEnabled: true,
    vipEnabled: true,
    domains: ['lanna.localhost', 'localhost', '127.0.0.1'],
    region: { enabled: false, countries: [], cidrs: [] },
    flagsOn: ['FREEPLAY3', 'PWDEXPFORCECHANGE3', 'MANPLAYREB3', 'AGENTDIV3', 'AGENTSAL3'],
    registerSettings: {
      mobileLength: 10,
      countryDialingCode: '+66',
      minimumAge: 18,
      birthdayMinimumAge: null,
      termsCheckedByDefault: true,
      affiliateCodeEnabled: true,
    },
    registerRules: [
      rule('username', 2, 4, 16, 'required'),
      rule('password', 18, 8, 20, 'required'),
      rule('payeeName', 15, 2, 50, 'optional'),
      rule('email', 4, 6, 100, 'optional'),
      rule('mobileNum', 7, 9, 10, 'optional'),
      rule('line', 10, 1, 50, 'optional'),
      rule('nickname', 1, 0, 20, 'optional'),
      rule('affiliateCode', 5, 4, 12, 'optional'),
      rule('birthday', 12, 10, 10, 'off'),
      rule('qqNum', 7, 5, 12, 'off'),
    ],
  },
  {
    code: 'siam',
    name: 'Siam Royal',
    tagline: 'The royal table is open',
    primaryColor: '#7c1d2e',
    accentColor: '#d4af37',
    defaultLanguage: 'TH',
    languages: ['TH', 'EN'],
    licence: `Siam Royal. ${LICENCE}`,
    referralEnabled: false,
    vipEnabled: true,
    domains: ['siam.localhost', 'siamroyal.localhost'],
    // Documentation-only networks: enabled but blocking nobody on a developer machine.
    region: {
      enabled: true,
      countries: ['US', 'GB'],
      cidrs: ['203.0.113.0/24', '2001:db8:bad::/48'],
    },
    flagsOn: [
      'MOBILENUMREG3',
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
      'MOBILEVERCODELOGIN3',
      'CHNGPASSVERIF3',
      // Salaries without dividends: the agent centre hides the dividend record.
      'AGENTSAL3',
    ],
    registerSettings: {
      mobileLength: 10,
      countryDialingCode: '+66',
      minimumAge: 18,
      birthdayMinimumAge: 21,
      termsCheckedByDefault: true,
      affiliateCodeEnabled: false,
    },
    registerRules: [
      rule('username', 5, 6, 12, 'required'),
      rule('password', 6, 8, 16, 'required'),
      rule('payeeName', 14, 2, 50, 'required'),
      rule('mobileNum', 7, 10, 10, 'required'),
      rule('line', 10, 1, 50, 'optional'),
      rule('birthday', 12, 10, 10, 'required'),
      rule('idNumber', 7, 13, 13, 'optional'),
      rule('email', 4, 6, 100, 'off'),
    ],
  },
];
