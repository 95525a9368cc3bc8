import type { MerchantBrand, Permission } from '@lanna/contract';
import { createContext, useContext } from 'react';

/** What the gate loaded before the app renders: the merchant's brand and the permission info. */
export type BootData = { merchant: MerchantBrand; permission: Permission };

export const BootDataContext = createContext<BootData | null>(null);

export const useBootData = (): BootData => {
  const data = useContext(BootDataContext);
  if (!data) throw new Error('useBootData outside the system gate');
  return data;
};
