import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { VassalageSchema } from './game-card.ts';
import { OperatorReasonSchema } from '../text.ts';

// Operators put one game, or a whole vendor, under maintenance (spec section 4, Starting a game:
// a game under maintenance suggests other hot games). Games and vendors are shared by every
// merchant, so the change applies to each merchant that offers them.

const MaintenanceChangeSchema = z
  .object({ maintenance: z.boolean(), reason: OperatorReasonSchema })
  .strict();

export const GameMaintenanceSchema = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameId: z.string(),
  maintenance: z.boolean(),
});
export type GameMaintenance = z.infer<typeof GameMaintenanceSchema>;

/** Puts one game under maintenance or back (operators; audit-logged). */
export const setGameMaintenance = defineEndpoint({
  method: 'PUT',
  path: '/ops/games/:nodeId/maintenance',
  summary: 'Put a game under maintenance or take it out (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: z.object({ nodeId: z.coerce.number().int().min(1).max(2_147_483_647) }),
  body: MaintenanceChangeSchema,
  value: GameMaintenanceSchema,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'],
});

export const VendorMaintenanceSchema = z.object({
  vassalage: z.string(),
  maintenance: z.boolean(),
  /** The vendor's rows changed: one per category the vendor code serves. */
  categories: z.array(z.string()),
});
export type VendorMaintenance = z.infer<typeof VendorMaintenanceSchema>;

/** Puts every game of a vendor under maintenance or back (operators; audit-logged). */
export const setVendorMaintenance = defineEndpoint({
  method: 'PUT',
  path: '/ops/vendors/:vassalage/maintenance',
  summary: 'Put a whole vendor under maintenance or take it out (operators; audit-logged)',
  tag: 'ops',
  auth: 'operator',
  params: z.object({ vassalage: VassalageSchema }),
  body: MaintenanceChangeSchema,
  value: VendorMaintenanceSchema,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'VALIDATION_FAILED', 'MALFORMED_BODY'],
});
