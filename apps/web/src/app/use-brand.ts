import type { MerchantBrand } from '@lanna/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { brandTextColour, luminance } from '@/lib/brand-colour';
import { changeLanguage } from '@/lib/i18n';
import { storedLanguage } from '@/lib/language';
import { rememberMerchant } from '@/lib/session';

/**
 * Applies the merchant's brand: its colours as CSS custom properties (with a readable text
 * colour on top of the primary, and the primary made readable as text on each theme), the document title, and its default language when the
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
    // tokens.css picks the one of its theme as --brand-text.
    style.setProperty('--brand-text-dark', brandTextColour(merchant.primaryColor, 'dark'));
    style.setProperty('--brand-text-light', brandTextColour(merchant.primaryColor, 'light'));
    document.title = merchant.tagline ? `${merchant.name} | ${merchant.tagline}` : merchant.name;
    rememberMerchant(merchant.code);
  }, [merchant]);

  useEffect(() => {
    if (merchant && !storedLanguage())
      void changeLanguage(i18n, merchant.defaultLanguage, { persist: false });
  }, [merchant, i18n]);
};
