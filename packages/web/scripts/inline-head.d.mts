import type { Plugin } from 'vite';

/** See inline-head.mjs: early.js and the stylesheet inline in index.html, the Latin font preloaded. */
export function inlineHead(options: {
  readEarlyJs: () => string;
  /** The domain's FIRST_SCREEN_PATH, written over early.js's copy. */
  firstScreenPath: RegExp;
}): Plugin;
