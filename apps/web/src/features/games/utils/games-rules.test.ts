// Proves the games rules a member notices: card colours, the favourite throttle and local list,
// the HOT_GAMES session cache per language, the start routing of spec sections 2 and 4, the
// lobby's resets and page clamping, and the launch CDN choice.
import type { GameCard } from '@lanna/contract';
import { describe, expect, it } from 'vitest';
import { cardColour } from './card-colour';
import { shownGameCount, showsGameLoadMore } from './home-sections';
import { withFavourite, withoutFavourite } from './favourite-ids';
import { flushHotGames, HOT_GAMES_KEY, readHotGames, writeHotGames } from './hot-games-cache';
import { launchUrlVia, randomIndex } from './launch-url';
import { initialLobbyState, lobbyClassifies, lobbyReducer } from './lobby-state';
import { decideStart, offersFreeTrial } from './start-game';
import { createThrottle } from './throttle';

const game = (overrides: Partial<GameCard> = {}): GameCard => ({
  nodeId: 42,
  nodeName: 'Golden Lotus',
  gameName: 'Golden Lotus',
  displayName: 'PG Soft',
  showIcon: '/games/42-abcdefghij.svg',
  iconUrl: '/media/games/42-abcdefghij.svg',
  lagerIcon: '/media/games/42-abcdefghij.large.svg',
  vassalage: 'PG',
  gameType: 'RNG',
  gameId: 'pg-golden-lotus',
  gameClassify: null,
  isHot: 1,
  isNew: 0,
  supportPlay: 1,
  freeplay: 0,
  maintenance: false,
  ...overrides,
});

const member = { isLogin: true, isTrial: false };

describe('card colour', () => {
  it('is nodeId modulo 5 plus 1', () => {
    expect([0, 1, 4, 5, 9, 42].map(cardColour)).toEqual([1, 2, 5, 1, 5, 3]);
  });
});

describe('favourite toggle', () => {
  it('runs once per second however often it is clicked', () => {
    let now = 10_000;
    const gate = createThrottle(1000, () => now);
    const runs: number[] = [];
    expect(gate(() => runs.push(now))).toBe(true);
    now += 999;
    expect(gate(() => runs.push(now))).toBe(false);
    now += 1;
    expect(gate(() => runs.push(now))).toBe(true);
    expect(runs).toEqual([10_000, 11_000]);
  });

  it('skips adding a game already kept and removes one at once', () => {
    expect(withFavourite([1, 2], 2)).toBeNull();
    expect(withFavourite([1, 2], 3)).toEqual([3, 1, 2]);
    expect(withoutFavourite([3, 1, 2], 1)).toEqual([3, 2]);
  });
});

describe('HOT_GAMES cache', () => {
  it('answers the stored list only in the language it was read in, until flushed', () => {
    sessionStorage.clear();
    const list = [game()];
    expect(readHotGames('EN')).toBeNull();
    writeHotGames('EN', list);
    expect(sessionStorage.getItem(HOT_GAMES_KEY)).not.toBeNull();
    expect(readHotGames('EN')).toEqual(list);
    expect(readHotGames('TH')).toBeNull();
    flushHotGames();
    expect(readHotGames('EN')).toBeNull();
  });

  it('ignores a broken entry', () => {
    sessionStorage.setItem(HOT_GAMES_KEY, '{not json');
    expect(readHotGames('EN')).toBeNull();
    sessionStorage.setItem(HOT_GAMES_KEY, JSON.stringify({ language: 'EN' }));
    expect(readHotGames('EN')).toBeNull();
  });
});

