import { describe, expect, it } from 'vitest';
import { brandTextColour, contrastRatio } from './brand-colour';

// Brand-coloured text stays readable (WCAG AA, 4.5:1) on every surface of both themes,
// whatever primary colour a merchant picks (issue 29).
const SURFACES = {
  dark: ['#0a0e16', '#111723', '#161d2b', '#1e2637', '#151c29'],
  light: ['#ffffff', '#f7f8fb', '#eceef4', '#f4f5f9'],
} as const;

describe('brandTextColour', () => {
  it.each(['#0f766e', '#7c1d2e', '#d4af37', '#000080', '#ffff00', '#000000', '#ffffff'])(
    'makes %s readable on every surface of both themes',
    (primary) => {
      for (const theme of ['dark', 'light'] as const) {
        const text = brandTextColour(primary, theme);
        for (const surface of SURFACES[theme])
          expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('keeps a primary that is readable already close to itself', () => {
    // Lanna's gold on the dark theme needs no lightening beyond the usual 80% mix.
    expect(brandTextColour('#d4af37', 'dark')).toBe('#ddbf5f');
  });
});
