import type { GameCategory } from '@lanna/contract';
import { useMatches } from 'react-router';
import type { PathName } from '@/config/paths';

export type RouteName = PathName | GameCategory | 'notFound';
export type RoutePopup = 'login' | 'register';

/** What a route says about itself: its name (scroll resets when it changes) and its popup. */
export type RouteHandle = { name: RouteName; popup?: RoutePopup };

const isRouteHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && 'name' in value;

/** The handle of the deepest matched route that has one. */
export const useRouteHandle = (): RouteHandle | undefined => {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
};
