import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { OperatorReasonSchema, UsernameTextSchema } from '../text.ts';

/**
 * An operator signs a member out everywhere (a stolen password, an account under review):
 * every live session ends, and the realtime gateway logs its open tabs out at once.
 */
export const revokeMemberSessions = defineEndpoint({
  method: 'POST',
  path: '/ops/merchants/:merchantCode/members/:username/sessions/revoke',
  summary:
    'Sign a member out on every device: its sessions end and its open tabs log out at once ' +
    '(operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: z.object({
    merchantCode: z.string().regex(/^[a-z0-9-]{2,32}$/),
    username: UsernameTextSchema,
  }),
  body: z.object({ reason: OperatorReasonSchema }).strict(),
  value: z.object({ signedOutSessions: z.number().int().min(0) }),
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'],
});
