import styles from './count-badge.module.css';

type CountBadgeProps = {
  count: number;
  /** The sentence screen readers hear instead of the figure ('3 unread messages'). */
  label: string;
  testId: string;
};

/** Above this a badge shows "99+": the exact figure is on the page it leads to. */
const MAX_SHOWN = 99;

/**
 * A red count badge (spec section 2: the member centre's red badges for missions, messages and
 * rewards). Nothing is shown for zero.
 */
export const CountBadge = ({ count, label, testId }: CountBadgeProps) => {
  if (count <= 0) return null;
  return (
    // A label on a plain span is not read out: the figure is for the eye, the sentence for
    // screen readers, as part of the link or button the badge sits in.
    <span className={styles.badge} data-testid={testId} data-count={count}>
      <span aria-hidden="true">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
};
