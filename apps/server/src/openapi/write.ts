import { readFile, writeFile } from 'node:fs/promises';
import { formatOpenApiDocument, generateOpenApiDocument, OPENAPI_FILE } from './document.ts';

// Writes apps/server/openapi.json; with --check it writes nothing and exits 1 on drift (CI).

const readCommitted = async (): Promise<string | null> => {
  try {
    return await readFile(OPENAPI_FILE, 'utf8');
  } catch {
    return null;
  }
};

const text = formatOpenApiDocument(await generateOpenApiDocument());
if (process.argv.includes('--check')) {
  if ((await readCommitted()) !== text) {
    process.stderr.write(
      `${OPENAPI_FILE} is out of date with the contract: run "npx tsx apps/server/src/openapi/write.ts" and commit it.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${OPENAPI_FILE} is up to date\n`);
} else {
  await writeFile(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
}
