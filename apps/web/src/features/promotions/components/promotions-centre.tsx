import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordsView } from '@/components/ui/records-view';
import { PROMOTION_TABS, promotionsPath, type PromotionTab } from '@/config/paths';
import type { CurrencyOf } from '@/lib/money';
import { usePromotions, type PromotionsViewer } from '../hooks/use-promotions';
import { PromotionCard, PromotionCardSkeleton } from './promotion-card';
import { PromotionDialog } from './promotion-dialog';
import styles from './promotions.module.css';

/** Cards standing in for the grid while its first answer loads: two rows of a wide screen. */
const SKELETON_CARDS = 6;

type PromotionsCentreProps = {
  category: PromotionTab;
  viewer: PromotionsViewer;
  timeZone: string;
  /** The merchant's: a deposit bonus's cap and minimum deposit are shown in it. */
  currency: CurrencyOf;
};

const CategoryTabs = ({ current }: { current: PromotionTab }) => {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the tabs scroll sideways: keep the current one in view (a link to a late tab).
  useEffect(() => {
    currentRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav className={styles.tabs} aria-label={t('promotions.categoriesLabel')}>
      <ul className={styles.tabList}>
        {PROMOTION_TABS.map((tab) => (
          <li key={tab}>
            <Link
              ref={tab === current ? currentRef : undefined}
              to={promotionsPath(tab)}
              className={styles.tab}
              aria-current={tab === current ? 'page' : undefined}
              data-testid={`promotion-tab-${tab}`}
            >
              {t(`promotions.categories.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};

/**
 * The promotions centre (spec section 2; issue 24 item 1): a tab per promotion category, each
 * its own address, over a grid of the category's activities with the caller's status of each;
 * a card opens the activity in full.
 */
export const PromotionsCentre = ({
  category,
  viewer,
  timeZone,
  currency,
}: PromotionsCentreProps) => {
  const { t } = useTranslation();
  const promotions = usePromotions(category, viewer);
  const signedIn = viewer.token !== null;
  const memberToken = viewer.trial === true ? null : viewer.token;
  // The id, not the activity: the dialog shows the latest answer (its status after a claim).
  const [shownId, setShownId] = useState<number | null>(null);
  const shown = promotions.data?.list.find((promotion) => promotion.id === shownId) ?? null;
  return (
    <div className={styles.centre}>
      <CategoryTabs current={category} />
      <RecordsView
        query={promotions}
        testId="promotions"
        isEmpty={(value) => value.list.length === 0}
        emptyIcon="gift"
        skeleton={
          <div role="status" aria-label={t('common.loading')} className={styles.grid}>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <PromotionCardSkeleton key={index} />
            ))}
          </div>
        }
      >
        {(value) => (
          <ul
            className={styles.grid}
            aria-busy={promotions.isPlaceholderData}
            data-testid="promotion-grid"
          >
            {value.list.map((promotion) => (
              <li key={promotion.id} className={styles.cell}>
                <PromotionCard
                  promotion={promotion}
                  timeZone={timeZone}
                  currency={currency}
                  signedIn={signedIn}
                  onOpen={(opened) => setShownId(opened.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </RecordsView>
      <PromotionDialog
        promotion={shown}
        timeZone={timeZone}
        currency={currency}
        signedIn={signedIn}
        memberToken={memberToken}
        onClose={() => setShownId(null)}
      />
    </div>
  );
};
