import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { RegisterRulesSchema } from './register-settings.ts';
import { WhitelabelNodeSchema } from './whitelabel.ts';

export const CustomerServiceEntrySchema = z.object({
  csType: z.string(),
  title: z.string(),
  path: z.string(),
});
export type CustomerServiceEntry = z.infer<typeof CustomerServiceEntrySchema>;

/** Resource types the right bar and side menu know (spec section 2, right bar). */
export const RESOURCE_TYPES = [
  'LINE',
  'TELEGRAM_1',
  'TELEGRAM_2',
  'LIVE_CHAT',
  'MOVIES',
  'TWITTER',
  'FACEBOOK',
  'APP_IOS',
  'APP_ANDROID',
  'APP_LITE',
] as const;
export const ResourceTypeSchema = z.enum(RESOURCE_TYPES);
export type ResourceType = z.infer<typeof ResourceTypeSchema>;

export const ResourceSchema = z.object({
  resourceType: ResourceTypeSchema,
  labelNameEn: z.string(),
  url: z.string(),
});
export type Resource = z.infer<typeof ResourceSchema>;

/** Permission info: every field of spec section 3. */
export const PermissionSchema = z.object({
  customerService: z.array(CustomerServiceEntrySchema),
  domainRoute: z.array(z.string()),
  resources: z.partialRecord(ResourceTypeSchema, ResourceSchema),
  whitelabel: z.array(WhitelabelNodeSchema),
  registerRules: RegisterRulesSchema,
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
  maintenance: z.object({
    enabled: z.boolean(),
    startsAt: z.iso.datetime().nullable(),
    endsAt: z.iso.datetime().nullable(),
  }),
  regionRestriction: z.object({ enabled: z.boolean(), blocked: z.boolean() }),
  referralEnabled: z.boolean(),
  vipEnabled: z.boolean(),
});
export type Permission = z.infer<typeof PermissionSchema>;

export const getPermission = defineEndpoint({
  method: 'GET',
  path: '/wps/system/permission',
  summary: 'Everything the site needs to decide what to show this client',
  tag: 'system',
  auth: 'public',
  value: PermissionSchema,
  errors: ['MERCHANT_NOT_FOUND'],
});
