/** Member types the seed uses (spec section 3): 0 member, 1 agent, 4 trial. */
export type DemoAccountType = 0 | 1 | 4;

export type DemoAccount = {
  merchantCode: string;
  username: string;
  password: string;
  type: DemoAccountType;
  nickname: string;
};

const DEMO_PASSWORD = 'Demo@12345';

const accountsOf = (merchantCode: string): DemoAccount[] => [
  {
    merchantCode,
    username: 'demo_member',
    password: DEMO_PASSWORD,
    type: 0,
    nickname: 'Demo Member',
  },
  {
    merchantCode,
    username: 'demo_agent',
    password: DEMO_PASSWORD,
    type: 1,
    nickname: 'Demo Agent',
  },
  {
    merchantCode,
    username: 'demo_trial',
    password: DEMO_PASSWORD,
    type: 4,
    nickname: 'Demo Trial',
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
