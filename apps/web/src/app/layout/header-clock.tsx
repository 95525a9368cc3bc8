import { useNow } from '@/lib/use-now';
import { formatClock, zoneOffsetLabel } from '@/lib/time';
import styles from './header.module.css';

/** `MM/DD hh:mm:ss` in the merchant's zone, ticking every second (spec section 2, Layout). */
export const HeaderClock = ({ timeZone }: { timeZone: string }) => {
  const now = useNow();
  return (
    <span className={styles.clock}>
      <time
        className={styles.clockTime}
        dateTime={now.toISOString()}
        data-testid="header-clock"
        suppressHydrationWarning
      >
        {formatClock(now, timeZone)}
      </time>
      <span className={styles.clockZone}>{zoneOffsetLabel(now, timeZone)}</span>
    </span>
  );
};
