import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const logout = defineEndpoint({
  method: 'DELETE',
  path: '/wps/session/logout',
  summary: 'End this session (the token stops working at once)',
  tag: 'auth',
  auth: 'member',
  value: z.object({ loggedOut: z.literal(true) }),
  errors: ['MERCHANT_NOT_FOUND', 'UNAUTHORIZED'],
});
