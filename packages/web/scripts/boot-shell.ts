// Writes the static first paint into index.html (see src/app/boot-shell.tsx):
//   npx tsx packages/web/scripts/boot-shell.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import React from 'react';

// The components are compiled with the classic JSX transform by tsx outside Vite.
(globalThis as { React?: typeof React }).React = React;
const { bootShellMarkup, withBootShell } = await import('../src/app/boot-shell');
const index = fileURLToPath(new URL('../index.html', import.meta.url));
writeFileSync(index, withBootShell(readFileSync(index, 'utf8'), bootShellMarkup()));
console.log('index.html: boot shell written');
