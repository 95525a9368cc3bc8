import type { EnvelopeOpening, Promotion } from '@lanna/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '@/components/ui/form/failure-text';
import { FormAlert } from '@/components/ui/form/form-alert';
import { Icon } from '@/components/ui/icon';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { useOpenEnvelope } from '../api/open-envelope';
import styles from './promotions.module.css';

type EnvelopeActionsProps = {
  promotion: Promotion;
  currency: CurrencyOf;
  /** Starts every test id: '' on the card (`envelope-open-<id>`), the dialog's prefix there. */
  testIdScope: string;
};

type EnvelopeWonProps = { opening: EnvelopeOpening; currency: CurrencyOf; testIdScope: string };

/** The share won, large and in the envelope's colours; a screen reader hears it as a status. */
const EnvelopeWon = ({ opening, currency, testIdScope }: EnvelopeWonProps) => {
  const { t } = useTranslation();
  return (
    <div className={styles.won} role="status" data-testid={`${testIdScope}envelope-won`}>
      <span className={styles.wonIcon}>
        <Icon name="gift" size={28} />
      </span>
      <div className={styles.wonText}>
        <p className={styles.wonTitle}>{t('promotions.envelope.wonTitle')}</p>
        <p className={styles.wonAmount} data-testid={`${testIdScope}envelope-amount`}>
          {moneyText(currency, opening.amountMinor)}
        </p>
        <p className={styles.wonNote}>{t('promotions.envelope.wonNote')}</p>
      </div>
    </div>
  );
};

/**
 * What a signed-in member can do with a red envelope: open it once while it runs. The share won
 * (or why the opening was refused) stays under it after the centre is read again; the answer
 * takes the focus, since the button it replaces is gone.
 */
export const EnvelopeActions = ({ promotion, currency, testIdScope }: EnvelopeActionsProps) => {
  const { t } = useTranslation();
  const opening = useOpenEnvelope();
  const answerRef = useRef<HTMLDivElement>(null);
  const { id, status } = promotion;
  const settled = opening.isSuccess || opening.isError;
  useEffect(() => {
    if (settled) answerRef.current?.focus();
  }, [settled]);

  // A paid share hides the button at once, before the centre's new answer says 'claimed'.
  const openable = (status === 'join' && !opening.isSuccess) || opening.isPending;
  const answer = opening.isSuccess ? (
    <EnvelopeWon opening={opening.data} currency={currency} testIdScope={testIdScope} />
  ) : opening.isError ? (
    <FormAlert testId={`${testIdScope}envelope-error`}>{failureText(t, opening.error)}</FormAlert>
  ) : null;
  if (!openable && answer === null) return null;
  return (
    <div className={styles.actions}>
      {openable && (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={opening.isPending}
          aria-busy={opening.isPending}
          onClick={() => opening.mutate(id)}
          data-testid={`${testIdScope}envelope-open-${id}`}
        >
          {opening.isPending ? t('promotions.envelope.opening') : t('promotions.envelope.open')}
        </button>
      )}
      <div ref={answerRef} tabIndex={-1} aria-live="polite" className={styles.answer}>
        {answer}
      </div>
    </div>
  );
};
