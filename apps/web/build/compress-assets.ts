import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files a browser fetches; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this, the headers outweigh what compression saves (as @fastify/compress judges). */
const MIN_BYTES = 1024;

const filesUnder = async (directory: string): Promise<string[]> => {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
};

const compressFile = async (path: string): Promise<void> => {
  const bytes = await readFile(path);
  await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).then((compressed) => writeFile(`${path}.br`, compressed)),
    gzipAsync(bytes, { level: 9 }).then((compressed) => writeFile(`${path}.gz`, compressed)),
  ]);
};

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * strongest settings: they are made once per build, and the server sends them as they are to
 * a browser that accepts them (@fastify/static preCompressed), so no request pays for
 * compressing. The app's JavaScript goes out at about a quarter of its size.
 */
export const compressAssets = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'lanna:compress-assets',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await filesUnder(outDir)).filter((path) => COMPRESSIBLE.test(path));
      const sizable = await Promise.all(
        files.map(async (path) => ((await stat(path)).size >= MIN_BYTES ? path : null)),
      );
      await Promise.all(sizable.flatMap((path) => (path ? [compressFile(path)] : [])));
    },
  };
};
