import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Modal } from '@/components/ui/modal/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { Spinner } from '@/components/ui/spinner';
import { useHelpCentre } from '../api/help-centre';
import styles from './help-centre.module.css';

/** The anchor that opens the help pop-up on the terms (spec section 2, Routes: /help#term). */
export const TERMS_ANCHOR = 'term';

const anchorOf = (hash: string): string => decodeURIComponent(hash.replace(/^#/, ''));

/**
 * The embedded help component of the help page (spec section 2): the merchant's articles for
 * the interface language, each a section that opens on click. `/help#<anchor>` opens that
 * article in the help pop-up, so a link to the terms lands on them directly.
 */
export const HelpCentre = () => {
  const { t } = useTranslation();
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const help = useHelpCentre();
  const list = help.data?.list ?? [];
  const anchor = anchorOf(hash);
  // The pop-up follows the address: it shows while the anchor names an article.
  const popup = anchor ? (list.find((item) => item.anchor === anchor) ?? null) : null;

  // The anchor goes with the pop-up, so going back does not reopen it.
  const closePopup = () => void navigate({ pathname, search }, { replace: true });

  if (help.isPending) return <Spinner label={t('common.loading')} centred />;
  if (help.isError) {
    return <LoadError message={t('content.loadFailed')} onRetry={() => void help.refetch()} />;
  }
  if (list.length === 0) return <EmptyState icon="help" message={t('no data')} />;
  return (
    <div className={styles.articles} data-testid="help-articles">
      {list.map((article, index) => (
        <details
          key={article.id}
          id={`help-${article.anchor}`}
          className={styles.article}
          open={index === 0}
          data-testid={`help-article-${article.anchor}`}
        >
          <summary className={styles.summary}>{article.title}</summary>
          <SafeHtml className={styles.html} html={article.content} />
        </details>
      ))}
      <Modal
        name="helpModal"
        open={popup !== null}
        title={popup?.title ?? t('in_help_center')}
        closable
        closeLabel={t('common.close')}
        onClose={closePopup}
        size="lg"
      >
        {popup && <SafeHtml className={styles.html} html={popup.content} testId="help-popup" />}
      </Modal>
    </div>
  );
};
