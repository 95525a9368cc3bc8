import { createHash } from 'node:crypto';
import { visibleLength, type BannerGroupSchema } from '@lanna/contract';
import type { z } from 'zod';

export type BannerGroup = z.infer<typeof BannerGroupSchema>;

/** What a banner's artwork is drawn from: no image files, only its words and colours. */
export type BannerArt = {
  id: number;
  group: BannerGroup;
  title: string;
  subtitle: string;
  colorFrom: string;
  colorTo: string;
};

const SIZES: { [G in BannerGroup]: { width: number; height: number } } = {
  w_home: { width: 1200, height: 400 },
  w_leftmenu: { width: 600, height: 300 },
  w_forget: { width: 800, height: 400 },
};

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Stable pseudo-random bytes from the banner itself, so the same banner draws the same art. */
const seedBytes = (art: BannerArt): Buffer =>
  createHash('sha256').update(`${art.id}:${art.title}:${art.colorFrom}:${art.colorTo}`).digest();

const circles = (bytes: Buffer, width: number, height: number): string =>
  [0, 1, 2, 3, 4]
    .map((i) => {
      const cx = Math.round(((bytes[i * 3] ?? 0) / 255) * width);
      const cy = Math.round(((bytes[i * 3 + 1] ?? 0) / 255) * height);
      const r = Math.round(height * (0.15 + ((bytes[i * 3 + 2] ?? 0) / 255) * 0.45));
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${(0.06 + (i % 3) * 0.06).toFixed(2)}"/>`;
    })
    .join('');

/** Shrinks the type for long titles so a title of up to about 40 characters fits one line. */
const titleSize = (title: string, width: number, height: number): number => {
  const length = Math.max(visibleLength(title), 1);
  return Math.round(Math.min(height * 0.22, (width * 0.85) / (length * 0.58)));
};

/** The artwork as an SVG document; every text is escaped, nothing is fetched. */
export const renderBannerSvg = (art: BannerArt): string => {
  const { width, height } = SIZES[art.group];
  const size = titleSize(art.title, width, height);
  const x = Math.round(width * 0.06);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(art.title)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${art.colorFrom}"/><stop offset="1" stop-color="${art.colorTo}"/>`,
    `</linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<g>${circles(seedBytes(art), width, height)}</g>`,
    `<text x="${x}" y="${Math.round(height * 0.52)}" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(art.title)}</text>`,
    `<text x="${x}" y="${Math.round(height * 0.52 + size * 0.95)}" font-family="system-ui, sans-serif" font-size="${Math.round(size * 0.42)}" fill="#ffffff" fill-opacity="0.9">${escapeXml(art.subtitle)}</text>`,
    `</svg>`,
  ].join('');
};
