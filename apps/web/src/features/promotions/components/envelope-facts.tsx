import type { EnvelopeRule, EnvelopeState } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { useEnvelope } from '../api/get-envelope';
import { FairnessDisclosure, SeedProof } from './seed-proof';
import styles from './promotions.module.css';

type EnvelopeFactsProps = {
  promotionId: number;
  rule: EnvelopeRule;
  currency: CurrencyOf;
  testId: string;
};

/**
 * The commit and reveal of an envelope's split (decision 022): the seed's hash from the start;
 * once the activity has ended, the seed and every share, with how to check them. The shares
 * (up to 10,000) are drawn only while the disclosure is open.
 */
const Fairness = ({ state, currency }: { state: EnvelopeState; currency: CurrencyOf }) => {
  const { t } = useTranslation();
  return (
    <FairnessDisclosure testId="envelope-fairness">
      {(open) => (
        <>
          <dl className={styles.fairBody}>
            <SeedProof seedHash={state.seedHash} seed={state.seed} testIdPrefix="envelope" />
            {open && state.sharesMinor !== null && (
              <div>
                <dt>{t('promotions.envelope.fair.shares')}</dt>
                <dd>
                  {/* A scrolling list: focusable, so a keyboard alone can scroll it. */}
                  <ol
                    className={styles.shareList}
                    tabIndex={0}
                    aria-label={t('promotions.envelope.fair.shares')}
                    data-testid="envelope-shares"
                  >
                    {state.sharesMinor.map((shareMinor, index) => (
                      <li key={index}>{moneyText(currency, shareMinor)}</li>
                    ))}
                  </ol>
                </dd>
              </div>
            )}
          </dl>
          <p className={styles.fairNote}>
            {state.seed === null
              ? t('promotions.envelope.fair.pending')
              : t('promotions.envelope.fair.verify')}
          </p>
        </>
      )}
    </FairnessDisclosure>
  );
};

/**
 * A red envelope's figures, for everyone: the pool, the number of shares and how many are
 * opened, read from the envelope itself (the rule's figures stand in until it answers), then
 * its 'provably fair' disclosure.
 */
export const EnvelopeFacts = ({ promotionId, rule, currency, testId }: EnvelopeFactsProps) => {
  const { t } = useTranslation();
  const envelope = useEnvelope(promotionId);
  const state = envelope.data;
  return (
    <div className={styles.envelope} data-testid={testId}>
      <dl className={styles.envelopeFigures}>
        <div>
          <dt>{t('promotions.envelope.pool')}</dt>
          <dd>{moneyText(currency, state?.poolMinor ?? rule.poolMinor)}</dd>
        </div>
        <div>
          <dt>{t('promotions.envelope.shares')}</dt>
          <dd>{state?.shares ?? rule.shares}</dd>
        </div>
        <div>
          <dt>{t('promotions.envelope.opened')}</dt>
          <dd data-testid="envelope-opened">
            {state
              ? t('promotions.envelope.openedOf', { opened: state.opened, shares: state.shares })
              : t('common.loading')}
          </dd>
        </div>
      </dl>
      {state && <Fairness state={state} currency={currency} />}
    </div>
  );
};
