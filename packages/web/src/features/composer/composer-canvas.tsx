import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  anchorSize,
  pinchScale,
  scaleAboutCenter,
  topItemAt,
  touchDistance,
  updateCanvasItem,
  type ComposerItem,
} from '@hanger/domain';
import Konva from 'konva';
import { memo, useCallback, useEffect, useRef, type Ref } from 'react';
import { Image as KonvaImage, Layer, Rect, Stage, Transformer } from 'react-konva';
import type { LoadedPhoto } from './photos';

// A second finger must reach shapes while the first one drags, or a pinch could not start.
Konva.hitOnDragEnabled = true;

type Change = (fn: (items: readonly ComposerItem[]) => ComposerItem[], mergeKey?: string) => void;

interface ComposerCanvasProps {
  items: readonly ComposerItem[];
  selectedId: string | null;
  /** Display scale: outfit units to screen pixels. */
  scale: number;
  photo: (id: string) => LoadedPhoto | undefined;
  /** Accessible name of each piece, e.g. "Uniqlo top". */
  label: (id: string) => string;
  onSelect: (id: string | null) => void;
  onChange: Change;
  /** The layer holding the white card and the pieces: what the saved image shows. */
  layerRef: Ref<Konva.Layer>;
}

/**
 * Screen pixels the stage reaches past the card on every side: room for the transformer's handles
 * (at most 24 px across, docs/spec.md §9) of a piece at the card's edge, where new pieces go
 * (docs/spec.md §4), wherever the window has room around the card (the card keeps the size
 * docs/spec.md gives; on a phone it fills the width, and the right-hand handles stay at the
 * screen's edge). The card's layer is clipped to the card, so pieces still end at its edge as on
 * the saved image.
 */
export const HANDLE_ROOM_PX = 16;

const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
/** Smallest a piece may be resized to, in screen pixels, so it can always be grabbed again. */
const MIN_BOX_PX = 16;

type Point = { x: number; y: number };

interface Pinch {
  id: string;
  node: Konva.Node;
  start: ComposerItem;
  distance: number;
  last: ComposerItem;
}

/**
 * The 720×1080 white card drawn with Konva at the display scale. Everything is kept in outfit
 * units; the stage scale maps them to the screen. Drags, transformer gestures and pinches move
 * the Konva node directly while they run (no React render per frame) and commit one undoable
 * change when they end.
 */
