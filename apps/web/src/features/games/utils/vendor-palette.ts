/**
 * Vendor cards are drawn, not fetched (architecture.md, Web: no third-party images): each
 * vendor gets a stable gradient derived from its code, so the same vendor always looks the same.
 */
const hashCode = (text: string): number => {
  // FNV-1a, 32 bit: small, fast and well spread for short codes.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

export type VendorPalette = { from: string; to: string; glow: string; angle: number };

export const vendorPalette = (vassalage: string): VendorPalette => {
  const hash = hashCode(vassalage);
  const hue = hash % 360;
  const spread = 30 + ((hash >>> 9) % 50);
  const angle = 110 + ((hash >>> 17) % 70);
  return {
    from: `hsl(${hue} 72% 46%)`,
    to: `hsl(${(hue + spread) % 360} 78% 28%)`,
    glow: `hsl(${hue} 90% 60% / 0.35)`,
    angle,
  };
};

/** Up to two letters for the vendor monogram: initials of the words, or the first letters. */
export const vendorMonogram = (displayName: string): string => {
  const words = displayName
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const letters =
    words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : displayName.slice(0, 2);
  return letters.toUpperCase();
};
