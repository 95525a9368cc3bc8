import { z } from 'zod';
import { EncryptedPayloadSchema } from '../auth/encrypted-payload.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CurrencySchema, MinorUnitsSchema } from '../money.ts';
import { checkPageDepth, keysetPageFields, keysetPageOf } from '../paging.ts';
import { shownText, text, UsernameTextSchema } from '../text.ts';
import { ContractKindSchema, RateBpSchema } from './contracts.ts';
import { FreezeRequestStatusSchema } from './freeze-requests.ts';

/** How deep the downline filter reaches: level 1 is the agent's direct downlines. */
export const MAX_DOWNLINE_LEVEL = 50;

/** Days without a settled real-money bet after which a downline counts as inactive. */
export const DOWNLINE_ACTIVE_DAYS = 7;

export const DownlineQuerySchema = z
  .object({
    /** Part of an account name or nickname, case-insensitive. */
    search: shownText(64, { trim: true }).optional(),
    level: z.coerce.number().int().min(1).max(MAX_DOWNLINE_LEVEL).optional(),
    status: z.enum(['active', 'disabled']).optional(),
    /** Active: a settled real-money bet within the last `DOWNLINE_ACTIVE_DAYS` days. */
    activity: z.enum(['active', 'inactive']).optional(),
    kind: z.enum(['member', 'agent']).optional(),
    ...keysetPageFields,
  })
  .strict()
  .superRefine(checkPageDepth);
export type DownlineQuery = z.input<typeof DownlineQuerySchema>;

/** One member of the agent's team, as the agent may see it. */
export const DownlineSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  isAgent: z.boolean(),
  /** 1 for a direct downline, 2 for a downline's downline, and so on. */
  level: z.number().int().min(1),
  /** The account right above it (the signed-in agent for level 1). */
  upline: z.string(),
  status: z.enum(['active', 'disabled']),
  active: z.boolean(),
  /** Main and vendor wallets. */
  balanceMinor: MinorUnitsSchema,
  registeredAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
  /** Members below it, at any depth. */
  teamSize: z.number().int().min(0),
  /** Frozen by an operator: it cannot bet, deposit, withdraw or transfer. */
  frozen: z.boolean(),
  /** The agent's latest freeze request for it, if any (freeze-requests.ts). */
  freezeRequest: z
    .object({ status: FreezeRequestStatusSchema, requestedAt: z.iso.datetime() })
    .nullable(),
  /** The contracts in force the signed-in agent gave it (direct downline agents only). */
  contracts: z.array(z.object({ kind: ContractKindSchema, topRateBp: RateBpSchema })),
});
export type Downline = z.infer<typeof DownlineSchema>;

export const DownlinePageSchema = keysetPageOf(DownlineSchema).extend(CurrencySchema.shape);
export type DownlinePage = z.infer<typeof DownlinePageSchema>;

export const findDownlines = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/downlines',
  summary:
    "The signed-in agent's team, newest registration first, searched by name and filtered by " +
    'level, status, activity and kind',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  query: DownlineQuerySchema,
  value: DownlinePageSchema,
  errors: ['RULES_NOT_MET'],
});

/**
 * Opening an account for the team (spec section 6: agents open accounts for subordinates).
 * The username and password follow the merchant's registration rules; the new account's
 * first login asks for a new password, so the agent never keeps one the downline uses.
 */
export const OpenAccountPayloadSchema = z
  .object({
    username: UsernameTextSchema,
    password: text(128),
    nickname: shownText(100, { trim: true }).optional(),
    kind: z.enum(['member', 'agent']),
  })
  .strict();
export type OpenAccountPayload = z.input<typeof OpenAccountPayloadSchema>;

export const OpenedAccountSchema = z.object({ id: z.number().int(), account: z.string() });
export type OpenedAccount = z.infer<typeof OpenedAccountSchema>;

export const openDownlineAccount = defineEndpoint({
  method: 'POST',
  path: '/wps/agent/downlines',
  summary:
    'Open a member or a sub-agent account directly below the signed-in agent (sealed); its ' +
    'first login asks for a new password',
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  body: EncryptedPayloadSchema,
  payload: OpenAccountPayloadSchema,
  value: OpenedAccountSchema,
  errors: [
    'RULES_NOT_MET',
    'USERNAME_TAKEN',
    'PAYLOAD_ENCRYPTION_REQUIRED',
    'PAYLOAD_INVALID',
    'PAYLOAD_KEY_UNKNOWN',
    'PAYLOAD_EXPIRED',
    'PAYLOAD_REPLAYED',
  ],
});

/** Where an invitation link leads: the registration pop-up, the code filled in. */
export const INVITATION_PATH = '/register';

/**
 * The agent's invitation: its affiliate code, the registration link on the site the agent
 * signed in to that carries it, and that link as a QR code (a PNG data URL).
 */
export const InvitationSchema = z.object({
  affiliateCode: z.string(),
  link: z.url(),
  qrDataUrl: z.string().startsWith('data:image/png;base64,'),
  /** Whether the merchant accepts affiliate codes at registration at all. */
  enabled: z.boolean(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const getInvitation = defineEndpoint({
  method: 'GET',
  path: '/wps/agent/invitation',
  summary:
    "The signed-in agent's affiliate code for invitation links (one is made on first request)",
  tag: 'agents',
  auth: 'member',
  roles: ['agent'],
  value: InvitationSchema,
  errors: [],
});
