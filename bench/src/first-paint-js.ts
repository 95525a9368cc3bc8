import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser fetches before first paint: the entry module and every module
 * preloaded by index.html, gzip-compressed at level 9 as a CDN would serve them.
 */
export const firstPaintJsGzipBytes = (distDir: string): { bytes: number; files: string[] } => {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1] ?? '');
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    files.add(match[1] ?? '');
  let bytes = 0;
  for (const file of files) {
    const source = readFileSync(join(distDir, file.replace(/^\//, '')));
    bytes += gzipSync(source, { level: 9 }).length;
  }
  return { bytes, files: [...files] };
};
