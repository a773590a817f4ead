import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';

/** Floats per node in ForceAtlas2's matrix: x, y, dx, dy, old dx, old dy, mass, convergence, size, fixed. */
export const NODE_STRIDE = 10;
/** Floats per edge: source offset, target offset, weight. */
export const EDGE_STRIDE = 3;

export interface LayoutRequest {
  nodes: ArrayBuffer;
  edges: ArrayBuffer;
  settings: ForceAtlas2Settings;
  /** How often the worker sends the positions, in milliseconds. */
  reportMs: number;
}

/** The node matrix after `iterations` iterations. */
export interface LayoutMessage {
  nodes: ArrayBuffer;
  iterations: number;
}
