/**
 * The member's session token lives in session storage under 'token' (spec section 4, Login
 * flow), so it ends with the browser tab. Only its presence is read here: the server decides.
 */
export const SESSION_TOKEN_KEY = 'token';

export const getSessionToken = (): string | null => {
  try {
    return sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const hasSession = (): boolean => Boolean(getSessionToken());

/**
 * The merchant code is kept in session and local storage (spec section 9) so that it
 * survives logout, which clears the rest of session storage (spec section 4).
 */
export const MERCHANT_STORAGE_KEY = 'merchant';

export const rememberMerchant = (code: string): void => {
  try {
    sessionStorage.setItem(MERCHANT_STORAGE_KEY, code);
    localStorage.setItem(MERCHANT_STORAGE_KEY, code);
  } catch {
    // Storage can be disabled (private modes); the host still identifies the merchant.
  }
};
