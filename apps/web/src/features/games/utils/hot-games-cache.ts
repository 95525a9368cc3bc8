import type { BundledLanguage, GameCard } from '@lanna/contract';

/**
 * Hot games are kept in session storage under HOT_GAMES (spec section 9) for the language they
 * were read in: another language reads them again, and a flush drops them.
 */
export const HOT_GAMES_KEY = 'HOT_GAMES';

type Stored = { language: BundledLanguage; list: GameCard[] };

const isStored = (value: unknown): value is Stored =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Stored).language === 'string' &&
  Array.isArray((value as Stored).list);

export const readHotGames = (
  language: BundledLanguage,
  storage: Storage | undefined = sessionStorageOrUndefined(),
): GameCard[] | null => {
  try {
    const raw = storage?.getItem(HOT_GAMES_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStored(parsed) && parsed.language === language ? parsed.list : null;
  } catch {
    // A broken or unreadable entry is read again from the server.
    return null;
  }
};

export const writeHotGames = (
  language: BundledLanguage,
  list: GameCard[],
  storage: Storage | undefined = sessionStorageOrUndefined(),
): void => {
  try {
    storage?.setItem(HOT_GAMES_KEY, JSON.stringify({ language, list } satisfies Stored));
  } catch {
    // Storage full or disabled: the list still shows, it is only read again next time.
  }
};

export const flushHotGames = (storage: Storage | undefined = sessionStorageOrUndefined()) => {
  try {
    storage?.removeItem(HOT_GAMES_KEY);
  } catch {
    // Nothing stored can be read either.
  }
};

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
