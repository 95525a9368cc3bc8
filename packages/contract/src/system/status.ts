import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** 0 normal, 1 maintenance, 2 region-blocked (spec section 4, System status). */
export const SystemStatusCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof SystemStatusCodeSchema>;

export const SystemStatusSchema = z.object({
  status: SystemStatusCodeSchema,
  maintenanceEndsAt: z.iso.datetime().nullable(),
  ip: z.string(),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const getSystemStatus = defineEndpoint({
  method: 'GET',
  path: '/wps/system/status',
  summary: 'Whether the site is open, under maintenance or blocked for this client',
  tag: 'system',
  auth: 'public',
  value: SystemStatusSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
