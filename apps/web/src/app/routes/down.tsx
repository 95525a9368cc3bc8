import type { ResourceType } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import type { IconName } from '@/components/ui/icon';
import { Icon } from '@/components/ui/icon';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { useBootData } from '../boot-data';
import styles from './down.module.css';

const APPS: { type: ResourceType; icon: IconName }[] = [
  { type: 'APP_IOS', icon: 'smartphone' },
  { type: 'APP_ANDROID', icon: 'smartphone' },
  { type: 'APP_LITE', icon: 'globe' },
];

/** App download: the merchant's configured app links; install guides come later. */
export const DownRoute = () => {
  const { t } = useTranslation();
  const { permission } = useBootData();
  const links = APPS.flatMap(({ type, icon }) => {
    const resource = permission.resources[type];
    return resource ? [{ type, icon, url: resource.url }] : [];
  });
  return (
    <PagePlaceholder
      icon="download"
      title={t('pages.down')}
      text={links.length > 0 ? t('down.text') : t('no data')}
      testId="page-down"
    >
      {links.length > 0 && (
        <div className={styles.links}>
          {links.map(({ type, icon, url }) => (
            <a
              key={type}
              className="btn btn--secondary"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`download-${type}`}
            >
              <Icon name={icon} size={18} />
              {t(`resources.${type}`)}
            </a>
          ))}
        </div>
      )}
      <p className={styles.later}>{t('down.guidesLater')}</p>
    </PagePlaceholder>
  );
};
