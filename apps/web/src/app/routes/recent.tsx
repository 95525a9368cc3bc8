import { AccountGames } from './account-games';

export const RecentRoute = () => <AccountGames key="recent" kind="recent" />;
