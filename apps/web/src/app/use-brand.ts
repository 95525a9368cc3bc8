import type { MerchantBrand } from '@lanna/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';
import { storedLanguage } from '@/lib/language';
import { rememberMerchant } from '@/lib/session';

/** Relative luminance of a #rrggbb colour (WCAG 2 formula). */
const luminance = (hex: string): number => {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
};

/**
 * Applies the merchant's brand: its colours as CSS custom properties (with a readable text
 * colour on top of the primary), the document title, and its default language when the
 * visitor has not chosen one.
 */
export const useBrand = (merchant: MerchantBrand | undefined): void => {
  const { i18n } = useTranslation();

  useEffect(() => {
    if (!merchant) return;
    const style = document.documentElement.style;
    style.setProperty('--brand-primary', merchant.primaryColor);
    style.setProperty('--brand-accent', merchant.accentColor);
    style.setProperty('--on-brand', luminance(merchant.primaryColor) > 0.4 ? '#15110a' : '#ffffff');
    document.title = merchant.tagline ? `${merchant.name} | ${merchant.tagline}` : merchant.name;
    rememberMerchant(merchant.code);
  }, [merchant]);

  useEffect(() => {
    if (merchant && !storedLanguage())
      void changeLanguage(i18n, merchant.defaultLanguage, { persist: false });
  }, [merchant, i18n]);
};
