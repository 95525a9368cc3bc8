import { createHash } from 'node:crypto';
import type { GameCategory } from '@lanna/contract';

/** What a game's artwork is drawn from: no image files, only the game's own words. */
export type GameArt = {
  id: number;
  name: string;
  vendorName: string;
  category: GameCategory;
};

export type GameArtSize = 'icon' | 'large';

const SIZES: Record<GameArtSize, { width: number; height: number }> = {
  icon: { width: 240, height: 240 },
  large: { width: 480, height: 300 },
};

/** Each category keeps its hue range and a glyph, so a lobby reads as one family of cards. */
const CATEGORY_STYLE: Record<GameCategory, { hue: number; glyph: string }> = {
  RNG: { hue: 40, glyph: '7' },
  LIVE: { hue: 350, glyph: '♠' },
  FISH: { hue: 195, glyph: '≋' },
  SPORTS: { hue: 120, glyph: '⚽' },
  PVP: { hue: 280, glyph: '♥' },
  LOTT: { hue: 15, glyph: '№' },
  ELOTT: { hue: 320, glyph: '⚄' },
  ESPORTS: { hue: 230, glyph: '▶' },
  COCKFIGHT: { hue: 0, glyph: '⚔' },
};

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Stable pseudo-random bytes from the game itself, so the same game always draws the same art. */
const seedBytes = (art: GameArt): Buffer =>
  createHash('sha256').update(`${art.id}:${art.category}:${art.name}`).digest();

/** A short version of what the art is drawn from: icon URLs carry it, so they can be immutable. */
export const gameArtVersion = (art: GameArt): string =>
  createHash('sha256')
    .update(`v1:${art.id}:${art.category}:${art.name}:${art.vendorName}`)
    .digest('base64url')
    .slice(0, 10);

/** Splits a name into at most three lines of about `perLine` characters, at spaces. */
const lines = (name: string, perLine: number): string[] => {
  const words = name.split(' ');
  const result: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > perLine) {
      result.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) result.push(line);
  return result.slice(0, 3);
};

/** The artwork as an SVG document; every text is escaped, nothing is fetched. */
export const renderGameSvg = (art: GameArt, size: GameArtSize): string => {
  const { width, height } = SIZES[size];
  const bytes = seedBytes(art);
  const style = CATEGORY_STYLE[art.category];
  const hue = (style.hue + ((bytes[0] ?? 0) % 50) - 25 + 360) % 360;
  const hue2 = (hue + 30 + ((bytes[1] ?? 0) % 60)) % 360;
  const rings = [0, 1, 2, 3]
    .map((i) => {
      const cx = Math.round(((bytes[2 + i * 3] ?? 0) / 255) * width);
      const cy = Math.round(((bytes[3 + i * 3] ?? 0) / 255) * height);
      const r = Math.round(height * (0.12 + ((bytes[4 + i * 3] ?? 0) / 255) * 0.4));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${(0.05 + (i % 2) * 0.07).toFixed(2)}"/>`;
    })
    .join('');
  const nameLines = lines(art.name, size === 'icon' ? 14 : 22);
  const fontSize = Math.round(height * (size === 'icon' ? 0.1 : 0.11));
  const firstLineY = Math.round(height * 0.68 - ((nameLines.length - 1) * fontSize * 1.1) / 2);
  const texts = nameLines
    .map(
      (line, i) =>
        `<text x="${width / 2}" y="${Math.round(firstLineY + i * fontSize * 1.1)}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(art.name)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue} 70% 42%)"/><stop offset="1" stop-color="hsl(${hue2} 65% 22%)"/>`,
    `</linearGradient></defs>`,
    `<rect width="${width}" height="${height}" rx="${Math.round(height * 0.08)}" fill="url(#g)"/>`,
    `<g>${rings}</g>`,
    `<text x="${width / 2}" y="${Math.round(height * 0.4)}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${Math.round(height * 0.28)}" fill="#ffffff" fill-opacity="0.9">${escapeXml(style.glyph)}</text>`,
    texts,
    `<text x="${width / 2}" y="${Math.round(height * 0.93)}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${Math.round(height * 0.06)}" fill="#ffffff" fill-opacity="0.75">${escapeXml(art.vendorName)}</text>`,
    `</svg>`,
  ].join('');
};
