import type { Category } from '@hanger/domain';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * Colours of the graph. Sigma draws on canvas, where CSS variables do not reach: the page's
 * tokens (styles.css) are read once per colour scheme and handed to the renderer as plain hex.
 */
export interface GraphTheme {
  dark: boolean;
  /** Behind the canvas: the card's surface. */
  surface: string;
  label: string;
  /** Edges at rest: faint, so photos stay in front. */
  edge: string;
  /** Edges of the selected item. */
  edgeHighlight: string;
  /** Everything not related to the selection. */
  edgeDim: string;
  nodeDim: string;
  /** Inside a node until its photo has loaded. */
  placeholder: string;
  accent: string;
  /** The ring around each photo, by category; the legend shows the same colours. */
  categories: Record<Category, string>;
}

/** Distinct hues that read on white (light) and on the warm near-black (dark) at AA size. */
const CATEGORY_COLOURS: Record<'light' | 'dark', Record<Category, string>> = {
  light: {
    top: '#3563a8',
    bottom: '#2f7d4f',
    'full body': '#7c4dbd',
    outerwear: '#9a5b13',
    shoes: '#be185d',
    bag: '#0f766e',
    accessory: '#b7791f',
    other: '#78716c',
  },
  dark: {
    top: '#8ab4f8',
    bottom: '#6fcf97',
    'full body': '#c4a7f5',
    outerwear: '#e6a45e',
    shoes: '#f48fb8',
    bag: '#5fd4c4',
    accessory: '#f2cc5a',
    other: '#a8a29e',
  },
};

/** The tokens of styles.css, used when the stylesheet is not there to read (tests). */
const FALLBACK = {
  light: {
    surface: '#ffffff',
    surface2: '#f3f1ee',
    fg: '#1c1917',
    subtle: '#736c67',
    line: '#d6d3d1',
    accent: '#a4472a',
  },
  dark: {
    surface: '#1e1b19',
    surface2: '#292522',
    fg: '#f5f3f0',
    subtle: '#a8a29e',
    line: '#45403b',
    accent: '#e8896a',
  },
};

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isDark = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

function readToken(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

/**
 * `colour` at `alpha` over `background`, as an opaque `#rrggbb`. Sigma's WebGL canvas is
 * transparent and not premultiplied: a translucent edge colour would wash out to nothing on a
 * light page, so translucency is mixed in here against the card's surface.
 */
export function over(colour: string, alpha: number, background: string): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const a = Math.max(0, Math.min(1, alpha));
  let out = '#';
  for (let i = 0; i < 3; i++) {
    const v = Math.round(channel(colour, i) * a + channel(background, i) * (1 - a));
    out += v.toString(16).padStart(2, '0');
  }
  return out;
}

export function graphTheme(dark: boolean): GraphTheme {
  const f = FALLBACK[dark ? 'dark' : 'light'];
  const surface = readToken('--hg-surface', f.surface);
  const fg = readToken('--hg-fg', f.fg);
  const subtle = readToken('--hg-fg-subtle', f.subtle);
  const accent = readToken('--hg-accent', f.accent);
  const line = readToken('--hg-line-strong', f.line);
  return {
    dark,
    surface,
    label: fg,
    edge: over(subtle, dark ? 0.55 : 0.5, surface),
    edgeHighlight: accent,
    edgeDim: over(line, 0.5, surface),
    nodeDim: line,
    placeholder: readToken('--hg-surface-2', f.surface2),
    accent,
    categories: CATEGORY_COLOURS[dark ? 'dark' : 'light'],
  };
}

/** The theme for the current colour scheme; follows the system when it switches. */
export function useGraphTheme(): GraphTheme {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  return useMemo(() => graphTheme(dark), [dark]);
}
