import type { ActivityApplication } from '@lanna/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordsView } from '@/components/ui/records-view';
import { promotionsPath } from '@/config/paths';
import { moneyText, type CurrencyOf } from '@/lib/money';
import { formatDateTime } from '@/lib/time';
import { useMemberApplications } from '../api/find-member-applications';
import { ListSkeleton } from './list-skeleton';
import { PromotionStatusBadge } from './promotion-parts';
import styles from './applications.module.css';

/** Applications standing in for the list while its first answer loads. */
const SKELETON_APPLICATIONS = 2;

type MemberApplicationsProps = {
  token: string;
  timeZone: string;
  /** The merchant's: an approval's reward is in it. */
  currency: CurrencyOf;
};

type ApplicationRowProps = Omit<MemberApplicationsProps, 'token'> & {
  application: ActivityApplication;
};

type WhenProps = { label: 'applied' | 'reviewed'; iso: string; timeZone: string };

/** 'Applied 2026/03/02 10:00', in the merchant's zone, in the member's word order. */
const When = ({ label, iso, timeZone }: WhenProps) => {
  const { t } = useTranslation();
  return (
    <time dateTime={iso}>
      {t(`applications.${label}`, { date: formatDateTime(new Date(iso), timeZone) })}
    </time>
  );
};

/**
 * One application: its activity, status, when it was sent and reviewed (in the merchant's
 * zone), what the member wrote, the reward an approval paid and the operator's note.
 */
const ApplicationRow = ({ application, timeZone, currency }: ApplicationRowProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const { id, status, rewardMinor, reviewNote, reviewedAt } = application;
  return (
    <article
      className={styles.application}
      aria-labelledby={titleId}
      data-status={status}
      data-testid={`application-${id}`}
    >
      <div className={styles.head}>
        <h3 id={titleId} className={styles.title}>
          {application.title}
        </h3>
        <PromotionStatusBadge status={status} testId={`application-status-${id}`} />
      </div>
      <p className={styles.dates}>
        <When label="applied" iso={application.appliedAt} timeZone={timeZone} />
        {reviewedAt !== null && <When label="reviewed" iso={reviewedAt} timeZone={timeZone} />}
      </p>
      {application.comment && <p className={styles.comment}>{application.comment}</p>}
      {application.imageCount > 0 && (
        <p className={styles.meta}>
          {t('applications.imageCount', { count: application.imageCount })}
        </p>
      )}
      {(rewardMinor !== null || reviewNote) && (
        <dl className={styles.review}>
          {status === 'issued' && rewardMinor !== null && (
            <div>
              <dt>{t('applications.reward')}</dt>
              <dd className={styles.reward} data-testid="application-reward">
                {moneyText(currency, rewardMinor)}
              </dd>
            </div>
          )}
          {reviewNote && (
            <div>
              <dt>{t('applications.note')}</dt>
              <dd className={styles.note} data-testid="application-note">
                {reviewNote}
              </dd>
            </div>
          )}
        </dl>
      )}
    </article>
  );
};

/**
 * My applications (issue 24 item 2): each application to an apply-and-review activity, newest
 * first, with its review; read again whenever it is shown, since an operator may decide at any
 * time.
 */
export const MemberApplications = ({ token, timeZone, currency }: MemberApplicationsProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const applications = useMemberApplications(token);
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="my-applications">
      <h2 id={headingId} className={styles.heading}>
        {t('applications.title')}
      </h2>
      <RecordsView
        query={applications}
        testId="my-applications"
        isEmpty={(value) => value.list.length === 0}
        emptyIcon="award"
        emptyMessage={t('applications.empty')}
        emptyAction={
          <Link to={promotionsPath('all')} className="btn btn--secondary">
            {t('applications.browse')}
          </Link>
        }
        skeleton={<ListSkeleton count={SKELETON_APPLICATIONS} />}
      >
        {(value) => (
          <ul className={styles.list}>
            {value.list.map((application) => (
              <li key={application.id}>
                <ApplicationRow application={application} timeZone={timeZone} currency={currency} />
              </li>
            ))}
          </ul>
        )}
      </RecordsView>
    </section>
  );
};
