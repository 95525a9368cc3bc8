/** Member types the seed uses (spec section 3): 0 member, 1 agent, 4 trial, 9 house account. */
export type DemoAccountType = 0 | 1 | 4 | 9;

export type DemoAccount = {
  merchantCode: string;
  username: string;
  password: string;
  type: DemoAccountType;
  nickname: string;
  /** An agent's affiliate code (registration through it makes the agent the upline). */
  affiliateCode?: string;
  /** A member's invite code (`?referralCode=`). */
  referralCode?: string;
  /** The upline's username, seeded before this account. */
  upline?: string;
  /** 'disabled' accounts cannot log in (ACCOUNT_DISABLED). */
  status?: 'active' | 'disabled';
  /** Whether the password is one a login must change at once (123456). */
  mustChangePassword?: boolean;
  /**
   * Money in the main wallet at first start, in minor units (THB satang), paid by a real
   * ledger transfer from a house account: play money from the trial account for a trial.
   */
  openingBalanceMinor?: bigint;
};

const DEMO_PASSWORD = 'Demo@12345';

const accountsOf = (merchantCode: string): DemoAccount[] => [
  {
    merchantCode,
    username: 'demo_agent',
    password: DEMO_PASSWORD,
    type: 1,
    nickname: 'Demo Agent',
    affiliateCode: `${merchantCode.toUpperCase()}AG1`,
    openingBalanceMinor: 500_000n,
  },
  {
    merchantCode,
    username: 'demo_member',
    password: DEMO_PASSWORD,
    type: 0,
    nickname: 'Demo Member',
    referralCode: `${merchantCode.toUpperCase()}RF1`,
    upline: 'demo_agent',
    openingBalanceMinor: 100_000n,
  },
  {
    merchantCode,
    username: 'demo_trial',
    password: DEMO_PASSWORD,
    type: 4,
    nickname: 'Demo Trial',
    openingBalanceMinor: 200_000n,
  },
  // Exercises the forced password change (spec section 4): 123456 is refused everywhere else.
  {
    merchantCode,
    username: 'demo_reset',
    password: '123456',
    type: 0,
    nickname: 'Demo Reset',
    mustChangePassword: true,
  },
  // A house account: right password, still 'non-member account cannot log in'.
  {
    merchantCode,
    username: 'demo_house',
    password: DEMO_PASSWORD,
    type: 9,
    nickname: 'House',
  },
  {
    merchantCode,
    username: 'demo_disabled',
    password: DEMO_PASSWORD,
    type: 0,
    nickname: 'Disabled',
    status: 'disabled',
  },
];

/**
 * The demo accounts every seeded database has, per merchant. README and the end-to-end tests
 * read them from here; they are for local and test databases only.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...accountsOf('lanna'),
  ...accountsOf('siam'),
];
