import type { Attributes } from 'graphology-types';
import type { NodeHoverDrawingFunction, NodeLabelDrawingFunction } from 'sigma/rendering';
import type { GraphTheme } from './graph-theme';

/** Longest label drawn on the canvas; the panel shows the full name. */
const MAX_LABEL = 28;

function shorten(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1).trimEnd()}…` : label;
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
    const x = data.x + data.size + 5;
    // A halo in the surface colour keeps the text legible where it crosses edges.
    context.lineJoin = 'round';
    context.lineWidth = 4;
    context.strokeStyle = t.surface;
    context.strokeText(text, x, data.y);
    context.fillStyle = t.label;
    context.fillText(text, x, data.y);
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
    const x = data.x + data.size + 6;
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
