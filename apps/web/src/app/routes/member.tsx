import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MEMBER_TABS, type MemberTab } from '@/config/paths';
import { LaterReleasePage } from './later-release-page';

const isMemberTab = (value: string | null): value is MemberTab =>
  MEMBER_TABS.includes(value as MemberTab);

/** The member centre; its pages (?tab=) arrive with the member release. */
export const MemberRoute = () => {
  const { t } = useTranslation();
  const tab = useSearchParams()[0].get('tab');
  return (
    <LaterReleasePage
      title={t('pages.member')}
      icon="user"
      testId="page-member"
      badge={isMemberTab(tab) ? t(`memberTabs.${tab}`) : undefined}
    />
  );
};
