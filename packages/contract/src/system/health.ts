import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness and database reachability',
  tag: 'system',
  auth: 'public',
  value: z.object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    uptimeMs: z.number().int(),
  }),
  errors: ['INTERNAL_ERROR'],
});
