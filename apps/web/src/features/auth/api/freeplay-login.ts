import { freeplayLogin } from '@lanna/contract';
import { call } from '@/lib/api/api-client';

const OS_NAMES: [RegExp, string][] = [
  [/android/i, 'Android'],
  [/iphone|ipad|ipod/i, 'iOS'],
  [/windows/i, 'Windows'],
  [/mac os/i, 'macOS'],
  [/linux/i, 'Linux'],
];

/** The visitor's operating system, as the free-play call reports it (spec section 7). */
export const osName = (userAgent: string): string | undefined =>
  OS_NAMES.find(([pattern]) => pattern.test(userAgent))?.[1];

/** Free play (flag FREEPLAY3): a new trial account; platform 'W' is the web site. */
export const freeplayLoginRequest = () =>
  call(freeplayLogin, { body: { platform: 'W', os: osName(navigator.userAgent) } });