describe('starting a game', () => {
  it('sends a guest to the login popup and tells a trial member to use a real account', () => {
    expect(decideStart({ isLogin: false, isTrial: false }, { kind: 'game', game: game() })).toEqual(
      { action: 'login' },
    );
    expect(decideStart({ isLogin: true, isTrial: true }, { kind: 'game', game: game() })).toEqual({
      action: 'trialNotice',
    });
  });

  it('launches a game that offers free play for a trial member with its play money', () => {
    const trial = { isLogin: true, isTrial: true };
    const slot = game({ vassalage: 'HOUSE', gameId: 'lanna-slot', freeplay: 1, supportPlay: 0 });
    expect(decideStart(trial, { kind: 'game', game: slot })).toEqual({
      action: 'launch',
      vassalage: 'HOUSE',
      gameCode: 'lanna-slot',
      free: false,
    });
    expect(decideStart(trial, { kind: 'game', game: { ...slot, maintenance: true } })).toEqual({
      action: 'maintenance',
    });
    // A real-money-only game and the lottery pages still need a real account.
    expect(decideStart(trial, { kind: 'game', game: game() })).toEqual({ action: 'trialNotice' });
    const lotto = game({ gameType: 'ELOTT', gameId: 'e-lotto', freeplay: 1, supportPlay: 0 });
    expect(decideStart(trial, { kind: 'game', game: lotto })).toEqual({ action: 'trialNotice' });
  });

  it('lets anyone start a free trial, except of a game under maintenance', () => {
    const free = game({ freeplay: 1, supportPlay: 0 });
    expect(offersFreeTrial(free)).toBe(true);
    expect(offersFreeTrial(game())).toBe(false);
    expect(
      decideStart({ isLogin: false, isTrial: false }, { kind: 'game', game: free, free: true }),
    ).toEqual({ action: 'launch', vassalage: 'PG', gameCode: 'pg-golden-lotus', free: true });
    expect(
      decideStart(member, { kind: 'game', game: { ...free, maintenance: true }, free: true }),
    ).toEqual({ action: 'maintenance' });
  });

  it('suggests hot games for a game or vendor under maintenance', () => {
    expect(decideStart(member, { kind: 'game', game: game({ maintenance: true }) })).toEqual({
      action: 'maintenance',
    });
    expect(
      decideStart(member, {
        kind: 'vendor',
        vendor: { vassalage: 'CQ9', gameType: 'FISH', maintenance: true },
      }),
    ).toEqual({ action: 'maintenance' });
  });

  it('opens the lottery pages with the gameCode', () => {
    const start = (vassalage: string, gameType: GameCard['gameType'], gameId = 'g1') =>
      decideStart(member, { kind: 'game', game: game({ vassalage, gameType, gameId }) });
    expect(start('TCG_LOTTO_VN', 'LOTT')).toEqual({
      action: 'lottery',
      path: '/vnLottery?gameCode=g1',
    });
    expect(start('TCG_SEA', 'LOTT')).toEqual({
      action: 'lottery',
      path: '/seaLottery?gameCode=g1',
    });
    expect(start('GW', 'ELOTT', 'k 3')).toEqual({
      action: 'lottery',
      path: '/lottery?gameCode=k%203',
    });
    expect(start('SBO', 'LOTT')).toEqual({ action: 'lottery', path: '/lottery?gameCode=g1' });
    expect(
      decideStart(member, {
        kind: 'vendor',
        vendor: { vassalage: 'TCG_SEA', gameType: 'LOTT', maintenance: false },
      }),
    ).toEqual({ action: 'lottery', path: '/sealottery?gameCode=TCG_SEA' });
    expect(
      decideStart(
        { isLogin: false, isTrial: false },
        { kind: 'vendor', vendor: { vassalage: 'TCG_SEA', gameType: 'LOTT', maintenance: false } },
      ),
    ).toEqual({ action: 'login' });
  });

  it("opens a vendor's game list from its card, even for a guest, and launches any other game", () => {
    expect(
      decideStart(
        { isLogin: false, isTrial: false },
        {
          kind: 'vendor',
          vendor: { vassalage: 'PG', gameType: 'RNG', maintenance: false },
        },
      ),
    ).toEqual({ action: 'vendorGames', vassalage: 'PG', gameType: 'RNG' });
    expect(decideStart(member, { kind: 'game', game: game() })).toEqual({
      action: 'launch',
      vassalage: 'PG',
      gameCode: 'pg-golden-lotus',
      free: false,
    });
  });
});

describe('lobby state', () => {
  it('offers New only in the RNG lobby', () => {
    expect(lobbyClassifies(true)).toContain('NEW');
    expect(lobbyClassifies(false)).not.toContain('NEW');
  });

  it('resets classify when a vendor is chosen, and filter and page when a classify is', () => {
    let state = initialLobbyState(null);
    state = lobbyReducer(state, { type: 'classify', classify: 'HOT' });
    state = lobbyReducer(state, { type: 'filter', filter: 'JP' });
    state = lobbyReducer(state, { type: 'page', page: 3, totalPages: 5 });
    expect(state).toMatchObject({ classify: 'HOT', filter: 'JP', page: 3 });
    expect(lobbyReducer(state, { type: 'classify', classify: 'FAV' })).toMatchObject({
      classify: 'FAV',
      filter: 'ALL',
      page: 1,
    });
    expect(lobbyReducer(state, { type: 'vendor', vendor: 'PG' })).toEqual(initialLobbyState('PG'));
  });

  it('ignores a page beyond the last or before the first', () => {
    const state = lobbyReducer(initialLobbyState(null), { type: 'page', page: 2, totalPages: 4 });
    expect(lobbyReducer(state, { type: 'page', page: 5, totalPages: 4 })).toBe(state);
    expect(lobbyReducer(state, { type: 'page', page: 0, totalPages: 4 })).toBe(state);
    expect(lobbyReducer(state, { type: 'page', page: 4, totalPages: 4 }).page).toBe(4);
  });

  it('searches a trimmed name from the first page of the whole list', () => {
    let state = lobbyReducer(initialLobbyState('PG'), { type: 'classify', classify: 'HOT' });
    state = lobbyReducer(state, { type: 'page', page: 2, totalPages: 3 });
    expect(lobbyReducer(state, { type: 'search', name: '  lotus ' })).toEqual({
      vendor: 'PG',
      classify: 'ALL',
      filter: 'ALL',
      name: 'lotus',
      page: 1,
    });
  });
});

describe('home game sections', () => {
  it("show 12 games, and 'load more' only above 10 while some are hidden", () => {
    expect(shownGameCount(60, 0)).toBe(12);
    expect(shownGameCount(60, 1)).toBe(24);
    expect(shownGameCount(5, 0)).toBe(5);
    expect(showsGameLoadMore(10, 10)).toBe(false);
    expect(showsGameLoadMore(13, 12)).toBe(true);
    expect(showsGameLoadMore(60, 60)).toBe(false);
  });
});

describe('launch CDN', () => {
  const url = 'http://127.0.0.1:3100/games/lanna-slot?mode=real&token=t';

  it('moves the launch onto the chosen CDN, keeping path and query', () => {
    const cdns = ['https://a.example', 'https://b.example/play/'];
    expect(launchUrlVia(url, cdns, () => 1)).toBe(
      'https://b.example/play/games/lanna-slot?mode=real&token=t',
    );
    expect(launchUrlVia(url, cdns, () => 0)).toBe(
      'https://a.example/games/lanna-slot?mode=real&token=t',
    );
  });

  it("keeps the vendor's address when the list names no host", () => {
    expect(launchUrlVia(url, ['/play'])).toBe(url);
    expect(launchUrlVia(url, [])).toBe(url);
  });

  it('draws every index of the list', () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomIndex(3)));
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });
});
