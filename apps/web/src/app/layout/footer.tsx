import { CATEGORY_ROUTES, type GameMenu, type VendorItem } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { memberTabPath, paths } from '@/config/paths';
import { useGameMenus } from '@/features/games/api/get-game-menus';
import { vendorPalette } from '@/features/games/utils/vendor-palette';
import { useDomainRoute } from '@/features/system/api/get-domain-route';
import { openServiceWindow } from '@/features/system/utils/open-service-window';
import { isWhitelabelEnabled } from '@/features/system/utils/whitelabel';
import { useNow } from '@/lib/use-now';
import { zonedYear } from '@/lib/time';
import { useBootData } from '../boot-data';
import { BrandMark } from './brand-mark';
import styles from './footer.module.css';

/** Footer vendor logos are unique by vassalage (spec section 9). */
export const uniqueVendors = (menus: readonly GameMenu[]): VendorItem[] => {
  const seen = new Map<string, VendorItem>();
  for (const menu of menus)
    for (const vendor of menu.vendors)
      if (!seen.has(vendor.vassalage)) seen.set(vendor.vassalage, vendor);
  return [...seen.values()];
};

/**
 * The copyright line, whose year turns at the zone's midnight: on its own, so the clock's tick
 * each second renders this line and not the whole footer.
 */
const Copyright = ({ brand, timeZone }: { brand: string; timeZone: string }) => {
  const { t } = useTranslation();
  const year = zonedYear(useNow(), timeZone);
  return <span data-testid="footer-copyright">{t('footer.copyright', { year, brand })}</span>;
};

/** Spec section 2, Footer: links, categories, vendor badges, licence, VPN tip and mirrors. */
export const Footer = () => {
  const { t } = useTranslation();
  const { merchant, permission } = useBootData();
  const menus = useGameMenus().data?.menus ?? [];
  const domains = useDomainRoute().data;
  const liveChat = permission.resources.LIVE_CHAT;
  const categories = menus.filter((menu) => menu.vendors.length > 0);
  const vendors = uniqueVendors(menus);

  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.inner}>
        <div className={styles.columns}>
          <div className={styles.about}>
            <BrandMark testId={false} />
            <p className={styles.tagline}>{merchant.tagline}</p>
          </div>
          <nav aria-label={t('footer.promotions')}>
            <h2 className={styles.colTitle}>{t('footer.promotions')}</h2>
            <ul className={styles.links}>
              <li>
                <Link className={styles.link} to={paths.promotions}>
                  {t('menu.promotions')}
                </Link>
              </li>
              <li>
                <Link className={styles.link} to={memberTabPath('missionActivity')}>
                  {t('footer.missions')}
                </Link>
              </li>
              {isWhitelabelEnabled(permission.whitelabel, 'MANPLAYREB3') && (
                <li>
                  <Link className={styles.link} to={memberTabPath('manualRebate')}>
                    {t('menu.manualRebate')}
                  </Link>
                </li>
              )}
              <li>
                <Link className={styles.link} to={memberTabPath('rewardCenter')}>
                  {t('footer.rewardCenter')}
                </Link>
              </li>
              {permission.vipEnabled && (
                <li>
                  <Link className={styles.link} to={memberTabPath('vip')}>
                    {t('menu.vip')}
                  </Link>
                </li>
              )}
            </ul>
          </nav>
          <nav aria-label={t('footer.games')}>
            <h2 className={styles.colTitle}>{t('footer.games')}</h2>
            <ul className={styles.links}>
              {categories.map((menu) => (
                <li key={menu.gameCategory}>
                  <Link className={styles.link} to={CATEGORY_ROUTES[menu.gameCategory]}>
                    {t(`categories.${menu.gameCategory}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label={t('footer.support')}>
            <h2 className={styles.colTitle}>{t('footer.support')}</h2>
            <ul className={styles.links}>
              <li>
                <Link className={styles.link} to={paths.help}>
                  {t('menu.help')}
                </Link>
              </li>
              {liveChat && (
                <li>
                  <button
                    type="button"
                    className={styles.link}
                    onClick={() => openServiceWindow(liveChat.url, 'liveChat')}
                  >
                    {t('menu.liveChat')}
                  </button>
                </li>
              )}
              <li>
                <Link className={styles.link} to={paths.down}>
                  {t('menu.appDownload')}
                </Link>
              </li>
              <li>
                <Link className={styles.link} to={paths.announce}>
                  {t('footer.announcements')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>

        {vendors.length > 0 && (
          <section className={styles.vendors} aria-label={t('footer.vendors')}>
            <h2 className={styles.colTitle}>{t('footer.vendors')}</h2>
            <ul className={styles.badges} data-testid="footer-vendors">
              {vendors.map((vendor) => (
                <li key={vendor.vassalage} className={styles.badge}>
                  <span
                    className={styles.badgeDot}
                    style={{ background: vendorPalette(vendor.vassalage).from }}
                    aria-hidden="true"
                  />
                  {vendor.displayName}
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className={styles.notices}>
          <p className={styles.notice}>
            <Icon name="shield" />
            <span>
              <strong>{t('footer.licenceTitle')}</strong>
              {merchant.licence}
            </span>
          </p>
          <p className={styles.notice}>
            <Icon name="wifi" />
            <span>
              <strong>{t('footer.vpnTitle')}</strong>
              {t('footer.vpnTip')}
            </span>
          </p>
          <p className={styles.notice} data-testid="footer-mirrors">
            <Icon name="globe" />
            <span>
              <strong>{t('footer.mirrorTitle')}</strong>
              {domains ? (
                <>
                  {t('footer.mirrorText')}{' '}
                  <span className={styles.mirrors}>
                    {[domains.mainDomain, ...domains.mirrors].join(' · ')}
                  </span>
                </>
              ) : (
                t('footer.mirrorText')
              )}
            </span>
          </p>
        </div>

        <div className={styles.bottom}>
          <Copyright brand={merchant.name} timeZone={merchant.timeZone} />
          <span className={styles.bottomEnd}>
            <span className={styles.age} aria-hidden="true">
              {t('footer.ageBadge')}
            </span>
            {t('footer.responsible')}
          </span>
        </div>
      </div>
    </footer>
  );
};
