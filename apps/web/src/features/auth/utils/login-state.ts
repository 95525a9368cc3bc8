import { AGENT_TYPES, TRIAL_TYPE, type MemberInfo } from '@lanna/contract';

/** The login state flags of spec section 3. */
export type LoginState = { isLogin: boolean; isAgent: boolean; isTrial: boolean };

/**
 * Logged in once a token is stored and member info has loaded (spec section 4, Login state).
 * Types 1, 2, 41 and 42 are agents, type 4 is a trial (spec section 3, Member info).
 */
export const loginStateOf = (token: string | null, member: MemberInfo | undefined): LoginState => {
  if (!token || !member) return { isLogin: false, isAgent: false, isTrial: false };
  return {
    isLogin: true,
    isAgent: (AGENT_TYPES as readonly number[]).includes(member.type),
    isTrial: member.type === TRIAL_TYPE,
  };
};
