import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where proof images live: files under `<DATA_DIR>/withdrawal-proofs/<merchant>/<withdrawal>/`,
 * named by 128 random bits, so a name tells nothing and cannot be guessed. The database keeps
 * the relative path (checked by a CHECK there) and serves the bytes only to the owner and to
 * operators; the directory is never exposed as static files.
 */
export type ProofStore = {
  save: (
    merchantId: number,
    withdrawalId: string,
    bytes: Buffer,
    extension: string,
  ) => Promise<string>;
  read: (relativePath: string) => Promise<Buffer>;
  remove: (relativePath: string) => Promise<void>;
};

const SAFE_PATH = /^[0-9]+\/[0-9]+\/[0-9a-f]{32}\.(png|jpg)$/;

export const createProofStore = (dataDir: string): ProofStore => {
  const root = join(dataDir, 'withdrawal-proofs');
  const resolve = (relativePath: string): string => {
    if (!SAFE_PATH.test(relativePath)) throw new Error(`not a proof path: ${relativePath}`);
    return join(root, relativePath);
  };
  return {
    save: async (merchantId, withdrawalId, bytes, extension) => {
      const relativePath = `${merchantId}/${withdrawalId}/${randomBytes(16).toString('hex')}.${extension}`;
      const path = resolve(relativePath);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      // wx: never over another file; 0600: only the server's user reads it.
      await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
      return relativePath;
    },
    read: (relativePath) => readFile(resolve(relativePath)),
    remove: (relativePath) => rm(resolve(relativePath), { force: true }),
  };
};
