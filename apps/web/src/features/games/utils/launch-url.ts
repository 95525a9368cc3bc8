/**
 * Launch URLs go through a launch CDN chosen at random from the merchant's list (spec section
 * 9). A CDN given as an absolute origin replaces the origin of the vendor's URL, keeping its
 * path and query; an entry that is only a path names no other host, so the vendor's own
 * address is kept.
 */
export const launchUrlVia = (
  url: string,
  cdns: readonly string[],
  pick: (count: number) => number = randomIndex,
): string => {
  const origins = cdns.filter((cdn) => /^https?:\/\/[^/]+/i.test(cdn));
  if (origins.length === 0) return url;
  const cdn = origins[pick(origins.length)] ?? origins[0];
  if (!cdn) return url;
  const target = new URL(url);
  const base = new URL(cdn);
  const prefix = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${prefix}${target.pathname}${target.search}${target.hash}`;
};

/** Uniform index from the browser's CSPRNG (rejection sampling keeps it unbiased). */
export const randomIndex = (count: number): number => {
  if (count <= 1) return 0;
  const limit = Math.floor(0x1_0000_0000 / count) * count;
  const buffer = new Uint32Array(1);
  for (let attempt = 0; attempt < 64; attempt += 1) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % count;
  }
  return 0;
};
