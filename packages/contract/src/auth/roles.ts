import { z } from 'zod';

/**
 * Roles of a signed-in caller (architecture.md, Contract and errors); a caller without a
 * session is a guest. Operators are a separate realm and never hold a member session.
 */
export const MEMBER_ROLES = ['trial', 'member', 'agent'] as const;
export const MemberRoleSchema = z.enum(MEMBER_ROLES);
export type MemberRole = z.infer<typeof MemberRoleSchema>;

/** Roles that hold a real account: everything a trial may not do (spec section 6). */
export const REAL_ACCOUNT_ROLES = ['member', 'agent'] as const satisfies readonly MemberRole[];

/** Member types (spec section 3): 1, 2, 41 and 42 are agents, 4 is trial, 0 a member. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_TYPE = 4;
/** Types that may sign in to the site at all; any other type is a non-member account. */
export const LOGIN_TYPES = [0, 1, 2, 4, 41, 42] as const;

export const roleOfType = (type: number): MemberRole =>
  (AGENT_TYPES as readonly number[]).includes(type)
    ? 'agent'
    : type === TRIAL_TYPE
      ? 'trial'
      : 'member';
