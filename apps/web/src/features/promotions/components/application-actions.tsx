import type { Promotion } from '@lanna/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { memberTabPath } from '@/config/paths';
import { ApplicationDialog } from './application-dialog';
import styles from './promotions.module.css';

type ApplicationActionsProps = {
  promotion: Promotion;
  /** Test ids read `${testIdPrefix}-apply-<id>`: the card's and the dialog's differ. */
  testIdPrefix: string;
};

/** The statuses a member may apply in: not yet, or again after a rejection. */
const APPLY_STATUSES: readonly Promotion['status'][] = ['join', 'rejected'];
/** The statuses with an application to follow in the reward centre. */
const APPLIED_STATUSES: readonly Promotion['status'][] = ['applying', 'issued', 'rejected'];

/**
 * What a signed-in member can do with an apply-and-review activity: apply (again after a
 * rejection) in a dialog, and follow their applications to the reward centre. After a sent
 * application the dialog closes and a note under the buttons says it waits for review; it takes
 * the focus, since the button that opened the dialog is gone.
 */
export const ApplicationActions = ({ promotion, testIdPrefix }: ApplicationActionsProps) => {
  const { t } = useTranslation();
  const [applying, setApplying] = useState(false);
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const { id, status } = promotion;
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const canApply = APPLY_STATUSES.includes(status);
  const followable = APPLIED_STATUSES.includes(status);
  if (!canApply && !followable && !sent && !applying) return null;
  return (
    <div className={styles.actions}>
      {canApply && (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => {
            setSent(false);
            setApplying(true);
          }}
          data-testid={`${testIdPrefix}-apply-${id}`}
        >
          {status === 'rejected' ? t('promotions.apply.again') : t('promotions.apply.button')}
        </button>
      )}
      {followable && (
        <Link
          to={memberTabPath('rewardCenter')}
          className="btn btn--secondary btn--sm"
          data-testid={`${testIdPrefix}-applications-link-${id}`}
        >
          {t('promotions.apply.viewApplications')}
        </Link>
      )}
      <div ref={sentRef} tabIndex={-1} aria-live="polite" className={styles.answer}>
        {sent && (
          <FormAlert tone="success" testId={`${testIdPrefix}-application-sent-${id}`}>
            {t('promotions.apply.sent')}
          </FormAlert>
        )}
      </div>
      <ApplicationDialog
        promotion={applying ? promotion : null}
        onClose={() => setApplying(false)}
        onApplied={() => {
          setApplying(false);
          setSent(true);
        }}
      />
    </div>
  );
};
