import { AccountGames } from './account-games';

export const FavoriteRoute = () => <AccountGames kind="favorite" />;
