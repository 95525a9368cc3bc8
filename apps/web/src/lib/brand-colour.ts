/** Relative luminance of a #rrggbb colour (WCAG 2 formula). */
export const luminance = (hex: string): number => {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
};

export const contrastRatio = (first: string, second: string): number => {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
};

const mixToward = (hex: string, channel: 0 | 255, share: number): string =>
  `#${[1, 3, 5]
    .map((offset) => {
      const value = Number.parseInt(hex.slice(offset, offset + 2), 16);
      return Math.round(value * share + channel * (1 - share))
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;

/*
 * The surface of each theme that text sits on with the least contrast (tokens.css
 * --surface-3), and the ratio asked of it: WCAG AA's 4.5:1 for text, with room for the
 * brand-tinted backgrounds of active items.
 */
const THEMES = {
  dark: { surface: '#1e2637', toward: 255, startShare: 0.8 },
  light: { surface: '#eceef4', toward: 0, startShare: 0.7 },
} as const;
const TEXT_CONTRAST = 4.8;

/**
 * The merchant's primary colour as text on a theme: mixed toward white (dark theme) or black
 * (light) only as far as it needs to be readable, so a pale or a dark brand both keep their
 * hue where they can.
 */
export const brandTextColour = (primary: string, theme: keyof typeof THEMES): string => {
  const { surface, toward, startShare } = THEMES[theme];
  for (let share = startShare; share > 0; share -= 0.05) {
    const colour = mixToward(primary, toward, share);
    if (contrastRatio(colour, surface) >= TEXT_CONTRAST) return colour;
  }
  return toward === 255 ? '#ffffff' : '#000000';
};
