import type { ReactNode } from 'react';
import styles from './feedback.module.css';
import { Icon, type IconName } from './icon';

type EmptyStateProps = { message: ReactNode; icon?: IconName; action?: ReactNode };

export const EmptyState = ({ message, icon = 'grid', action }: EmptyStateProps) => (
  <div className={styles.empty} data-testid="empty-state">
    <span className={styles.emptyIcon}>
      <Icon name={icon} size={24} />
    </span>
    <p>{message}</p>
    {action}
  </div>
);
