import { findBanners } from './content/banners.ts';
import { findNotices } from './content/notices.ts';
import type { Endpoint } from './endpoint.ts';
import { getGameMenus } from './games/game-menus.ts';
import { getMerchantAccessSettings, putMerchantAccessSettings } from './ops/merchant-settings.ts';
import { getDomainRoute, getRouters } from './system/domains.ts';
import { getHealth } from './system/health.ts';
import { updateLanguage } from './system/language.ts';
import { getMerchant } from './system/merchant.ts';
import { getPermission } from './system/permission.ts';
import { getRegisterRules, getRegisterSettings } from './system/register-settings.ts';
import { getSystemStatus } from './system/status.ts';
import { getWhitelabel } from './system/whitelabel.ts';

/** The route table: every endpoint of the API. Tests walk it to probe every route. */
export const ENDPOINTS = [
  getHealth,
  getSystemStatus,
  getPermission,
  getWhitelabel,
  getMerchant,
  getDomainRoute,
  getRouters,
  getRegisterSettings,
  getRegisterRules,
  updateLanguage,
  getGameMenus,
  findBanners,
  findNotices,
  getMerchantAccessSettings,
  putMerchantAccessSettings,
] as const satisfies readonly Endpoint[];
