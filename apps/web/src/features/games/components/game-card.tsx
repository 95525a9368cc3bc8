import type { GameCard as GameCardData } from '@lanna/contract';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { cardColour } from '../utils/card-colour';
import { offersFreeTrial } from '../utils/start-game';
import styles from './game-card.module.css';

export type GameCardProps = {
  game: GameCardData;
  /** Undefined while the member's favourites are unknown (a guest's heart asks them to log in). */
  favourite: boolean | undefined;
  onStart: (game: GameCardData, free: boolean) => void;
  onToggleFavourite: (game: GameCardData) => void;
  /** This card's launch is under way. */
  starting?: boolean;
};

/**
 * A game card (spec section 3): generated artwork through the image CDN, the card colour of
 * nodeId % 5 + 1, the hot badge, the favourite heart, and the start and free-trial actions.
 */
export const GameCard = ({
  game,
  favourite,
  onStart,
  onToggleFavourite,
  starting,
}: GameCardProps) => {
  const { t } = useTranslation();
  const free = offersFreeTrial(game);
  return (
    <article
      className={styles.card}
      data-colour={cardColour(game.nodeId)}
      data-testid={`game-card-${game.nodeId}`}
      data-maintenance={game.maintenance}
      aria-busy={starting || undefined}
    >
      <button
        type="button"
        className={styles.art}
        onClick={() => onStart(game, false)}
        data-testid="game-card-start"
      >
        {/* Its name is this and any badge it shows, so the name includes the visible text. */}
        <span className="visually-hidden">{t('gameCard.play', { name: game.gameName })}</span>
        <img src={game.iconUrl} alt="" loading="lazy" decoding="async" width={240} height={240} />
        {game.maintenance && (
          <span className={styles.maintenance} data-testid="game-card-maintenance">
            <Icon name="tool" size={14} />
            {t('games.maintenance')}
          </span>
        )}
        <span className={styles.playHint} aria-hidden="true">
          <Icon name="play" size={22} />
        </span>
      </button>
      {game.isHot === 1 && (
        <span className={styles.hot} data-testid="game-card-hot">
          <Icon name="flame" size={12} />
          {t('gameCard.hot')}
        </span>
      )}
      <button
        type="button"
        className={styles.heart}
        aria-pressed={favourite === true}
        aria-label={t(favourite ? 'gameCard.removeFavourite' : 'gameCard.addFavourite', {
          name: game.gameName,
        })}
        data-testid="game-card-favourite"
        onClick={() => onToggleFavourite(game)}
      >
        <Icon name="heart" size={16} />
      </button>
      <div className={styles.body}>
        <h3 className={styles.name} title={game.gameName}>
          {game.gameName}
        </h3>
        <p className={styles.vendor}>{game.displayName}</p>
      </div>
      {free && (
        <button
          type="button"
          className={styles.trial}
          onClick={() => onStart(game, true)}
          data-testid="game-card-trial"
          aria-label={t('gameCard.freeTrialOf', { name: game.gameName })}
        >
          {t('gameCard.freeTrial')}
        </button>
      )}
    </article>
  );
};

/** A card's shape while its page loads. */
export const GameCardSkeleton = () => (
  <div className={styles.skeleton} aria-hidden="true">
    <span />
    <span />
  </div>
);
