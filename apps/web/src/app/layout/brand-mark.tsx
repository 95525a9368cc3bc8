import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBootData } from '../boot-data';
import styles from './header.module.css';

/** The logo: the merchant's initial as an emblem and its name as a wordmark. */
/** `testId` is off for the copy in the mobile drawer, so the hook stays unique. */
export const BrandMark = ({ testId = true }: { testId?: boolean }) => {
  const { merchant } = useBootData();
  return (
    <Link to={paths.home} className={styles.brandLink}>
      <span className={styles.emblem} aria-hidden="true">
        {merchant.name.slice(0, 1).toUpperCase()}
      </span>
      <span className={styles.wordmark} data-testid={testId ? 'brand-name' : undefined}>
        {merchant.name}
      </span>
    </Link>
  );
};
