import { CATEGORY_ROUTES, GAME_CATEGORIES } from '@lanna/contract';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { ReactNode } from 'react';
import { HOME_ALIASES, loginPath, paths } from '@/config/paths';
import { lazyNamed } from '@/lib/lazy-named';
import { hasSession } from '@/lib/session';
import { BootCover } from './boot-cover';
import { screenLoaders } from './first-screen';
import { AgentLayout } from './layout/agent-layout';
import { MainLayout } from './layout/main-layout';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import type { RouteHandle } from './route-handle';

/*
 * Every screen is its own lazy chunk; the groups of spec section 2 are: GameCenter (home),
 * GameListCenter (category lobbies), AccountGame (favourite, recent), Lottery, Promotions,
 * PointMall, Seamless and MemberCenter. Only the layout ships with the app chunk.
 */
const HomeRoute = lazyNamed(screenLoaders.home, 'HomeRoute');
const CategoryLobbyRoute = lazyNamed(screenLoaders.lobby, 'CategoryLobbyRoute');
const ForgetRoute = lazyNamed(() => import('./routes/forget'), 'ForgetRoute');
const AgentRoute = lazyNamed(() => import('./routes/agent'), 'AgentRoute');
const AgentHomeRoute = lazyNamed(() => import('./routes/agent-home'), 'AgentHomeRoute');
const MemberRoute = lazyNamed(screenLoaders.member, 'MemberRoute');
const HelpRoute = lazyNamed(() => import('./routes/help'), 'HelpRoute');
const FavoriteRoute = lazyNamed(() => import('./routes/favorite'), 'FavoriteRoute');
const RecentRoute = lazyNamed(() => import('./routes/recent'), 'RecentRoute');
const LotteryRoute = lazyNamed(() => import('./routes/lottery'), 'LotteryRoute');
const PromotionsRoute = lazyNamed(() => import('./routes/promotions'), 'PromotionsRoute');
const PointMallRoute = lazyNamed(() => import('./routes/point-mall'), 'PointMallRoute');
const SeamlessRoute = lazyNamed(() => import('./routes/seamless'), 'SeamlessRoute');
const AnnounceRoute = lazyNamed(() => import('./routes/announce'), 'AnnounceRoute');
const DownRoute = lazyNamed(() => import('./routes/down'), 'DownRoute');
const NotFoundRoute = lazyNamed(() => import('./routes/not-found'), 'NotFoundRoute');
const SocialCallbackRoute = lazyNamed(
  () => import('./routes/social-callback'),
  'SocialCallbackRoute',
);

/**
 * Routes flagged as needing login send guests to /login (spec section 2, Routes): the member
 * centre, favourites, recent games and the lottery pages (spec section 6, Guest).
 */
export const requireSession = ({ request }: LoaderFunctionArgs) => {
  if (hasSession()) return null;
  const url = new URL(request.url);
  return redirect(loginPath(`${url.pathname}${url.search}`));
};

const screen = (
  path: string,
  handle: RouteHandle,
  element: ReactNode,
  extra: Partial<RouteObject> = {},
): RouteObject => ({
  path,
  handle,
  element,
  errorElement: <RouteError />,
  ...extra,
});

const guarded = { loader: requireSession };

/** The route table of spec section 2; tests mount it in a memory router. */
export const buildRoutes = (): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootCover />,
    children: [
      {
        element: <MainLayout />,
        children: [
          screen(paths.home, { name: 'home' }, <HomeRoute />),
          ...HOME_ALIASES.map((alias) => screen(alias, { name: 'home' }, <HomeRoute />)),
          ...GAME_CATEGORIES.map((category) =>
            screen(
              CATEGORY_ROUTES[category],
              { name: category },
              <CategoryLobbyRoute category={category} />,
            ),
          ),
          screen(paths.login, { name: 'login', popup: 'login' }, <HomeRoute />),
          screen(paths.register, { name: 'register', popup: 'register' }, <HomeRoute />),
          screen(paths.forget, { name: 'forget' }, <ForgetRoute />),
          screen(paths.socialCallback, { name: 'socialCallback' }, <SocialCallbackRoute />),
          screen(paths.member, { name: 'member' }, <MemberRoute />, guarded),
          screen(paths.help, { name: 'help' }, <HelpRoute />),
          screen(paths.favorite, { name: 'favorite' }, <FavoriteRoute />, guarded),
          screen(paths.recent, { name: 'recent' }, <RecentRoute />, guarded),
          screen(paths.lottery, { name: 'lottery' }, <LotteryRoute />, guarded),
          screen(paths.seaLottery, { name: 'seaLottery' }, <LotteryRoute />, {
            ...guarded,
            caseSensitive: true,
          }),
          screen(paths.vnLottery, { name: 'vnLottery' }, <LotteryRoute />, guarded),
          screen(paths.sealottery, { name: 'sealottery' }, <LotteryRoute />, {
            ...guarded,
            caseSensitive: true,
          }),
          screen(paths.promotions, { name: 'promotions' }, <PromotionsRoute />),
          screen(paths.pointMall, { name: 'pointMall' }, <PointMallRoute />),
          screen(paths.seamless, { name: 'seamless' }, <SeamlessRoute />),
          screen(paths.announce, { name: 'announce' }, <AnnounceRoute />),
          screen(paths.down, { name: 'down' }, <DownRoute />),
          screen('*', { name: 'notFound' }, <NotFoundRoute />),
        ],
      },
      {
        element: <AgentLayout />,
        children: [
          screen(paths.agent, { name: 'agent' }, <AgentRoute />),
          screen(paths.agentHome, { name: 'agentHome' }, <AgentHomeRoute />),
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(buildRoutes());
