import type { CurrencyOf } from '@/lib/money';
import { AvailableRewards } from './available-rewards';
import { BonusGrants } from './bonus-grants';
import { MemberApplications } from './member-applications';
import styles from './applications.module.css';

type RewardCentreProps = {
  token: string;
  timeZone: string;
  /** The merchant's: bonuses and rewards are in it. */
  currency: CurrencyOf;
};

/**
 * The member centre's reward centre (spec section 2): what the member can claim now, what the
 * promotions gave them (their bonuses with the wagering still to do), then their applications
 * to apply-and-review activities.
 */
export const RewardCentre = ({ token, timeZone, currency }: RewardCentreProps) => (
  <div className={styles.sections} data-testid="reward-centre">
    <AvailableRewards token={token} />
    <BonusGrants token={token} timeZone={timeZone} currency={currency} />
    <MemberApplications token={token} timeZone={timeZone} currency={currency} />
  </div>
);
