/**
 * The member's session token lives in session storage under 'token' (spec section 4, Login
 * flow), so it ends with the browser tab. Only its presence is read here: the server decides.
 * Apart from session.ts because the entry's boot requests read it, and the entry stays small.
 */
export const SESSION_TOKEN_KEY = 'token';

export const getSessionToken = (): string | null => {
  try {
    return sessionStorage.getItem(SESSION_TOKEN_KEY);
  } catch {
    return null;
  }
};
