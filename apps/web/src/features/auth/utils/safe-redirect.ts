/** Only a path on this site may be a redirect target: '/x', never '//host' or 'https:'. */
export const safeRedirect = (target: string | null | undefined, fallback = '/'): string =>
  target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')
    ? target
    : fallback;
