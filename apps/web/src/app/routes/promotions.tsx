import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { PROMOTION_TABS, type PromotionTab } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PromotionsCentre } from '@/features/promotions/components/promotions-centre';
import { AccessBanner } from '@/features/system/components/access-banner';
import { useBootData } from '../boot-data';
import styles from './content-page.module.css';

const isPromotionTab = (value: string | null): value is PromotionTab =>
  PROMOTION_TABS.includes(value as PromotionTab);

/**
 * /promotions, the promotions centre (spec section 2): the category of `?category=`, every
 * activity when absent or unknown; a signed-in member (a trial too) sees their own status of
 * each activity, a visitor the visitor's. Beside them, the banner on getting past blocks.
 */
export const PromotionsRoute = () => {
  const { t } = useTranslation();
  const { merchant } = useBootData();
  const auth = useAuth();
  const requested = useSearchParams()[0].get('category');
  const category: PromotionTab = isPromotionTab(requested) ? requested : 'all';
  return (
    <section className={styles.page} data-testid="page-promotions">
      <header className={styles.head}>
        <span className={styles.icon}>
          <Icon name="gift" size={22} />
        </span>
        <h1 className={styles.title}>{t('pages.promotions')}</h1>
      </header>
      <AccessBanner />
      <PromotionsCentre
        category={category}
        viewer={{
          token: auth.isLogin ? auth.token : null,
          pending: auth.isPending,
          trial: auth.isTrial,
        }}
        timeZone={merchant.timeZone}
        currency={merchant}
      />
    </section>
  );
};
