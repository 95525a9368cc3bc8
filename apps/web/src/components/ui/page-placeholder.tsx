import type { ReactNode } from 'react';
import styles from './feedback.module.css';
import { Icon, type IconName } from './icon';

type PagePlaceholderProps = {
  title: ReactNode;
  text: ReactNode;
  badge?: ReactNode;
  icon?: IconName;
  children?: ReactNode;
  testId?: string;
};

/** A page that only names itself: its title, a short line and optional actions. */
export const PagePlaceholder = ({
  title,
  text,
  badge,
  icon = 'sparkles',
  children,
  testId,
}: PagePlaceholderProps) => (
  <section className={styles.placeholder} data-testid={testId}>
    <span className={styles.placeholderIcon}>
      <Icon name={icon} size={34} />
    </span>
    {badge && <span className={styles.placeholderBadge}>{badge}</span>}
    <h1 className={styles.placeholderTitle}>{title}</h1>
    <p className={styles.placeholderText}>{text}</p>
    {children}
  </section>
);
