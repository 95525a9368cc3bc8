import type { CustomerServiceEntry } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Modal } from '@/components/ui/modal/modal';
import styles from './line-service-popup.module.css';

type LineServicePopupProps = {
  open: boolean;
  entries: readonly CustomerServiceEntry[];
  onOpenEntry: (entry: CustomerServiceEntry) => void;
  onClose: () => void;
};

/** The LINE customer-service list pop-up (spec section 2, Pop-ups): one button per LINE entry. */
export const LineServicePopup = ({
  open,
  entries,
  onOpenEntry,
  onClose,
}: LineServicePopupProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      name="lineServiceModal"
      open={open}
      title={t('customerService.lineTitle')}
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
      size="sm"
    >
      <ul className={styles.list} data-testid="line-service-list">
        {entries.map((entry) => (
          <li key={`${entry.title}-${entry.path}`}>
            <button
              type="button"
              className={styles.entry}
              onClick={() => {
                onOpenEntry(entry);
                onClose();
              }}
            >
              <Icon name="messageSquare" />
              <span>{entry.title}</span>
              <Icon name="chevronRight" size={16} />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
};
