import type { GameCard } from '@lanna/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import {
  addFavouriteRequest,
  FAVOURITES_KEY,
  favouriteIdsQuery,
  removeFavouriteRequest,
} from '../api/favourites';
import { withFavourite, withoutFavourite } from '../utils/favourite-ids';
import { createThrottle, FAVOURITE_TOGGLE_MS } from '../utils/throttle';

/**
 * The favourite heart of a real member (spec section 4, Favourites): at most one toggle a
 * second; adding is skipped when the game is kept already; removing drops it from the local
 * list at once and then tells the server. A failure reads the list again from the server.
 */
export const useFavouriteToggle = (token: string | null, enabled: boolean) => {
  const client = useQueryClient();
  const idsQuery = favouriteIdsQuery(token ?? '');
  const ids = useQuery({ ...idsQuery, enabled: Boolean(token) && enabled });
  const throttle = useRef(createThrottle(FAVOURITE_TOGGLE_MS));

  const settle = useCallback(
    () => client.invalidateQueries({ queryKey: FAVOURITES_KEY }),
    [client],
  );

  const toggle = useCallback(
    (game: GameCard, onError: (error: unknown) => void) => {
      throttle.current(() => {
        const current = client.getQueryData(idsQuery.queryKey)?.ids ?? [];
        if (current.includes(game.nodeId)) {
          client.setQueryData(idsQuery.queryKey, { ids: withoutFavourite(current, game.nodeId) });
          client.setQueriesData<{ content: GameCard[] }>(
            { queryKey: [...FAVOURITES_KEY, 'list'] },
            (page) =>
              page && {
                ...page,
                content: page.content.filter((entry) => entry.nodeId !== game.nodeId),
              },
          );
          removeFavouriteRequest(game.nodeId)
            .catch(onError)
            .finally(() => void settle());
          return;
        }
        const next = withFavourite(current, game.nodeId);
        if (!next) return;
        addFavouriteRequest(game)
          .then(() => client.setQueryData(idsQuery.queryKey, { ids: next }))
          .catch(onError)
          .finally(() => void settle());
      });
    },
    [client, idsQuery.queryKey, settle],
  );

  const isFavourite = useCallback(
    (nodeId: number): boolean | undefined =>
      enabled && ids.data ? ids.data.ids.includes(nodeId) : undefined,
    [enabled, ids.data],
  );

  return { toggle, isFavourite };
};
