import { BUNDLED_LANGUAGES, type BundledLanguage } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { updateLanguageRequest } from '@/features/system/api/update-language';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { htmlLang, LANGUAGE_AUTONYMS } from '@/lib/language';
import { useBootData } from '../boot-data';
import styles from './header.module.css';

/**
 * The languages offered: those the merchant enables that also ship a bundle. The choice is
 * stored locally and sent to the server (spec section 1).
 */
export const LanguageSelect = () => {
  const { t, i18n } = useTranslation();
  const { merchant } = useBootData();
  const current = currentLanguage(i18n);
  const enabled = BUNDLED_LANGUAGES.filter(
    (language) => language === current || merchant.languages.includes(language),
  );

  const onChange = (language: BundledLanguage) => {
    void changeLanguage(i18n, language, { persist: true });
    // The interface has already switched; the server learning it can fail quietly.
    updateLanguageRequest(language).catch(() => undefined);
  };

  return (
    <label className={styles.selectWrap}>
      <Icon name="globe" size={16} />
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        className={styles.select}
        value={current}
        data-testid="language-select"
        onChange={(event) => onChange(event.target.value as BundledLanguage)}
      >
        {enabled.map((language) => (
          <option key={language} value={language} lang={htmlLang(language)}>
            {language} · {LANGUAGE_AUTONYMS[language]}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={14} />
    </label>
  );
};
