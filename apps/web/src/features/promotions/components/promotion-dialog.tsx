import {
  isContestKind,
  type BonusRule,
  type EnvelopeRule,
  type Promotion,
  type RewardRule,
} from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { bonusTermsText } from '../utils/bonus-text';
import { periodText } from '../utils/period-text';
import { rewardTermsText } from '../utils/reward-text';
import { ContributionList } from './bonus-parts';
import { ContestBoard } from './contest-board';
import { ContestFacts } from './contest-facts';
import { EnvelopeFacts } from './envelope-facts';
import { PromotionActions } from './promotion-actions';
import { PromotionArt, PromotionStatusBadge } from './promotion-parts';
import styles from './promotions.module.css';

type PromotionDialogProps = {
  /** The activity shown; null keeps the dialog closed. */
  promotion: Promotion | null;
  timeZone: string;
  currency: CurrencyOf;
  signedIn: boolean;
  /** A real member's session token (null for a visitor or a trial): a contest's own standing. */
  memberToken: string | null;
  onClose: () => void;
};

/** A wagering requirement's facts: the games whose bets count, and what a withdrawal does. */
const WageringFacts = ({
  rule,
}: {
  rule: Pick<BonusRule | RewardRule, 'contributionPercent' | 'forfeitOnWithdrawal'>;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.fact}>
        <dt>{t('promotions.bonus.gamesCounted')}</dt>
        <dd>
          <ContributionList contributionPercent={rule.contributionPercent} />
        </dd>
      </div>
      <div className={styles.fact}>
        <dt>{t('promotions.bonus.withdrawal')}</dt>
        <dd>
          {rule.forfeitOnWithdrawal
            ? t('promotions.bonus.withdrawalForfeits')
            : t('promotions.bonus.withdrawalWaits')}
        </dd>
      </div>
    </>
  );
};

/** A deposit bonus's rule as facts of the dialog: what it pays, from what deposit, what counts. */
const BonusFacts = ({ rule, currency }: { rule: BonusRule; currency: CurrencyOf }) => {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.fact}>
        <dt>{t('promotions.bonus.title')}</dt>
        <dd>{bonusTermsText(t, rule, currency)}</dd>
      </div>
      <div className={styles.fact}>
        <dt>{t('promotions.bonus.minDeposit')}</dt>
        <dd>{moneyText(currency, rule.minDepositMinor)}</dd>
      </div>
      <WageringFacts rule={rule} />
    </>
  );
};

/**
 * A period reward's rule as facts of the dialog: what it pays on what condition and its wagering;
 * while there is wagering, the games that count and what a withdrawal does. A reward without
 * wagering is paid to the main wallet at once, so neither applies to it.
 */
const RewardFacts = ({ rule, currency }: { rule: RewardRule; currency: CurrencyOf }) => {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.fact}>
        <dt>{t('promotions.reward.title')}</dt>
        <dd>{rewardTermsText(t, rule, currency)}</dd>
      </div>
      {rule.wageringMultiplier > 0 && <WageringFacts rule={rule} />}
    </>
  );
};

/** A red envelope's least share as a fact of the dialog; its pool and shares follow below. */
const EnvelopeRuleFact = ({ rule, currency }: { rule: EnvelopeRule; currency: CurrencyOf }) => {
  const { t } = useTranslation();
  return (
    <div className={styles.fact}>
      <dt>{t('promotions.envelope.minShare')}</dt>
      <dd>{moneyText(currency, rule.minShareMinor)}</dd>
    </div>
  );
};

/**
 * An activity in full: its period, categories, the caller's status, a deposit bonus's, a period
 * reward's, a red envelope's or a contest's rule (a contest with its board) with what the member
 * can do about it, then the operators' rules and terms, sanitised again here as every
 * operator-written HTML is.
 */
export const PromotionDialog = ({
  promotion,
  timeZone,
  currency,
  signedIn,
  memberToken,
  onClose,
}: PromotionDialogProps) => {
  const { t } = useTranslation();
  const contestKind = promotion && isContestKind(promotion.kind) ? promotion.kind : null;
  return (
    <Modal
      name="promotionModal"
      open={promotion !== null}
      title={promotion?.title}
      closable
      closeLabel={t('common.close')}
      onClose={onClose}
      size="lg"
    >
      {promotion && (
        // Long rules scroll the dialog's body: the article takes the focus, so a keyboard alone
        // can scroll them.
        <article
          className={styles.detail}
          tabIndex={0}
          aria-label={promotion.title}
          data-testid="promotion-detail"
        >
          {/* The drawn placeholder stays on the card: here it would only push the rules down. */}
          {promotion.imageUrl !== null && <PromotionArt imageUrl={promotion.imageUrl} />}
          {promotion.summary && <p className={styles.lead}>{promotion.summary}</p>}
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('promotions.detail.period')}</dt>
              <dd>{periodText(t, promotion, timeZone)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('promotions.detail.categories')}</dt>
              <dd>
                <ul className={styles.chips}>
                  {promotion.categories.map((category) => (
                    <li key={category} className={styles.chip}>
                      {t(`promotions.categories.${category}`)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('promotions.detail.status')}</dt>
              <dd>
                <PromotionStatusBadge
                  status={promotion.status}
                  contest={contestKind !== null}
                  testId={`promotion-detail-status-${promotion.id}`}
                />
              </dd>
            </div>
            {promotion.bonusRule && <BonusFacts rule={promotion.bonusRule} currency={currency} />}
            {promotion.rewardRule && (
              <RewardFacts rule={promotion.rewardRule} currency={currency} />
            )}
            {promotion.envelopeRule && (
              <EnvelopeRuleFact rule={promotion.envelopeRule} currency={currency} />
            )}
            {promotion.contestRule && promotion.endsAt !== null && (
              <ContestFacts
                rule={promotion.contestRule}
                endsAt={promotion.endsAt}
                timeZone={timeZone}
                currency={currency}
              />
            )}
          </dl>
          {promotion.envelopeRule && (
            <EnvelopeFacts
              promotionId={promotion.id}
              rule={promotion.envelopeRule}
              currency={currency}
              testId="promotion-detail-envelope"
            />
          )}
          {contestKind !== null && (
            <ContestBoard
              promotionId={promotion.id}
              kind={contestKind}
              currency={currency}
              memberToken={memberToken}
            />
          )}
          {signedIn && (
            <PromotionActions
              promotion={promotion}
              currency={currency}
              testIdPrefix="promotion-detail"
            />
          )}
          {/* A visitor sees an activity with an audience as forbidden until signed in. */}
          {!signedIn && promotion.status === 'application_forbidden' && (
            <p className={styles.hint}>{t('promotions.signInToCheck')}</p>
          )}
          <SafeHtml className={styles.html} html={promotion.content} testId="promotion-content" />
        </article>
      )}
    </Modal>
  );
};
