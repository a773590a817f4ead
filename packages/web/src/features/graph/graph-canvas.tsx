import {
  edgeThickness,
  extentOf,
  FRAME_LABELLED_NODES,
  FRAME_MAX_EDGE_PX,
  initialPositions,
  layoutFrame,
  pairKey,
  ringPositions,
  type Category,
  type GraphScope,
  type RankedPartner,
  type Point,
} from '@hanger/domain';
import { createNodeImageProgram } from '@sigma/node-image';
import Graph from 'graphology';
import { Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Sigma from 'sigma';
import { createNodeCompoundProgram, NodeCircleProgram } from 'sigma/rendering';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import { IconButton } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { cameraToFit, cameraToShow } from './graph-camera';
import { createDrawers } from './graph-draw';
import { runLayout, type LayoutRun, type SettleReason } from './graph-layout';
import type { GraphModel } from './graph-model';
import type { GraphTheme } from './graph-theme';

interface NodeAttributes {
  x: number;
  y: number;
  size: number;
  label: string;
  image: string;
  category: Category;
  type: 'image';
  /** Unpaired pieces on the ring: ForceAtlas2 leaves fixed nodes where they are. */
  fixed?: boolean;
}

interface EdgeAttributes {
  weight: number;
  size: number;
}

export interface GraphCanvasProps {
  model: GraphModel;
  /** What the current filter shows (unpaired pieces included when they are shown). */
  scope: GraphScope;
  category: Category | undefined;
  showUnpaired: boolean;
  selected: string | null;
  /** The selected item's partners, worn with it most first (the panel's list, rankPartners). */
  partners: readonly RankedPartner[];
  /** Changes when a choice made outside the canvas should bring the selected item into view. */
  focusKey: number;
  onSelect: (id: string | null) => void;
  theme: GraphTheme;
  /** Names the canvas for screen readers, e.g. "Pairing graph: 48 items, 112 pairings". */
  label: string;
}

/** Narrowest canvas, in CSS pixels, on which a small graph names every photo. */
const NAMED_MIN_WIDTH = 560;

/** Settled layouts of this session, by graph signature: coming back to the screen is instant. */
const settledLayouts = new Map<string, Map<string, Point>>();
/** Positions of the last graph torn down, to continue from when the wardrobe changes under it. */
let lastPositions = new Map<string, Point>();

/** Partners of the selected item whose names are drawn. */
const LABELLED_PARTNERS = 5;

/** Past these, the graph draws less while moving (see `large` below). */
const LARGE_NODES = 300;
const LARGE_EDGES = 1000;

const isLarge = (model: GraphModel) =>
  model.paired.length > LARGE_NODES || model.edges.length > LARGE_EDGES;

/** Share of a node's radius its photo takes; the rest is the category ring. */
const PHOTO_SHARE = 0.8;

/** Below the large breakpoint the item panel floats over the bottom of the canvas. */
const panelCovers = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(width < 64rem)').matches;
/** Where a focused item sits (share of the canvas height) when the panel covers the bottom. */
export const COVERED_FOCUS_Y = 0.3;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function positionsOf(graph: Graph, ids?: Iterable<string>): Map<string, Point> {
  const out = new Map<string, Point>();
  const list = ids ? [...ids] : graph.nodes();
  for (const id of list) {
    if (!graph.hasNode(id)) continue;
    const a = graph.getNodeAttributes(id) as NodeAttributes;
    out.set(id, { x: a.x, y: a.y });
  }
  return out;
}

/**
 * Where each node starts: the settled layout of this very graph if the session has one;
 * otherwise the positions of the graph it replaces, new pieces beside their strongest partner;
 * otherwise the domain's spiral.
 */
function startPositions(model: GraphModel): { positions: Map<string, Point>; settled: boolean } {
  const settled = settledLayouts.get(model.signature);
  if (settled) return { positions: settled, settled: true };
  const spiral = initialPositions(model.paired, model.pairings);
  const known = model.paired.filter((id) => lastPositions.has(id)).length;
  if (known < model.paired.length / 2) return { positions: spiral, settled: false };
  const positions = new Map<string, Point>();
  model.paired.forEach((id, i) => {
    const p = lastPositions.get(id);
    if (p) positions.set(id, p);
    else {
      const partner = (model.pairings.get(id) ?? []).find((q) => lastPositions.has(q.id));
      const base = partner ? lastPositions.get(partner.id)! : { x: 0, y: 0 };
      const a = i * 2.4;
      positions.set(id, { x: base.x + Math.cos(a), y: base.y + Math.sin(a) });
    }
  });
  return { positions, settled: false };
}

/**
 * Frames a graph that is not large as the domain's layoutFrame says (its typical pairing a
 * readable length, in the middle of the canvas, room for the names), instead of sigma's default
 * of stretching whatever the nodes span over the whole canvas. Runs as sigma processes the graph
 * (positions, size, nodes added or dropped); the box is set only when it changed, since setting
 * it asks for another frame. Answers the typical pairing's length on screen (layoutFrame's
 * edgePx), 0 when sigma fits the graph by itself.
 */
function frameGraph(renderer: Sigma<NodeAttributes, EdgeAttributes>): number {
  const graph = renderer.getGraph();
  const points = new Map<string, Point>();
  graph.forEachNode((id, a) => points.set(id, { x: a.x, y: a.y }));
  const edges: { source: string; target: string }[] = [];
  graph.forEachEdge((_edge, _attrs, source, target) => edges.push({ source, target }));
  const { width, height } = renderer.getDimensions();
  const frame = layoutFrame(points, edges, {
    width,
    height,
    padding: renderer.getSetting('stagePadding'),
  });
  const current = renderer.getCustomBBox();
  if (!frame) {
    if (current) renderer.setCustomBBox(null);
    return 0;
  }
  if (
    !current ||
    current.x[0] !== frame.minX ||
    current.x[1] !== frame.maxX ||
    current.y[0] !== frame.minY ||
    current.y[1] !== frame.maxY
  ) {
    renderer.setCustomBBox({ x: [frame.minX, frame.maxX], y: [frame.minY, frame.maxY] });
  }
  return frame.edgePx;
}

function nodeAttributes(model: GraphModel, id: string, p: Point): NodeAttributes | null {
  const item = model.items.get(id);
  if (!item) return null;
  return {
    x: p.x,
    y: p.y,
    size: model.radius.get(id) ?? 6,
    label: item.label,
    image: item.thumbnail,
    category: item.category,
    type: 'image',
  };
}

/**
 * The pairing graph on a WebGL canvas (sigma): photos as nodes, outfits as weighted edges, a
 * ForceAtlas2 layout in a web worker. Pan by dragging, zoom with the wheel, a pinch or the
 * buttons; tapping a photo selects it. What is shown, dimmed or selected is decided in sigma's
 * reducers from the props, so a filter or a selection never rebuilds the graph.
 */
export default function GraphCanvas({
  model,
  scope,
  category,
  showUnpaired,
  selected,
  partners,
  focusKey,
  onSelect,
  theme,
  label,
}: GraphCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [sigma, setSigma] = useState<Sigma<NodeAttributes, EdgeAttributes> | null>(null);
  const [layout, setLayout] = useState<{
    state: 'running' | 'settled';
    ms?: number;
    reason?: SettleReason | 'cached';
    iterations?: number;
  }>({ state: 'running' });
  const [shownCount, setShownCount] = useState(0);
  const helpId = useId();
  /** A typical pairing's length on screen at the framed zoom (frameGraph); 0 when unframed. */
  const framedEdgePx = useRef(0);

  // What the reducers read: kept in a ref so that sigma's callbacks always see the latest.
  const view = useRef({
    scope,
    edges: new Set<string>(),
    selected: null as string | null,
    neighbours: new Set<string>(),
    labelled: new Set<string>(),
    theme,
    maxWeight: model.maxWeight,
    layoutRunning: true,
    large: false,
  });
  const onSelectRef = useRef(onSelect);
  const modelRef = useRef(model);
  const latest = useRef({ scope, selected, partners, theme, model });
  /** What the view was last computed from; a new view only when one of them changed. */
  const synced = useRef<unknown[]>([]);
  const syncView = useCallback((): boolean => {
    const { scope, selected, partners, theme, model } = latest.current;
    const inputs = [scope, selected, partners, theme, model, view.current.layoutRunning];
    if (inputs.every((x, i) => x === synced.current[i])) return false;
    synced.current = inputs;
    const neighbours = new Set<string>();
    // The partners worn with it most are named, the panel's first ones; more labels than this
    // only overlap.
    const labelled = new Set<string>();
    if (selected) {
      for (const p of partners) {
        if (!scope.nodes.has(p.id)) continue;
        neighbours.add(p.id);
        if (labelled.size < LABELLED_PARTNERS) labelled.add(p.id);
      }
    }
    view.current = {
      ...view.current,
      scope,
      edges: new Set(scope.edges.map((e) => pairKey(e.source, e.target))),
      selected: selected && scope.nodes.has(selected) ? selected : null,
      neighbours,
      labelled,
      theme,
      maxWeight: model.maxWeight,
    };
    return true;
  }, []);
  useEffect(() => {
    latest.current = { scope, selected, partners, theme, model };
    onSelectRef.current = onSelect;
    modelRef.current = model;
  });

  // The graph, the renderer and the layout: built again only when nodes or edges change.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const model = modelRef.current;
    // A large graph draws less: thinner edges, and none while the layout runs or the camera
    // moves (the edges are most of what a frame costs).
    const large = isLarge(model);
    const graph = new Graph<NodeAttributes, EdgeAttributes>({ type: 'undirected' });
    const start = startPositions(model);
    for (const id of model.paired) {
      const attrs = nodeAttributes(model, id, start.positions.get(id) ?? { x: 0, y: 0 });
      if (attrs) graph.addNode(id, attrs);
    }
    for (const e of model.edges) {
      if (!graph.hasNode(e.source) || !graph.hasNode(e.target)) continue;
      graph.addUndirectedEdgeWithKey(pairKey(e.source, e.target), e.source, e.target, {
        weight: e.weight,
        size: edgeThickness(e.weight, model.maxWeight) * (large ? 0.6 : 1),
      });
    }

    // Every name shown (below) only where the canvas is wide enough: on a phone the photos of
    // such a graph sit close and the extra names landed on other photos.
    const named = graph.order <= FRAME_LABELLED_NODES && container.clientWidth >= NAMED_MIN_WIDTH;
    view.current.layoutRunning = !start.settled;
    view.current.large = large;

    const { drawLabel, drawHover } = createDrawers<NodeAttributes, EdgeAttributes>(
      () => view.current.theme,
    );

    const ImageProgram = createNodeImageProgram<NodeAttributes, EdgeAttributes>({
      size: { mode: 'max', value: large ? 64 : 128 },
      objectFit: 'cover',
      keepWithinCircle: true,
      drawingMode: 'background',
      // Behind a photo that has not loaded yet: a neutral disc, not the category colour.
      colorAttribute: 'fill',
      crossOrigin: 'anonymous',
      maxTextureSize: 2048,
      // Photos join the texture atlas in batches: each batch is an upload and a redraw.
      debounceTimeout: 500,
    });
    // The photo drawn inside the node, leaving a ring of the node's colour (its category)
    // around it: a category disc below, the photo a little smaller on top.
    class InsetImageProgram extends ImageProgram {
      override process(nodeIndex: number, offset: number, data: NodeDisplayData): void {
        super.process(nodeIndex, offset, { ...data, size: data.size * PHOTO_SHARE });
      }
    }
    const NodeProgram = createNodeCompoundProgram<NodeAttributes, EdgeAttributes>(
      [NodeCircleProgram, InsetImageProgram],
      drawLabel,
      drawHover,
    );

    const createRenderer = (initial: Graph<NodeAttributes, EdgeAttributes>) => {
      const renderer = new Sigma<NodeAttributes, EdgeAttributes>(initial, container, {
        allowInvalidContainer: true,
        defaultNodeType: 'image',
        nodeProgramClasses: { image: NodeProgram },
        labelFont: '"Inter Variable", ui-sans-serif, system-ui, sans-serif',
        labelSize: 12,
        labelWeight: '500',
        labelColor: { color: view.current.theme.label },
        // A graph small enough for its frame to keep room for every name (the domain's
        // layoutFrame), on a wide canvas, shows every name that has room: a finer grid with a
        // name in each cell. Sigma's coarser default left some photos of a 7-item graph unnamed.
        labelDensity: named ? 1 : 0.6,
        labelGridCellSize: named ? 60 : 140,
        labelRenderedSizeThreshold: large ? 12 : 10,
        defaultDrawNodeLabel: drawLabel,
        defaultDrawNodeHover: drawHover,
        zIndex: true,
        stagePadding: 48,
        minEdgeThickness: 1.4,
        minCameraRatio: 0.04,
        maxCameraRatio: 2.5,
        enableCameraRotation: false,
        hideEdgesOnMove: large,
        hideLabelsOnMove: large,
        nodeReducer: (node, data): Partial<NodeDisplayData> => {
          const v = view.current;
          const out: Partial<NodeDisplayData> & Record<string, unknown> = {
            ...data,
            color: v.theme.categories[data.category],
            fill: v.theme.placeholder,
          };
          if (!v.scope.nodes.has(node)) {
            out.hidden = true;
            return out;
          }
          if (v.selected === null) return out;
          if (node === v.selected) {
            out.highlighted = true;
            out.forceLabel = true;
            out.zIndex = 2;
          } else if (v.neighbours.has(node)) {
            out.forceLabel = v.labelled.has(node);
            out.zIndex = 1;
          } else {
            // Dimmed: a small grey dot instead of the photo, no label.
            out.type = 'circle';
            out.color = v.theme.nodeDim;
            out.size = Math.max(2, data.size * 0.45);
            out.label = null;
            out.zIndex = 0;
          }
          return out;
        },
        edgeReducer: (edge, data): Partial<EdgeDisplayData> => {
          const v = view.current;
          if (!v.edges.has(edge) || (v.large && v.layoutRunning)) return { ...data, hidden: true };
          if (v.selected === null) return { ...data, color: v.theme.edge };
          const touches = graph.hasExtremity(edge, v.selected);
          return touches
            ? { ...data, color: v.theme.edgeHighlight, size: Math.max(data.size, 2), zIndex: 1 }
            : { ...data, color: v.theme.edgeDim, zIndex: 0 };
        },
      });

      renderer.on('clickNode', ({ node }) => {
        onSelectRef.current(node);
        // A photo tapped low on a phone would end up under the panel: lift it above.
        if (!panelCovers()) return;
        const { x, y } = graph.getNodeAttributes(node);
        const onScreen = renderer.graphToViewport({ x, y });
        if (onScreen.y < renderer.getDimensions().height * 0.45) return;
        const camera = renderer.getCamera();
        const state = cameraToShow(renderer, node, camera.ratio, COVERED_FOCUS_Y);
        if (state) void camera.animate(state, { duration: reducedMotion() ? 0 : 300 });
      });
      renderer.on('clickStage', () => onSelectRef.current(null));
      // A large graph fills the canvas as sigma fits it, and is spared the work per redraw.
      if (!large) {
        renderer.on('beforeProcess', () => (framedEdgePx.current = frameGraph(renderer)));
      }
      renderer.on('enterNode', () => (container.style.cursor = 'pointer'));
      renderer.on('leaveNode', () => (container.style.cursor = ''));
      return renderer;
    };

    // The layout starts at once: the worker needs no renderer.
    let run: LayoutRun | null = null;
    if (start.settled || graph.order < 2) {
      setLayout({ state: 'settled', ms: 0, reason: start.settled ? 'cached' : 'still' });
    } else {
      setLayout({ state: 'running' });
      run = runLayout(graph, {
        // With reduced motion the picture moves once, to the settled positions.
        live: !large && !reducedMotion(),
        onSettled: (reason, ms, iterations) => {
          settledLayouts.set(model.signature, positionsOf(graph, model.paired));
          view.current.layoutRunning = false;
          setLayout({ state: 'settled', ms: Math.round(ms), reason, iterations });
        },
      });
    }

    // The renderer in two steps, each its own task: its WebGL contexts and programs, then the
    // first indexing and drawing of the graph. Together they keep the main thread for a few
    // hundred milliseconds on a slow machine; apart, the page can paint in between.
    let renderer: Sigma<NodeAttributes, EdgeAttributes> | null = null;
    const timers: ReturnType<typeof setTimeout>[] = [];
    timers.push(
      setTimeout(() => {
        const created = createRenderer(new Graph<NodeAttributes, EdgeAttributes>());
        renderer = created;
        timers.push(
          setTimeout(() => {
            syncView();
            created.setGraph(graph);
            setSigma(created);
          }, 0),
        );
      }, 0),
    );

    return () => {
      timers.forEach(clearTimeout);
      run?.stop();
      lastPositions = positionsOf(graph, model.paired);
      (renderer as Sigma<NodeAttributes, EdgeAttributes> | null)?.kill();
      setSigma(null);
    };
  }, [model.signature, syncView]);

  // Names, photos and sizes can change without the graph changing shape.
  useEffect(() => {
    if (!sigma) return;
    const graph = sigma.getGraph();
    for (const id of graph.nodes()) {
      const item = model.items.get(id);
      if (!item) continue;
      graph.mergeNodeAttributes(id, {
        label: item.label,
        image: item.thumbnail,
        category: item.category,
        size: model.radius.get(id) ?? 6,
      });
    }
  }, [sigma, model]);

  // Unpaired pieces join on a ring once the layout has settled, and leave when hidden.
  useEffect(() => {
    if (!sigma) return;
    const graph = sigma.getGraph();
    if (!showUnpaired) {
      for (const id of model.unpaired) if (graph.hasNode(id)) graph.dropNode(id);
      return;
    }
    if (layout.state !== 'settled') return;
    const paired = positionsOf(graph, model.paired);
    const extent = extentOf(paired.values());
    const spacing = extent
      ? Math.hypot(extent.maxX - extent.minX, extent.maxY - extent.minY) /
        Math.sqrt(paired.size + 1)
      : 1;
    const ring = ringPositions(model.unpaired, extent, spacing);
    for (const [id, p] of ring) {
      if (graph.hasNode(id)) graph.mergeNodeAttributes(id, { x: p.x, y: p.y });
      else {
        const attrs = nodeAttributes(model, id, p);
        if (attrs) graph.addNode(id, { ...attrs, fixed: true });
      }
    }
  }, [sigma, model, showUnpaired, layout.state]);

  // Filter, selection and theme: the reducers read the new view on the next refresh.
  useEffect(() => {
    if (!sigma) return;
    // The first drawing (setGraph) already used this view: no second indexing of the graph.
    if (syncView()) {
      sigma.setSetting('labelColor', { color: latest.current.theme.label });
      sigma.refresh();
    }
    const graph = sigma.getGraph();
    setShownCount(graph.filterNodes((id) => scope.nodes.has(id)).length);
  }, [sigma, scope, selected, partners, theme, model, showUnpaired, layout.state, syncView]);

  const arranging = layout.state === 'running' && isLarge(model);
  const duration = () => (reducedMotion() ? 0 : 300);

  const fit = () => {
    if (!sigma) return;
    if (category === undefined) {
      void sigma.getCamera().animatedReset({ duration: duration() });
      return;
    }
    // A small graph is framed for its pairings to read well: a category is brought to the
    // middle, not magnified until they stretch across the canvas again.
    const minRatio = Math.min(1, Math.max(0.12, framedEdgePx.current / FRAME_MAX_EDGE_PX));
    const state = cameraToFit(sigma, [...scope.nodes], minRatio);
    if (state) void sigma.getCamera().animate(state, { duration: duration() });
  };

  // A new category frames its items; "All" goes back to the whole graph.
  const fitRef = useRef(fit);
  useEffect(() => {
    fitRef.current = fit;
  });
  useEffect(() => {
    if (!sigma) return;
    // After the refresh that hides the other items, so their positions do not count.
    const frame = requestAnimationFrame(() => fitRef.current());
    return () => cancelAnimationFrame(frame);
  }, [sigma, category]);

  // A choice from the lists brings the item into view: the middle of the canvas, or above the
  // panel where the panel floats over the canvas.
  useEffect(() => {
    if (!sigma || focusKey === 0 || !selected) return;
    const camera = sigma.getCamera();
    // Large graphs zoom in to the item; small ones are readable as they are.
    const ratio = Math.min(camera.ratio, sigma.getGraph().order > 80 ? 0.5 : 1);
    const state = cameraToShow(sigma, selected, ratio, panelCovers() ? COVERED_FOCUS_Y : 0.5);
    if (state) void camera.animate(state, { duration: duration() });
    // Only a new focus request moves the camera, not every selection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sigma, focusKey]);

  const zoom = (factor: number) => {
    if (!sigma) return;
    const camera = sigma.getCamera();
    if (factor > 1) void camera.animatedZoom({ duration: duration(), factor });
    else void camera.animatedUnzoom({ duration: duration(), factor: 1 / factor });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!sigma) return;
    const camera = sigma.getCamera();
    const step = 0.12 * camera.ratio;
    const pan = (dx: number, dy: number) =>
      void camera.animate({ x: camera.x + dx, y: camera.y + dy }, { duration: duration() / 2 });
    const actions: Record<string, () => void> = {
      '+': () => zoom(1.5),
      '=': () => zoom(1.5),
      '-': () => zoom(1 / 1.5),
      '0': fit,
      ArrowLeft: () => pan(-step, 0),
      ArrowRight: () => pan(step, 0),
      // Sigma's y axis points up.
      ArrowUp: () => pan(0, step),
      ArrowDown: () => pan(0, -step),
      Escape: () => onSelect(null),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <div
      className="absolute inset-0"
      data-testid="pairing-graph"
      data-node-count={shownCount}
      data-edge-count={scope.edges.length}
      data-layout={layout.state}
      data-layout-ms={layout.ms}
      data-layout-reason={layout.reason}
      data-layout-iterations={layout.iterations}
      data-selected={selected ?? undefined}
    >
      <div
        ref={containerRef}
        // A large graph appears once arranged (see runLayout): hidden, it is never composited.
        style={arranging ? { visibility: 'hidden' } : undefined}
        tabIndex={0}
        // A labelled region: a focusable part of the page that takes keys (axe's
        // focus-order-semantics; a focusable group has no role that says it can be used).
        role="region"
        aria-roledescription="graph"
        aria-label={label}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        className="absolute inset-0 touch-none rounded-[inherit] outline-offset-[-3px]"
      />
      <p id={helpId} className="sr-only">
        Drag to pan; pinch, scroll or press plus and minus to zoom; 0 fits the graph; arrow keys
        pan. The lists beside the graph name every item and pairing.
      </p>
      <div className="absolute top-3 right-3 flex flex-col gap-1 rounded-full border border-line bg-surface/95 p-1 shadow-float backdrop-blur">
        <IconButton label="Zoom in" icon={<Plus className="size-5" />} onClick={() => zoom(1.5)} />
        <IconButton
          label="Zoom out"
          icon={<Minus className="size-5" />}
          onClick={() => zoom(1 / 1.5)}
        />
        <IconButton
          label="Fit to screen"
          icon={<Maximize className="size-[18px]" />}
          onClick={fit}
        />
      </div>
      {arranging ? (
        <div className="absolute inset-0 grid place-items-center p-6 text-center">
          <div className="flex flex-col items-center gap-3 text-sm text-fg-muted">
            <Spinner size="lg" label="Arranging the graph" />
            <p aria-hidden="true">Arranging {model.paired.length.toLocaleString()} pieces…</p>
          </div>
        </div>
      ) : (
        layout.state === 'running' && (
          <div className="pointer-events-none absolute top-3 left-3 inline-flex items-center gap-2 rounded-full border border-line bg-surface/95 px-3 py-1.5 text-xs font-medium text-fg-muted shadow-float">
            <Spinner size="sm" label="Arranging the graph" />
            <span aria-hidden="true">Arranging…</span>
          </div>
        )
      )}
    </div>
  );
}
