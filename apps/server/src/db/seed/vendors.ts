import type { GameCategory } from '@lanna/contract';

export type VendorSeed = {
  code: string;
  category: GameCategory;
  displayName: string;
  maintenance?: boolean;
};

/**
 * The vendor catalogue: one row per vendor and category. HOUSE is the vendor code of our own
 * game provider (apps/house-vendor, issue 5), which calls the vendor wallet API like any other.
 */
export const VENDOR_SEEDS: VendorSeed[] = [
  { code: 'HOUSE', category: 'RNG', displayName: 'Lanna House Games' },
  { code: 'LANNA', category: 'RNG', displayName: 'Lanna Originals' },
  { code: 'PG', category: 'RNG', displayName: 'PG Soft' },
  { code: 'JILI', category: 'RNG', displayName: 'JILI Games' },
  { code: 'PP', category: 'RNG', displayName: 'Pragmatic Play' },
  { code: 'JDB', category: 'RNG', displayName: 'JDB Gaming' },
  { code: 'CQ9', category: 'RNG', displayName: 'CQ9 Gaming' },
  { code: 'SPADE', category: 'RNG', displayName: 'Spadegaming' },
  { code: 'FC', category: 'RNG', displayName: 'Fa Chai' },
  { code: 'SEXY', category: 'LIVE', displayName: 'Sexy Baccarat' },
  { code: 'EVO', category: 'LIVE', displayName: 'Evolution' },
  { code: 'PP', category: 'LIVE', displayName: 'Pragmatic Live' },
  { code: 'SA', category: 'LIVE', displayName: 'SA Gaming' },
  { code: 'DG', category: 'LIVE', displayName: 'Dream Gaming' },
  { code: 'WM', category: 'LIVE', displayName: 'WM Casino' },
  { code: 'JILI', category: 'FISH', displayName: 'JILI Fishing' },
  { code: 'FC', category: 'FISH', displayName: 'Fa Chai Fishing' },
  { code: 'JDB', category: 'FISH', displayName: 'JDB Fishing' },
  { code: 'CQ9', category: 'FISH', displayName: 'CQ9 Fishing', maintenance: true },
  { code: 'SABA', category: 'SPORTS', displayName: 'SABA Sports' },
  { code: 'SBO', category: 'SPORTS', displayName: 'SBOBET' },
  { code: 'UG', category: 'SPORTS', displayName: 'United Gaming' },
  { code: 'KM', category: 'PVP', displayName: 'Kingmaker' },
  { code: 'JILI', category: 'PVP', displayName: 'JILI Cards' },
  { code: 'V8', category: 'PVP', displayName: 'V8 Poker' },
  { code: 'TCG_LOTTO_VN', category: 'LOTT', displayName: 'Vietnam Lottery' },
  { code: 'TCG_SEA', category: 'LOTT', displayName: 'SEA Lottery' },
  { code: 'TCG', category: 'ELOTT', displayName: 'TCG Quick Lottery' },
  { code: 'LANNA', category: 'ELOTT', displayName: 'Lanna Keno' },
  { code: 'AV', category: 'ESPORTS', displayName: 'AV Esports' },
  { code: 'AI', category: 'ESPORTS', displayName: 'AI Esports' },
  { code: 'IMES', category: 'ESPORTS', displayName: 'IM Esports' },
  { code: 'TF', category: 'ESPORTS', displayName: 'TF Gaming' },
  { code: 'IA', category: 'ESPORTS', displayName: 'IA Esports' },
  { code: 'DS88', category: 'COCKFIGHT', displayName: 'DS88 Sabong' },
  { code: 'SV388', category: 'COCKFIGHT', displayName: 'SV388' },
];

/** Names one vendor row: its code and category. */
export const vendorKey = (code: string, category: GameCategory): string => `${code}/${category}`;

/**
 * Which vendors each merchant offers, in its display order. Lanna offers them all; Siam Royal a
 * subset with no esports, so its menu skips that category.
 */
export const MERCHANT_VENDOR_SEEDS: Record<string, string[]> = {
  lanna: VENDOR_SEEDS.map((vendor) => vendorKey(vendor.code, vendor.category)),
  siam: [
    vendorKey('PG', 'RNG'),
    vendorKey('LANNA', 'RNG'),
    vendorKey('JILI', 'RNG'),
    vendorKey('PP', 'RNG'),
    vendorKey('SEXY', 'LIVE'),
    vendorKey('SA', 'LIVE'),
    vendorKey('EVO', 'LIVE'),
    vendorKey('JILI', 'FISH'),
    vendorKey('SABA', 'SPORTS'),
    vendorKey('KM', 'PVP'),
    vendorKey('TCG_LOTTO_VN', 'LOTT'),
    vendorKey('TCG', 'ELOTT'),
    vendorKey('DS88', 'COCKFIGHT'),
  ],
};
