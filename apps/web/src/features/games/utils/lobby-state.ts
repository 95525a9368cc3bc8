import type { GameSubType } from '@lanna/contract';

/** The lobby's classify tabs (spec section 2): New only in the RNG lobby. */
export type LobbyClassify = 'ALL' | 'HOT' | 'RECENT' | 'FAV' | 'NEW';
export type LobbyFilter = 'ALL' | GameSubType;

export const lobbyClassifies = (isRng: boolean): LobbyClassify[] =>
  isRng ? ['ALL', 'HOT', 'RECENT', 'FAV', 'NEW'] : ['ALL', 'HOT', 'RECENT', 'FAV'];

export type LobbyState = {
  vendor: string | null;
  classify: LobbyClassify;
  filter: LobbyFilter;
  name: string;
  page: number;
};

export type LobbyEvent =
  | { type: 'vendor'; vendor: string | null }
  | { type: 'classify'; classify: LobbyClassify }
  | { type: 'filter'; filter: LobbyFilter }
  | { type: 'search'; name: string }
  | { type: 'page'; page: number; totalPages: number };

export const initialLobbyState = (vendor: string | null): LobbyState => ({
  vendor,
  classify: 'ALL',
  filter: 'ALL',
  name: '',
  page: 1,
});

/**
 * The lobby's rules (spec section 4, Lobby): choosing a vendor resets classify to ALL; choosing
 * a classify resets the filter to ALL and the page to 1; a page beyond the total pages (or
 * before the first) is ignored. A name search looks through the whole list (classify ALL) from
 * its first page; the name is trimmed (spec section 4, Game-name search).
 */
export const lobbyReducer = (state: LobbyState, event: LobbyEvent): LobbyState => {
  switch (event.type) {
    case 'vendor':
      return initialLobbyState(event.vendor);
    case 'classify':
      return { ...state, classify: event.classify, filter: 'ALL', page: 1 };
    case 'filter':
      return { ...state, filter: event.filter, page: 1 };
    case 'search':
      return { ...state, name: event.name.trim(), classify: 'ALL', filter: 'ALL', page: 1 };
    case 'page':
      if (!Number.isInteger(event.page) || event.page < 1 || event.page > event.totalPages) {
        return state;
      }
      return event.page === state.page ? state : { ...state, page: event.page };
  }
};
