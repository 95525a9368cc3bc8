// Proves that generated banner art is a well-formed SVG whose texts are escaped, and that the
// same banner always draws the same picture.
import { describe, expect, it } from 'vitest';
import { renderBannerSvg, type BannerArt } from './banner-art.ts';

const art: BannerArt = {
  id: 7,
  group: 'w_home',
  title: 'Win <big> & "more"',
  subtitle: "It's </text><script>alert(1)</script>",
  colorFrom: '#000000',
  colorTo: '#ffffff',
};

describe('renderBannerSvg', () => {
  it('escapes the title and subtitle', () => {
    const svg = renderBannerSvg(art);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<big>');
    expect(svg).toContain('Win &#60;big&#62; &#38; &#34;more&#34;');
  });

  it('sizes the picture by banner group', () => {
    expect(renderBannerSvg(art)).toContain('viewBox="0 0 1200 400"');
    expect(renderBannerSvg({ ...art, group: 'w_leftmenu' })).toContain('viewBox="0 0 600 300"');
  });

  it('draws the same banner the same way every time', () => {
    expect(renderBannerSvg(art)).toBe(renderBannerSvg({ ...art }));
  });
});
