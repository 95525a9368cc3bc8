import { JackpotCounter } from './jackpot-counter';
import { LiveFigures, ProviderList, type PanelProvider } from './live-figures';
import styles from './home-live.module.css';
import { WinnerCarousel } from './winner-carousel';

/**
 * The home page's live block (spec section 2, Home page and Right panel): the jackpot counter
 * beside the figures panel, the winner carousel and the provider list below. Each part hides itself when it has no
 * real data to show, so the block never shows a made-up number. `providers` are the merchant's
 * game providers, composed in by the page.
 */
export const HomeLive = ({
  timeZone,
  providers,
}: {
  timeZone: string;
  providers?: readonly PanelProvider[];
}) => (
  <div className={styles.live} data-testid="home-live">
    <div className={styles.jackpot}>
      <JackpotCounter />
    </div>
    <div className={styles.figures}>
      <LiveFigures />
    </div>
    <div className={styles.winners}>
      <WinnerCarousel timeZone={timeZone} />
    </div>
    <div className={styles.providers}>
      <ProviderList providers={providers ?? []} />
    </div>
  </div>
);
