#!/usr/bin/env node
/**
 * Totals the Vitest and Playwright JSON reports into one closing line, "N passed, N failed"
 * (", N skipped" when any were skipped), so a reader sees the whole suite's count at a glance.
 * A missing report counts as a failure: a suite that did not run has not passed.
 */
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function read(file, name) {
  if (!file || !existsSync(file)) {
    console.error(`${name}: no report at ${file}`);
    failed += 1;
    return null;
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

const vitest = read(vitestFile, 'vitest');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}

const playwright = read(playwrightFile, 'playwright');
if (playwright) {
  const s = playwright.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
