import type { GameCard, GameCategory } from '@lanna/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { launchFreeGameRequest, launchGameRequest } from '../api/launch-game';
import { MaintenanceSuggestion } from '../components/maintenance-suggestion';
import { VendorGamesPopup } from '../components/vendor-games-popup';
import { launchUrlVia } from '../utils/launch-url';
import { decideStart, type StartTarget } from '../utils/start-game';
import { useFavouriteToggle } from './use-favourite-toggle';

export type GameActions = {
  start: (target: StartTarget) => void;
  toggleFavourite: (game: GameCard) => void;
  isFavourite: (nodeId: number) => boolean | undefined;
  startingNodeId: number | null;
};

export type GameActionsOptions = {
  viewer: { isLogin: boolean; isTrial: boolean };
  token: string | null;
  /** The merchant's launch CDNs (permission `launchGameCDNs`). */
  launchCdns: readonly string[];
  /** A guest's action: the login popup. */
  requireLogin: () => void;
  /** A trial member's action: 'in_need_true_account'. */
  showTrialNotice: () => void;
  /** The sentence for a failed call. */
  describeError: (error: unknown) => string;
};

type Dialog =
  | { kind: 'maintenance' }
  | { kind: 'vendorGames'; vassalage: string; gameType: GameCategory }
  | { kind: 'error'; message: string }
  | null;

const isMaintenance = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === 'MAINTENANCE';

/**
 * Opens the game's page in a new window. The window is opened on the click itself (a window
 * opened after a network wait is blocked as a pop-up) and cut from this page before it loads
 * the vendor's address; where the browser refuses a window the page itself goes there.
 */
const openGameWindow = () => {
  const opened = window.open('', '_blank');
  if (opened) opened.opener = null;
  return {
    go: (url: string) => {
      if (opened && !opened.closed) opened.location.href = url;
      else window.location.assign(url);
    },
    cancel: () => opened?.close(),
  };
};

/**
 * Everything a page does with game and vendor cards (spec sections 2 and 4): start (routing by
 * `decideStart`), free trials, favourites, and the dialogs they open. Render `dialogs` once.
 */
export const useGameActions = (options: GameActionsOptions) => {
  const { viewer, token, launchCdns, requireLogin, showTrialNotice, describeError } = options;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [startingNodeId, setStartingNodeId] = useState<number | null>(null);
  const realMember = viewer.isLogin && !viewer.isTrial;
  const favourites = useFavouriteToggle(token, realMember);

  const launch = useCallback(
    (vassalage: string, gameCode: string, free: boolean, nodeId: number | null) => {
      const target = openGameWindow();
      setStartingNodeId(nodeId);
      const request = free ? launchFreeGameRequest : launchGameRequest;
      request(vassalage, gameCode)
        .then((value) => {
          setDialog(null);
          target.go(launchUrlVia(value.url, launchCdns));
          if (!free) void client.invalidateQueries({ queryKey: ['member', 'games', 'recent'] });
        })
        .catch((error: unknown) => {
          target.cancel();
          setDialog(
            isMaintenance(error)
              ? { kind: 'maintenance' }
              : { kind: 'error', message: describeError(error) },
          );
        })
        .finally(() => setStartingNodeId(null));
    },
    [client, describeError, launchCdns],
  );

  const start = useCallback(
    (target: StartTarget) => {
      const decision = decideStart(viewer, target);
      switch (decision.action) {
        case 'login':
          requireLogin();
          return;
        case 'trialNotice':
          showTrialNotice();
          return;
        case 'maintenance':
          setDialog({ kind: 'maintenance' });
          return;
        case 'lottery':
          setDialog(null);
          void navigate(decision.path);
          return;
        case 'vendorGames':
          setDialog({
            kind: 'vendorGames',
            vassalage: decision.vassalage,
            gameType: decision.gameType,
          });
          return;
        case 'launch':
          launch(
            decision.vassalage,
            decision.gameCode,
            decision.free,
            target.kind === 'game' ? target.game.nodeId : null,
          );
      }
    },
    [launch, navigate, requireLogin, showTrialNotice, viewer],
  );

  const toggleFavourite = useCallback(
    (game: GameCard) => {
      if (!viewer.isLogin) requireLogin();
      else if (viewer.isTrial) showTrialNotice();
      else
        favourites.toggle(game, (error) =>
          setDialog({ kind: 'error', message: describeError(error) }),
        );
    },
    [describeError, favourites, requireLogin, showTrialNotice, viewer.isLogin, viewer.isTrial],
  );

  const actions: GameActions = useMemo(
    () => ({ start, toggleFavourite, isFavourite: favourites.isFavourite, startingNodeId }),
    [favourites.isFavourite, start, startingNodeId, toggleFavourite],
  );

  const close = () => setDialog(null);
  const dialogs: ReactNode = (
    <>
      <MaintenanceSuggestion
        open={dialog?.kind === 'maintenance'}
        onClose={close}
        actions={actions}
      />
      {dialog?.kind === 'vendorGames' && (
        <VendorGamesPopup
          open
          vassalage={dialog.vassalage}
          gameType={dialog.gameType}
          onClose={close}
          actions={actions}
        />
      )}
      <ConfirmDialog
        name="gameStartError"
        open={dialog?.kind === 'error'}
        title={t('gameStart.failedTitle')}
        confirmLabel={t('common.close')}
        confirmTestId="game-start-error-close"
        onConfirm={close}
      >
        <p data-testid="game-start-error">{dialog?.kind === 'error' ? dialog.message : ''}</p>
      </ConfirmDialog>
    </>
  );

  return { actions, dialogs };
};
