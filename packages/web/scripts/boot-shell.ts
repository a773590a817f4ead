// Writes the static first paint into index.html (see src/app/boot-shell.tsx):
//   npx tsx packages/web/scripts/boot-shell.ts
// The components are loaded through Vite (as the app's build and tests load them), so that the
// app's own modules, workers included, resolve as they do there.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type * as BootShell from '../src/app/boot-shell';

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({
  root,
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { bootShellMarkup, withBootShell } = (await vite.ssrLoadModule(
    '/src/app/boot-shell.tsx',
  )) as typeof BootShell;
  const index = fileURLToPath(new URL('../index.html', import.meta.url));
  writeFileSync(index, withBootShell(readFileSync(index, 'utf8'), bootShellMarkup()));
  console.log('index.html: boot shell written');
} finally {
  await vite.close();
}
