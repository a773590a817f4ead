import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  OUTFIT_IMAGE_MIME,
  OUTFIT_JPEG_QUALITY,
} from '@hanger/domain';
import Konva from 'konva';

/**
 * The outfit image: the canvas layer drawn at exactly 720×1080 whatever the display scale,
 * as a JPEG. The on-screen stage is scaled to fit the window, so the layer is cloned into an
 * off-screen stage at scale 1 instead of scaling the screen's pixels (which would round the
 * size to 719 or 721 pixels on some windows and blur the photos).
 */
export function renderOutfitDataUrl(
  layer: Konva.Layer,
  quality: number = OUTFIT_JPEG_QUALITY,
): string {
  const container = document.createElement('div');
  const stage = new Konva.Stage({ container, width: CANVAS_WIDTH, height: CANVAS_HEIGHT });
  try {
    const copy = layer.clone({ scaleX: 1, scaleY: 1, x: 0, y: 0 }) as Konva.Layer;
    stage.add(copy);
    return stage.toDataURL({ mimeType: OUTFIT_IMAGE_MIME, quality, pixelRatio: 1 });
  } finally {
    stage.destroy();
  }
}

/** A data URL as the file the API takes (docs/spec.md §5: the image is converted from a data URL). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  const mime = /^data:([^;,]+)/.exec(header)?.[1] ?? OUTFIT_IMAGE_MIME;
  const body = dataUrl.slice(comma + 1);
  if (!header.includes(';base64')) return new Blob([decodeURIComponent(body)], { type: mime });
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}
