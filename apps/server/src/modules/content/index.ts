/**
 * The content module: banners and their generated artwork, notices, customer service entries,
 * resources (the right bar's links) and the image and launch CDNs.
 */
/** Register with the system module's `findMerchantByCode` (content does not import system). */
export { contentRoutes } from './content.routes.ts';
export type { BannerGroup } from './banner-art.ts';
export { sanitizeHtml } from './html-sanitizer.ts';
export {
  findCdns,
  findCustomerService,
  findResources,
  MEDIA_PATH,
  type Cdns,
} from './content.service.ts';
