// The session store: logout clears session storage but keeps the merchant value (spec
// section 4), and a 401 ends only the session whose token the server refused.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  expireSession,
  getSessionToken,
  onSessionExpired,
  startSession,
} from './session';

afterEach(() => vi.restoreAllMocks());

describe('session', () => {
  it('clears session storage on logout but keeps the merchant', () => {
    sessionStorage.setItem('merchant', 'lanna');
    sessionStorage.setItem('HOT_GAMES', '[]');
    startSession('t1', { passwordChangeRequired: true });
    clearSession();
    expect(getSessionToken()).toBeNull();
    expect(sessionStorage.getItem('HOT_GAMES')).toBeNull();
    expect(sessionStorage.getItem('passwordChangeRequired')).toBeNull();
    expect(sessionStorage.getItem('merchant')).toBe('lanna');
  });

  it('expires the refused token and tells the listeners, but not a newer session', () => {
    const listener = vi.fn();
    const stop = onSessionExpired(listener);
    startSession('new-token', { passwordChangeRequired: false });
    expireSession('old-token');
    expect(getSessionToken()).toBe('new-token');
    expect(listener).not.toHaveBeenCalled();
    expireSession('new-token');
    expect(getSessionToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
