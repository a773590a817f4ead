import type { Attributes } from 'graphology-types';
import type { NodeHoverDrawingFunction, NodeLabelDrawingFunction } from 'sigma/rendering';
import type { GraphTheme } from './graph-theme';

/** Longest label drawn on the canvas; the panel shows the full name. */
const MAX_LABEL = 28;

function shorten(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1).trimEnd()}…` : label;
}

/** Gap between a photo's edge and its name, in pixels. */
const LABEL_GAP = 5;
/** Least room kept between a name and the canvas' edge, in pixels. */
const EDGE_MARGIN = 4;

/**
 * Where a name goes beside its photo: on the right, as a rule, and on the left when it would run
 * past the canvas' right edge and fits on the left (a photo near the right edge lost the end of
 * its name). `gap` is the room between the photo and the text's near end.
 */
export function labelPlacement(
  nodeX: number,
  nodeSize: number,
  textWidth: number,
  canvasWidth: number,
  gap = LABEL_GAP,
): { x: number; align: 'left' | 'right' } {
  const right = nodeX + nodeSize + gap;
  if (right + textWidth <= canvasWidth - EDGE_MARGIN) return { x: right, align: 'left' };
  const left = nodeX - nodeSize - gap;
  if (left - textWidth >= EDGE_MARGIN) return { x: left, align: 'right' };
  return { x: right, align: 'left' };
}

/** The canvas' width in CSS pixels (sigma scales its layers' contexts by the pixel ratio). */
function cssWidth(context: CanvasRenderingContext2D): number {
  const scale = context.getTransform().a || 1;
  return context.canvas.width / scale;
}

function font(settings: { labelWeight: string; labelSize: number; labelFont: string }): string {
  return `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`;
}

/**
 * Label and hover drawing in the theme's colours. Sigma's own draw a white box with a black
 * shadow, which glares in dark mode; these read the current theme through `theme()`.
 */
export function createDrawers<N extends Attributes, E extends Attributes>(
  theme: () => GraphTheme,
): {
  drawLabel: NodeLabelDrawingFunction<N, E>;
  drawHover: NodeHoverDrawingFunction<N, E>;
} {
  const drawLabel: NodeLabelDrawingFunction<N, E> = (context, data, settings) => {
    if (!data.label) return;
    const t = theme();
    const text = shorten(data.label);
    context.font = font(settings);
    context.textBaseline = 'middle';
    const width = context.measureText(text).width;
    const { x, align } = labelPlacement(data.x, data.size, width, cssWidth(context));
    context.textAlign = align;
    // A halo in the surface colour keeps the text legible where it crosses edges.
    context.lineJoin = 'round';
    context.lineWidth = 4;
    context.strokeStyle = t.surface;
    context.strokeText(text, x, data.y);
    context.fillStyle = t.label;
    context.fillText(text, x, data.y);
    context.textAlign = 'left';
  };

  const drawHover: NodeHoverDrawingFunction<N, E> = (context, data, settings) => {
    const t = theme();
    // An accent ring around the photo (the photo itself is drawn above this layer).
    context.beginPath();
    context.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
    context.fillStyle = t.accent;
    context.fill();
    if (!data.label) return;
    const text = shorten(data.label);
    context.font = font(settings);
    context.textBaseline = 'middle';
    const width = context.measureText(text).width;
    const height = settings.labelSize + 10;
    // The pill is the text and 8 px on each side, on the side the name is drawn (beneath it),
    // starting 1 px from the photo so that it covers that name and its halo.
    const { align } = labelPlacement(data.x, data.size, width, cssWidth(context));
    const x = align === 'left' ? data.x + data.size + 1 : data.x - data.size - 1 - width - 16;
    const y = data.y - height / 2;
    context.shadowColor = t.dark ? 'rgba(0,0,0,0.6)' : 'rgba(28,25,23,0.18)';
    context.shadowBlur = 8;
    context.shadowOffsetY = 2;
    context.fillStyle = t.surface;
    context.beginPath();
    context.roundRect(x, y, width + 16, height, height / 2);
    context.fill();
    context.shadowColor = 'transparent';
    context.shadowBlur = 0;
    context.shadowOffsetY = 0;
    context.fillStyle = t.label;
    context.fillText(text, x + 8, data.y);
  };

  return { drawLabel, drawHover };
}
