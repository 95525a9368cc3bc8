import { useSyncExternalStore } from 'react';
import { getSessionToken, SESSION_TOKEN_KEY } from './session-token';

export { getSessionToken, SESSION_TOKEN_KEY };

/**
 * Set while a login said `mustChangePassword` and the change has not been made yet, so a reload
 * reopens the change-password popup instead of slipping past it (spec section 4, Login flow).
 */
export const PASSWORD_CHANGE_KEY = 'passwordChangeRequired';

/**
 * The merchant code is kept in session and local storage (spec section 9) so that it
 * survives logout, which clears the rest of session storage (spec section 4).
 */
export const MERCHANT_STORAGE_KEY = 'merchant';

/** What the site knows about the session without asking the server. */
export type SessionSnapshot = { token: string | null; passwordChangeRequired: boolean };

const read = (key: string): string | null => {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private modes); the session then ends with the page.
  }
};

export const hasSession = (): boolean => Boolean(getSessionToken());

const listeners = new Set<() => void>();
const expiryListeners = new Set<() => void>();
let snapshot: SessionSnapshot = { token: null, passwordChangeRequired: false };

/** The snapshot is rebuilt only when storage changed, so React sees a stable object. */
const currentSnapshot = (): SessionSnapshot => {
  const token = getSessionToken();
  const passwordChangeRequired = Boolean(token) && read(PASSWORD_CHANGE_KEY) === '1';
  if (token !== snapshot.token || passwordChangeRequired !== snapshot.passwordChangeRequired) {
    snapshot = { token, passwordChangeRequired };
  }
  return snapshot;
};

const emit = () => {
  for (const listener of listeners) listener();
};

export const subscribeSession = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The session as React sees it: re-renders on login, logout and expiry. */
export const useSession = (): SessionSnapshot =>
  useSyncExternalStore(subscribeSession, currentSnapshot, currentSnapshot);

/** Stores the token of a new session; the previous session's flags go with it. */
export const startSession = (
  token: string,
  { passwordChangeRequired }: { passwordChangeRequired: boolean },
): void => {
  write(SESSION_TOKEN_KEY, token);
  write(PASSWORD_CHANGE_KEY, passwordChangeRequired ? '1' : null);
  emit();
};

/** The forced password change is done. */
export const clearPasswordChangeRequired = (): void => {
  write(PASSWORD_CHANGE_KEY, null);
  emit();
};

/**
 * Logout clears session storage but keeps the merchant value (spec section 4, Login state).
 */
export const clearSession = (): void => {
  try {
    const merchant = sessionStorage.getItem(MERCHANT_STORAGE_KEY);
    sessionStorage.clear();
    if (merchant !== null) sessionStorage.setItem(MERCHANT_STORAGE_KEY, merchant);
  } catch {
    // Nothing was stored.
  }
  emit();
};

/**
 * The server refused the token (401): the session is over. Listeners (the app shell) show the
 * login popup. Only the token that was refused is cleared, so a late answer to an old session's
 * request cannot log out a session started since.
 */
export const expireSession = (refusedToken: string): void => {
  if (getSessionToken() !== refusedToken) return;
  clearSession();
  for (const listener of expiryListeners) listener();
};

export const onSessionExpired = (listener: () => void): (() => void) => {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
};

export const rememberMerchant = (code: string): void => {
  try {
    sessionStorage.setItem(MERCHANT_STORAGE_KEY, code);
    localStorage.setItem(MERCHANT_STORAGE_KEY, code);
  } catch {
    // Storage can be disabled (private modes); the host still identifies the merchant.
  }
};
