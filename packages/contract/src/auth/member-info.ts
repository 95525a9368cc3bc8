import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MemberRoleSchema } from './roles.ts';

/**
 * Member info (spec section 3). `lastLoginAt` and `lastLoginIp` are the login before the
 * current session's (null the first time), which the site shows after login.
 */
export const MemberInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  role: MemberRoleSchema,
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  lastLoginAt: z.iso.datetime().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof MemberInfoSchema>;

export const getMemberInfo = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info',
  summary: 'The signed-in member',
  tag: 'auth',
  auth: 'member',
  value: MemberInfoSchema,
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});

/** The member's avatar: a generated SVG (no third-party images), as a data URL. */
export const getMemberIcon = defineEndpoint({
  method: 'GET',
  path: '/wps/member/info/icon',
  summary: "The signed-in member's avatar",
  tag: 'auth',
  auth: 'member',
  value: z.object({ iconUrl: z.string() }),
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});

/** The first-login call the site makes when a login said `firstTimeLogin`. */
export const completeFirstLogin = defineEndpoint({
  method: 'POST',
  path: '/wps/member/first-login',
  summary: 'Record that the member has completed the first login',
  tag: 'auth',
  auth: 'member',
  value: z.object({ firstTimeLogin: z.literal(false) }),
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});
