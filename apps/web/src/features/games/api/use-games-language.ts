import type { BundledLanguage } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';

/** Game names come in the interface language: it keys every game query, so a change reloads. */
export const useGamesLanguage = (): BundledLanguage => currentLanguage(useTranslation().i18n);
