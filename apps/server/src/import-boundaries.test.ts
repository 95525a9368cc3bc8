import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repo's own eslint.config.js refuses imports across boundaries (architecture.md,
 * Boundaries). Lives in the server project because that is where `npm test` runs Node tests;
 * it lints web and bench paths too. Fixture code is linted under real folders' paths (the zones
 * are read from the folders on disk) and imports real files (an import that does not resolve
 * is not judged), without type-aware rules, which would need the fixture in a tsconfig.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const RULE = 'import-x/no-restricted-paths';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked },
});

/** A file of another feature or module, found on disk so a rename elsewhere does not break this. */
const firstFile = (folder: string, suffix: string): string => {
  const name = readdirSync(resolve(ROOT, folder))
    .sort()
    .find((file) => file.endsWith(suffix) && !file.includes('.test.'));
  if (!name) throw new Error(`no *${suffix} in ${folder}`);
  return name;
};

const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, filePath) });
  const messages = result?.messages ?? [];
  const broken = messages.filter((message) => message.fatal);
  if (broken.length > 0) throw new Error(broken.map((message) => message.message).join('\n'));
  return messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
};

describe('import boundaries', () => {
  const walletApi = firstFile('apps/web/src/features/wallet/api', '.ts').replace(/\.ts$/, '');
  const feature = 'apps/web/src/features/betting/components/boundary-fixture.tsx';

  it("refuses a web feature importing another feature's file, by relative path or alias", async () => {
    const relative = await boundaryErrors(
      feature,
      `import * as wallet from '../../wallet/api/${walletApi}';\nexport { wallet };\n`,
    );
    const aliased = await boundaryErrors(
      feature,
      `import * as wallet from '@/features/wallet/api/${walletApi}';\nexport { wallet };\n`,
    );
    expect(relative).toEqual([expect.stringContaining('Features do not import features')]);
    expect(aliased).toEqual([expect.stringContaining('Features do not import features')]);
  });

  it('lets a web feature import its own files and shared code', async () => {
    const own = firstFile('apps/web/src/features/betting/api', '.ts').replace(/\.ts$/, '');
    const code = `import * as own from '../api/${own}';\nimport * as api from '@/lib/api/api-client';\nexport { own, api };\n`;
    expect(await boundaryErrors(feature, code)).toEqual([]);
  });

  const moduleFile = 'apps/server/src/modules/games/boundary-fixture.ts';
  const repository = firstFile('apps/server/src/modules/ledger', '.repository.ts');

  it("refuses a server module importing another module's repository", async () => {
    const code = `import * as ledger from '../ledger/${repository}';\nexport { ledger };\n`;
    expect(await boundaryErrors(moduleFile, code)).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
  });

  it("lets a server module import another module's index.ts and its own files", async () => {
    const code = `import * as ledger from '../ledger/index.ts';\nimport * as games from './index.ts';\nexport { ledger, games };\n`;
    expect(await boundaryErrors(moduleFile, code)).toEqual([]);
  });

  it('keeps bench and e2e to the server package exports', async () => {
    const internal = `import * as db from '../../apps/server/src/db/client.ts';\nexport { db };\n`;
    const exported = `import * as testing from '@lanna/server/testing';\nexport { testing };\n`;
    expect(await boundaryErrors('bench/src/boundary-fixture.ts', internal)).toEqual([
      expect.stringContaining('package exports'),
    ]);
    expect(await boundaryErrors('bench/src/boundary-fixture.ts', exported)).toEqual([]);
  });
});
