/**
 * 'Remember password' (spec sections 2 and 9: a cookie that lives 1 day). Only the username is
 * kept: a password must never sit in a cookie, where any script on the page and every request
 * to the server would carry it in clear. The browser's own password manager fills the password.
 */
export const REMEMBER_COOKIE = 'rememberedUsername';
const ONE_DAY_SECONDS = 86_400;

export const readRememberedUsername = (): string => {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === REMEMBER_COOKIE) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return '';
      }
    }
  }
  return '';
};

export const rememberUsername = (username: string): void => {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${REMEMBER_COOKIE}=${encodeURIComponent(username)}; Max-Age=${ONE_DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
};

export const forgetUsername = (): void => {
  document.cookie = `${REMEMBER_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
};
