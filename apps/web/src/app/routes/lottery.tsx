import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { LaterReleasePage } from './later-release-page';

/** /lottery, /seaLottery, /vnLottery and /sealottery: one lottery screen, login required. */
export const LotteryRoute = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const gameCode = useSearchParams()[0].get('gameCode');
  const key =
    pathname.toLowerCase() === paths.seaLottery.toLowerCase()
      ? 'pages.seaLottery'
      : pathname === paths.vnLottery
        ? 'pages.vnLottery'
        : 'pages.lottery';
  return (
    <LaterReleasePage
      title={t(key)}
      icon="ticket"
      testId="page-lottery"
      badge={gameCode ?? undefined}
    />
  );
};
