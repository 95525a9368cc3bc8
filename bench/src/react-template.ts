import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runToEnd } from '@lanna/server/testing';

/**
 * The bare React 19 + Vite template (what `npm create vite` gives with react-ts: a counter
 * component with state), written and built in this run with the repo's own React and Vite (inside apps/web so it resolves the same packages).
 */
export const buildReactTemplate = async (repoRoot: string): Promise<string> => {
  const dir = join(repoRoot, 'apps/web/.tmp/react-template');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Vite + React</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src/main.tsx'),
    `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
function App() {
  const [count, setCount] = useState(0);
  return (<><h1>Vite + React</h1><button onClick={() => setCount((c) => c + 1)}>count is {count}</button></>);
}
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
`,
  );
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()], logLevel: 'warn' });\n",
  );
  await runToEnd([join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], dir);
  return join(dir, 'dist');
};
