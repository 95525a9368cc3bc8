// Proves what a member notices of the game card actions: the favourite heart runs once however
// fast it is pressed, adds a game only once and shows a removal before the server answers; a
// guest's heart or game asks for the login, a trial member's game for a real account; a game
// under maintenance opens the hot-game suggestion instead of a launch.
import type { GameCard } from '@lanna/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askedRequests } from '@/test/api-server';
import { renderWithProviders } from '@/test/render';
import { serveApi } from '@/test/serve-api';
import { GameGrid } from '../components/game-grid';
import { useGameActions, type GameActionsOptions } from './use-game-actions';

const game = (nodeId: number, overrides: Partial<GameCard> = {}): GameCard => ({
  nodeId,
  nodeName: `Game ${nodeId}`,
  gameName: `Game ${nodeId}`,
  displayName: 'PG Soft',
  showIcon: `/games/${nodeId}-abcdefghij.svg`,
  iconUrl: `/media/games/${nodeId}-abcdefghij.svg`,
  lagerIcon: `/media/games/${nodeId}-abcdefghij.large.svg`,
  vassalage: 'PG',
  gameType: 'RNG',
  gameId: `pg-${nodeId}`,
  gameClassify: null,
  isHot: 1,
  isNew: 0,
  supportPlay: 1,
  freeplay: 0,
  maintenance: false,
  ...overrides,
});

type Call = { method: string; path: string; query: string };

/**
 * A server keeping the member's favourites, recording every call; a removal stays pending
 * until `release`.
 */
const serverWith = (kept: number[], hot: GameCard[] = []) => {
  let ids = [...kept];
  let release: (() => void) | null = null;
  serveApi({
    '/wps/game/favourites/ids': () => ({ ids }),
    '/lgw/games/hot': { list: hot },
    'POST /wps/game/favourites': async ({ request }) => {
      const { nodeId } = (await request.json()) as { nodeId: number };
      ids = [nodeId, ...ids];
      return { added: true, count: ids.length };
    },
    'DELETE /wps/game/favourites': ({ request }) => {
      const nodeId = Number(new URL(request.url).searchParams.get('nodeId'));
      return new Promise((resolve) => {
        release = () => {
          ids = ids.filter((id) => id !== nodeId);
          resolve({ removed: true, count: ids.length });
        };
      });
    },
  });
  const calls = (): Call[] =>
    askedRequests().map(({ method, path, query }) => ({
      method,
      path,
      query: query.size > 0 ? `?${query.toString()}` : '',
    }));
  return { calls, release: () => release?.() };
};

const Harness = ({ games, ...options }: GameActionsOptions & { games: GameCard[] }) => {
  const { actions, dialogs } = useGameActions(options);
  return (
    <>
      <GameGrid games={games} actions={actions} loading={false} />
      {dialogs}
    </>
  );
};

const options = (viewer: { isLogin: boolean; isTrial: boolean }) => ({
  viewer,
  token: viewer.isLogin ? 't0k3n' : null,
  launchCdns: [],
  requireLogin: vi.fn(),
  showTrialNotice: vi.fn(),
  describeError: () => 'failed',
});

const member = { isLogin: true, isTrial: false };

const renderHarness = (props: ReturnType<typeof options>, games: GameCard[]) =>
  renderWithProviders(
    <MemoryRouter>
      <Harness {...props} games={games} />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

const heartOf = (nodeId: number) =>
  screen.getByTestId(`game-card-${nodeId}`).querySelector('[data-testid="game-card-favourite"]');

describe('game card actions', () => {
  it('adds a favourite once however fast the heart is pressed, then removes it at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serverWith([]);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderHarness(options(member), [game(7)]);
    await waitFor(() => expect(heartOf(7)).toHaveAttribute('aria-pressed', 'false'));
    const heart = heartOf(7) as HTMLElement;

    await user.click(heart);
    await user.click(heart);
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(server.calls().filter((call) => call.method === 'POST')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await user.click(heart);
    // The removal shows before the server has answered.
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(server.calls().filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/wps/game/favourites', query: '?nodeId=7' },
    ]);
    server.release();
    await waitFor(() =>
      expect(server.calls().filter((call) => call.method === 'GET').length).toBe(3),
    );
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('does not add a game the member keeps already', async () => {
    const server = serverWith([7]);
    renderHarness(options(member), [game(7)]);
    await waitFor(() => expect(heartOf(7)).toHaveAttribute('aria-pressed', 'true'));
    expect(server.calls().some((call) => call.method === 'POST')).toBe(false);
  });

  it("sends a guest's heart and game to the login, and a trial's game to the notice", async () => {
    const server = serverWith([]);
    const user = userEvent.setup();
    const guest = options({ isLogin: false, isTrial: false });
    const { unmount } = renderHarness(guest, [game(7)]);
    await user.click(heartOf(7) as HTMLElement);
    await user.click(screen.getByTestId('game-card-start'));
    expect(guest.requireLogin).toHaveBeenCalledTimes(2);
    expect(server.calls().some((call) => call.path.startsWith('/wps/game'))).toBe(false);
    unmount();

    const trial = options({ isLogin: true, isTrial: true });
    renderHarness(trial, [game(7)]);
    await user.click(screen.getByTestId('game-card-start'));
    expect(trial.showTrialNotice).toHaveBeenCalledTimes(1);
    expect(server.calls().some((call) => call.path.startsWith('/wps/game/launchGame'))).toBe(false);
  });

  it('suggests playable hot games for a game under maintenance instead of launching it', async () => {
    const server = serverWith([], [game(1), game(2, { maintenance: true }), game(3)]);
    const user = userEvent.setup();
    renderHarness(options(member), [game(9, { maintenance: true })]);
    await user.click(screen.getByTestId('game-card-start'));
    const suggestions = await screen.findByTestId('suggested-games');
    expect(
      [...suggestions.querySelectorAll('[data-testid^="game-card-"][data-maintenance]')].map(
        (card) => card.getAttribute('data-testid'),
      ),
    ).toEqual(['game-card-1', 'game-card-3']);
    expect(server.calls().some((call) => call.path.startsWith('/wps/game/launchGame'))).toBe(false);
  });
});
