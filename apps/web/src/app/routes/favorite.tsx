import { AccountGames } from './account-games';

export const FavoriteRoute = () => <AccountGames key="favorite" kind="favorite" />;
