import { z } from 'zod';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import { defineEndpoint } from '../endpoint.ts';
import { clientFields, VassalageSchema } from './game-card.ts';

/** Room tiers of a PVP game, cheapest first: a game has the first `rooms` of them. */
export const PVP_ROOM_TIERS = [
  'BEGINNER',
  'STANDARD',
  'ADVANCED',
  'VIP',
  'HIGH_ROLLER',
  'ELITE',
] as const;

export const PvpRoomSchema = z.object({
  roomId: z.string(),
  nodeId: z.number().int(),
  gameId: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  tier: z.enum(PVP_ROOM_TIERS),
  minBet: MinorUnitsSchema,
  maxBet: MinorUnitsSchema,
  seats: z.number().int(),
  maintenance: z.boolean(),
});
export type PvpRoom = z.infer<typeof PvpRoomSchema>;

/** PVP room list (spec section 7): the rooms of the merchant's PVP games, by game then tier. */
export const findPvpRooms = defineEndpoint({
  method: 'GET',
  path: '/wps/relay/GLS2_roomList',
  summary: 'Rooms of the PVP games, with their stakes and seats',
  tag: 'games',
  auth: 'public',
  query: z
    .object({
      ...clientFields,
      vassalage: VassalageSchema.optional(),
      nodeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    })
    .strict(),
  value: z.object({ list: z.array(PvpRoomSchema), ...CurrencySchema.shape }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
