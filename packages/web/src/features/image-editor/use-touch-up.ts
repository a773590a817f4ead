import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EMPTY_HISTORY,
  appliedStrokes,
  historyKey,
  pushStroke,
  redo,
  undo,
  type BrushHistory,
  type Stroke,
} from './brush-history';
import { renderTouchedUp } from './brush-paint';
import { loadImage } from './render-edit';

export interface TouchUp {
  /** The cut-out with the applied strokes, at its own pixel size; null without a cut-out. */
  work: HTMLCanvasElement | null;
  /** The original photo, once loaded (Restore and saving a turned cut-out need it). */
  original: HTMLImageElement | null;
  originalFailed: boolean;
  history: BrushHistory;
  /** Changes whenever `work` was drawn afresh. */
  version: number;
  addStroke: (stroke: Stroke) => void;
  undo: () => void;
  redo: () => void;
}

/**
 * The touch-up brush's state for a cut-out (`base`, loaded) and its original (`originalSrc`):
 * the canvas the strokes are painted on, their history, and Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z
 * while `keys` is on. A new base (the cut-out replaced) starts a new history.
 */
export function useTouchUp(
  base: HTMLImageElement | null,
  originalSrc: string | undefined,
  keys: boolean,
): TouchUp {
  const [work, setWork] = useState<HTMLCanvasElement | null>(null);
  const [original, setOriginal] = useState<HTMLImageElement | null>(null);
  const [originalFailed, setOriginalFailed] = useState(false);
  const [history, setHistory] = useState<BrushHistory>(EMPTY_HISTORY);
  const [version, setVersion] = useState(0);
  const latest = useRef({ history, work, base, original });
  latest.current = { history, work, base, original };

  useEffect(() => {
    setHistory(EMPTY_HISTORY);
    if (!base || originalSrc === undefined) {
      setWork(null);
      return;
    }
    const canvas = document.createElement('canvas');
    canvas.width = base.naturalWidth;
    canvas.height = base.naturalHeight;
    canvas.getContext('2d')?.drawImage(base, 0, 0);
    setWork(canvas);
    setVersion((v) => v + 1);
  }, [base, originalSrc]);

  useEffect(() => {
    setOriginal(null);
    setOriginalFailed(false);
    if (!originalSrc) return;
    let live = true;
    loadImage(originalSrc).then(
      (img) => live && setOriginal(img),
      (err: unknown) => {
        console.error('Hanger:', err);
        if (live) setOriginalFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [originalSrc]);

  const step = useCallback((which: 'undo' | 'redo') => {
    const { history: now, work: canvas, base: img, original: orig } = latest.current;
    const next = which === 'undo' ? undo(now) : redo(now);
    if (next === now || !canvas || !img) return;
    renderTouchedUp(canvas, img, appliedStrokes(next), orig);
    setHistory(next);
    setVersion((v) => v + 1);
  }, []);

  useEffect(() => {
    if (!keys) return;
    const onKey = (e: KeyboardEvent) => {
      const which = historyKey(e);
      if (!which) return;
      e.preventDefault();
      step(which);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys, step]);

  return {
    work,
    original,
    originalFailed,
    history,
    version,
    // The stroke is on the canvas already (painted as it was drawn).
    addStroke: useCallback((stroke: Stroke) => setHistory((h) => pushStroke(h, stroke)), []),
    undo: useCallback(() => step('undo'), [step]),
    redo: useCallback(() => step('redo'), [step]),
  };
}
