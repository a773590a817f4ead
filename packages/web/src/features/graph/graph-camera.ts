import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';
import type { CameraState } from 'sigma/types';
import { getCorrectionRatio } from 'sigma/utils';

/**
 * The camera that frames `nodes` as closely as the viewport allows, but no closer than
 * `minRatio` (sigma's own recipe, from @sigma/utils, which is not installed): the group's extent
 * in graph units, against the whole graph's, gives the zoom; its centre in sigma's framed
 * coordinates gives the position.
 */
export function cameraToFit<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  nodes: readonly string[],
  minRatio = 0.12,
): CameraState | null {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let fMinX = Infinity;
  let fMaxX = -Infinity;
  let fMinY = Infinity;
  let fMaxY = -Infinity;
  const graph = sigma.getGraph();
  for (const node of nodes) {
    const framed = sigma.getNodeDisplayData(node);
    if (!framed || !graph.hasNode(node)) continue;
    const { x, y } = graph.getNodeAttributes(node) as unknown as { x: number; y: number };
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    fMinX = Math.min(fMinX, framed.x);
    fMaxX = Math.max(fMaxX, framed.x);
    fMinY = Math.min(fMinY, framed.y);
    fMaxY = Math.max(fMaxY, framed.y);
  }
  if (minX === Infinity) return null;
  const bbox = sigma.getCustomBBox() ?? sigma.getBBox();
  const graphWidth = bbox.x[1] - bbox.x[0] || 1;
  const graphHeight = bbox.y[1] - bbox.y[0] || 1;
  const groupWidth = maxX - minX || graphWidth / 4;
  const groupHeight = maxY - minY || graphHeight / 4;
  const { width, height } = sigma.getDimensions();
  const correction = getCorrectionRatio(
    { width, height },
    { width: graphWidth, height: graphHeight },
  );
  const ratio =
    ((groupHeight / groupWidth < height / width ? groupWidth : groupHeight) /
      Math.max(graphWidth, graphHeight)) *
    correction;
  return {
    ...sigma.getCamera().getState(),
    angle: 0,
    x: (fMinX + fMaxX) / 2,
    y: (fMinY + fMaxY) / 2,
    // A little room around the group; never closer than `minRatio` (by default a comfortable
    // zoom on a single photo).
    ratio: Math.min(1, Math.max(ratio * 1.15, minRatio)),
  };
}

/**
 * The camera that puts `node` at the horizontal middle of the viewport and at `viewportY` (a
 * share of its height) vertically, at zoom `ratio`: higher than the middle when a panel covers
 * the bottom of the canvas.
 */
export function cameraToShow<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  node: string,
  ratio: number,
  viewportY: number,
): CameraState | null {
  const data = sigma.getNodeDisplayData(node);
  if (!data) return null;
  const centred = { ...sigma.getCamera().getState(), x: data.x, y: data.y, ratio };
  const { width, height } = sigma.getDimensions();
  // With the node in the middle, the framed point shown at the target; moving the camera by the
  // difference puts the node there instead.
  const target = sigma.viewportToFramedGraph(
    { x: width / 2, y: height * viewportY },
    { cameraState: centred },
  );
  return { ...centred, x: 2 * data.x - target.x, y: 2 * data.y - target.y };
}
