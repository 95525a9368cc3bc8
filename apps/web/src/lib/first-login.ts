/**
 * Whether this browser session began with a member's first login (the login answer's
 * `firstTimeLogin`): first-login announcements (execution F, spec section 4) are for it. Kept in
 * session storage, which logout clears.
 */
const FIRST_LOGIN_KEY = 'firstLogin';

export const markFirstLogin = (): void => {
  try {
    sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
  } catch {
    // Storage can be disabled; the member then sees the announcements of any login.
  }
};

export const isFirstLoginSession = (): boolean => {
  try {
    return sessionStorage.getItem(FIRST_LOGIN_KEY) === '1';
  } catch {
    return false;
  }
};
