/**
 * The system module: merchants and their domains, status (maintenance and region rules),
 * permission info, white-label modules and registration settings (spec sections 3, 4 and 6).
 */
export { systemRoutes } from './system.routes.ts';
export { createMerchantResolver, type MerchantResolver } from './merchant-resolver.ts';
export {
  CACHE_TTL_MS,
  createAccessSettingsCache,
  type AccessSettingsCache,
} from './access-cache.ts';
export { findMerchantByCode, findMerchantRefs, type MerchantRef } from './system.repository.ts';
export {
  getAccessSettings,
  getDomainNames,
  getMerchantBrand,
  /** An operator route's merchant by code, NOT_FOUND when none. */
  getMerchantByCode,
  getRegisterRules,
  getRegisterSettings,
  isWhitelabelFlagOn,
  replaceAccessSettings,
  type AccessChange,
} from './system.service.ts';
/** Read-only, from memory when fresh: what every balance and vendor call quotes. */
export { readMerchantCurrency } from './merchant-currency.ts';
export { isUnderMaintenance } from './access-rules.ts';
/** IP allowlists of other modules (vendor credentials) match addresses the same way. */
export { ipInRanges } from './access-rules.ts';
