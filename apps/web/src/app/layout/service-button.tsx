import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { useBootData } from '../boot-data';
import styles from './right-bar.module.css';

/** The floating customer-service button: the merchant's first customer-service entry. */
export const ServiceButton = () => {
  const { t } = useTranslation();
  const entry = useBootData().permission.customerService[0];
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
