import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { pickServiceEntry } from '@/features/content/utils/customer-service';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { useBootData } from '../boot-data';
import styles from './right-bar.module.css';

/**
 * The floating customer-service button: the merchant's live-chat entry, else its first
 * customer-service entry (spec section 7), in a 440 x 750 window.
 */
export const ServiceButton = () => {
  const { t } = useTranslation();
  const entry = pickServiceEntry(useBootData().permission.customerService, 'LIVE_CHAT');
  if (!entry) return null;
  return (
    <button
      type="button"
      className={styles.service}
      data-testid="service-button"
      aria-label={t('layout.customerService')}
      title={t('layout.customerService')}
      onClick={() => openServiceWindow(entry.path)}
    >
      <Icon name="headset" size={26} />
    </button>
  );
};
