import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import styles from './closed-screen.module.css';

type BlockedScreenProps = { brandName: string | undefined; ip: string };

/** Status 2 (spec section 8): title 'blockip', the visitor's IP and the text 'info ip block'. */
export const BlockedScreen = ({ brandName, ip }: BlockedScreenProps) => {
  const { t } = useTranslation();
  return (
    <main className={styles.screen} data-testid="blocked-screen">
      <section className={styles.card} aria-labelledby="blocked-title">
        {brandName && <p className={styles.brand}>{brandName}</p>}
        <span className={styles.emblem}>
          <Icon name="ban" size={40} />
        </span>
        <h1 id="blocked-title" className={styles.title}>
          {t('blockip')}
        </h1>
        <p className={styles.fact}>
          <span className={styles.factLabel}>{t('blocked.yourIp')}</span>
          <span className={styles.factValue} data-testid="blocked-ip">
            {ip}
          </span>
        </p>
        <p className={styles.text}>{t('info ip block')}</p>
      </section>
    </main>
  );
};