export function ComposerCanvas({
  items,
  selectedId,
  scale,
  photo,
  label,
  onSelect,
  onChange,
  layerRef,
}: ComposerCanvasProps) {
  const stageRef = useRef<Konva.Stage>(null);
  const transformerRef = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Image>());
  const pinch = useRef<Pinch | null>(null);
  const selected = items.find((i) => i.clothingId === selectedId);

  useEffect(() => {
    const tr = transformerRef.current;
    if (!tr) return;
    const node = selected ? nodes.current.get(selected.clothingId) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected]);

  /** Touch points in outfit units. */
  const touchPoints = (evt: TouchEvent) => {
    const rect = stageRef.current!.container().getBoundingClientRect();
    const left = rect.left + HANDLE_ROOM_PX;
    const top = rect.top + HANDLE_ROOM_PX;
    return Array.from(evt.touches)
      .slice(0, 2)
      .map((t) => ({ x: (t.clientX - left) / scale, y: (t.clientY - top) / scale }));
  };

  /** Two fingers down: the topmost unlocked piece under them (50-unit margin) starts a pinch. */
  const startPinch = (evt: TouchEvent): boolean => {
    const [a, b] = touchPoints(evt) as [Point, Point];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const target = topItemAt(items, mid) ?? topItemAt(items, a);
    const node = target && nodes.current.get(target.clothingId);
    if (!target || !node || target.locked) return false;
    if (node.isDragging()) node.stopDrag();
    // Start from where the node is now: a one-finger drag may have moved it.
    const start = {
      ...target,
      x: node.x(),
      y: node.y(),
      scale: node.scaleX(),
      rotation: node.rotation(),
    };
    pinch.current = {
      id: target.clothingId,
      node,
      start,
      distance: touchDistance(a, b),
      last: start,
    };
    onSelect(target.clothingId);
    return true;
  };

  const onTouchStart = (e: Konva.KonvaEventObject<TouchEvent>) => {
    if (e.evt.touches.length >= 2) {
      if (!pinch.current) startPinch(e.evt);
      e.evt.preventDefault();
      return;
    }
    onPointerDownEmpty(e);
  };

  const onTouchMove = (e: Konva.KonvaEventObject<TouchEvent>) => {
    if (e.evt.touches.length < 2) return;
    e.evt.preventDefault();
    const current = pinch.current;
    if (!current) {
      startPinch(e.evt);
      return;
    }
    const [a, b] = touchPoints(e.evt) as [Point, Point];
    const next = scaleAboutCenter(
      current.start,
      pinchScale(current.start.scale, current.distance, touchDistance(a, b)),
    );
    current.last = next;
    current.node.setAttrs({ x: next.x, y: next.y, scaleX: next.scale, scaleY: next.scale });
    current.node.getLayer()?.batchDraw();
  };

  const onTouchEnd = (e: Konva.KonvaEventObject<TouchEvent>) => {
    const current = pinch.current;
    if (!current || e.evt.touches.length >= 2) return;
    pinch.current = null;
    const { x, y, scale: s } = current.last;
    onChange((list) => updateCanvasItem(list, current.id, { x, y, scale: s }));
  };

  const onPointerDownEmpty = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const target = e.target;
    if (target === stageRef.current || target.name() === 'card') onSelect(null);
  };

  const setCursor = useCallback((cursor: string) => {
    const container = stageRef.current?.container();
    if (container) container.style.cursor = cursor;
  }, []);

  const anchors = anchorSize(scale);
  return (
    <Stage
      ref={stageRef}
      width={CANVAS_WIDTH * scale + 2 * HANDLE_ROOM_PX}
      height={CANVAS_HEIGHT * scale + 2 * HANDLE_ROOM_PX}
      x={HANDLE_ROOM_PX}
      y={HANDLE_ROOM_PX}
      scaleX={scale}
      scaleY={scale}
      onMouseDown={onPointerDownEmpty}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
      style={{ touchAction: 'none' }}
    >
      <Layer ref={layerRef} clipX={0} clipY={0} clipWidth={CANVAS_WIDTH} clipHeight={CANVAS_HEIGHT}>
        <Rect name="card" width={CANVAS_WIDTH} height={CANVAS_HEIGHT} fill="#ffffff" />
        {items.map((item) => {
          const loaded = photo(item.clothingId);
          if (!loaded) return null;
          return (
            <Piece
              key={item.clothingId}
              item={item}
              image={loaded.image}
              label={label(item.clothingId)}
              nodes={nodes.current}
              onSelect={onSelect}
              onChange={onChange}
              setCursor={setCursor}
            />
          );
        })}
      </Layer>
      <Layer>
        <Transformer
          ref={transformerRef}
          keepRatio
          enabledAnchors={selected?.locked ? [] : CORNERS}
          rotateEnabled={!selected?.locked}
          resizeEnabled={!selected?.locked}
          flipEnabled={false}
          anchorSize={anchors}
          rotateAnchorOffset={anchors * 1.6}
          anchorCornerRadius={anchors / 2}
          anchorStroke="#a4472a"
          anchorFill="#ffffff"
          anchorStrokeWidth={1.5}
          borderStroke="#a4472a"
          borderStrokeWidth={1.5}
          borderDash={selected?.locked ? [6, 4] : undefined}
          // Small anchors on phones still take a fingertip: the hit area is wider than the dot.
          anchorStyleFunc={(anchor) => anchor.hitStrokeWidth(Math.max(12, anchors))}
          boundBoxFunc={(oldBox, newBox) => {
            const tooSmall =
              Math.abs(newBox.width) < MIN_BOX_PX || Math.abs(newBox.height) < MIN_BOX_PX;
            return tooSmall ? oldBox : newBox;
          }}
        />
      </Layer>
    </Stage>
  );
}

interface PieceProps {
  item: ComposerItem;
  image: HTMLImageElement;
  label: string;
  /** Where the piece registers its Konva node, for the transformer and pinches. */
  nodes: Map<string, Konva.Image>;
  onSelect: (id: string | null) => void;
  onChange: Change;
  setCursor: (cursor: string) => void;
}

/** One placed photo. Memoised: a drag of one piece does not redraw the React tree of the rest. */
const Piece = memo(function Piece({
  item,
  image,
  label,
  nodes,
  onSelect,
  onChange,
  setCursor,
}: PieceProps) {
  const id = item.clothingId;
  const register = useCallback(
    (node: Konva.Image | null) => {
      if (node) nodes.set(id, node);
      else nodes.delete(id);
    },
    [nodes, id],
  );

  const commitNode = (node: Konva.Node) => {
    const change = { x: node.x(), y: node.y(), scale: node.scaleX(), rotation: node.rotation() };
    onChange((list) => updateCanvasItem(list, id, change));
  };

  return (
    <KonvaImage
      ref={register}
      id={id}
      name="piece"
      image={image}
      x={item.x}
      y={item.y}
      width={item.width}
      height={item.height}
      scaleX={item.scale}
      scaleY={item.scale}
      rotation={item.rotation}
      draggable={!item.locked}
      perfectDrawEnabled={false}
      // Konva has no accessibility tree (the composer lists the pieces in HTML); the label
      // rides along on the node for debugging tools.
      itemLabel={label}
      onMouseDown={() => onSelect(id)}
      onTouchStart={(e) => {
        if (e.evt.touches.length === 1) onSelect(id);
      }}
      onDragEnd={(e) => commitNode(e.target)}
      onTransformEnd={(e) => commitNode(e.target)}
      onMouseEnter={() => setCursor(item.locked ? 'default' : 'move')}
      onMouseLeave={() => setCursor('default')}
    />
  );
});
