import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const BANNER_GROUPS = ['w_home', 'w_leftmenu', 'w_forget'] as const;
export const BannerGroupSchema = z.enum(BANNER_GROUPS);

/** How a banner click is followed: nowhere, a route of the site, or an outside address. */
export const LinkageTypeSchema = z.enum(['NONE', 'ROUTE', 'URL']);

export const BannerSchema = z.object({
  id: z.number().int(),
  url: z.string().describe('image address, served through an image CDN when one is set'),
  title: z.string(),
  linkageType: LinkageTypeSchema,
  link: z.string().nullable(),
  groupName: BannerGroupSchema,
});
export type Banner = z.infer<typeof BannerSchema>;

export const findBanners = defineEndpoint({
  method: 'GET',
  path: '/wps/content/banners',
  summary: 'Active banners of a group, in display order',
  tag: 'content',
  auth: 'public',
  query: z.object({ groupName: BannerGroupSchema }).strict(),
  value: z.object({ list: z.array(BannerSchema) }),
  errors: ['VALIDATION_FAILED', 'MERCHANT_NOT_FOUND'],
});
