import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '@/components/ui/icon';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

type LaterReleasePageProps = {
  title: string;
  icon: IconName;
  testId: string;
  badge?: string;
  children?: ReactNode;
};

/**
 * A screen whose content belongs to a later release: its translated title and a short line
 * saying so, never invented data.
 */
export const LaterReleasePage = ({
  title,
  icon,
  testId,
  badge,
  children,
}: LaterReleasePageProps) => {
  const { t } = useTranslation();
  return (
    <PagePlaceholder
      title={title}
      text={t('common.laterRelease')}
      badge={badge ?? t('common.comingSoon')}
      icon={icon}
      testId={testId}
    >
      {children}
    </PagePlaceholder>
  );
};
