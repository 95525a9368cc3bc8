import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useDomainRoute } from '../api/get-domain-route';
import styles from './access-banner.module.css';

/**
 * The banner beside the promotions (spec section 2): a free DNS app gets past most network
 * blocks, and the merchant's official addresses, so a member reaches the site and its offers
 * without trusting a look-alike. The addresses wait for the domain list; the tip does not.
 */
export const AccessBanner = () => {
  const { t } = useTranslation();
  const domains = useDomainRoute().data;
  const addresses = domains ? [domains.mainDomain, ...domains.mirrors] : [];
  return (
    <aside
      className={styles.banner}
      aria-labelledby="access-banner-title"
      data-testid="access-banner"
    >
      <Icon name="shield" size={20} />
      <div className={styles.text}>
        <h2 id="access-banner-title" className={styles.title}>
          {t('promotions.access.title')}
        </h2>
        <p className={styles.tip}>{t('promotions.access.dnsTip')}</p>
        {addresses.length > 0 && (
          <p className={styles.tip}>
            {t('promotions.access.mirrors')}{' '}
            <span className={styles.domains} data-testid="access-banner-domains">
              {addresses.join(' · ')}
            </span>
          </p>
        )}
      </div>
    </aside>
  );
};
