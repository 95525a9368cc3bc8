import { AccountGames } from './account-games';

export const RecentRoute = () => <AccountGames kind="recent" />;
