import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { REAL_ACCOUNT_ROLES } from './roles.ts';

/** An active session of the member, for the security centre. */
export const MemberSessionSchema = z.object({
  id: z.uuid(),
  current: z.boolean(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ip: z.string(),
  userAgent: z.string(),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;

export const findMemberSessions = defineEndpoint({
  method: 'GET',
  path: '/wps/member/sessions',
  summary: "The member's active sessions, this one marked current",
  tag: 'auth',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: z.object({ sessions: z.array(MemberSessionSchema) }),
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'],
});

export const signOutOtherSessions = defineEndpoint({
  method: 'DELETE',
  path: '/wps/member/sessions/others',
  summary: 'Sign out every other device (this session stays)',
  tag: 'auth',
  auth: 'member',
  roles: REAL_ACCOUNT_ROLES,
  value: z.object({ signedOutSessions: z.number().int().min(0) }),
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED', 'TRIAL_ACCOUNT_FORBIDDEN'],
});
