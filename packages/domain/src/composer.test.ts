import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCanvas,
  anchorSize,
  bringToTop,
  clampPinchScale,
  displayScale,
  fromOutfitCoordinates,
  hitTest,
  initialItemScale,
  itemCenter,
  keepExistingEntries,
  moveBackward,
  moveForward,
  nudge,
  outfitStatusForItems,
  parseSelectedQuery,
  pinchScale,
  removeFromCanvas,
  sameCanvas,
  sameSavedLayout,
  scaleAboutCenter,
  toOutfitCoordinates,
  touchDistance,
  toggleLock,
  topItemAt,
  updateCanvasItem,
  type ComposerItem,
} from './composer.js';
import { item } from './testing/fixtures.js';

function placed(id: string, fields: Partial<ComposerItem> = {}): ComposerItem {
  return {
    clothingId: id,
    x: 0,
    y: 0,
    scale: 1,
    rotation: 0,
    locked: false,
    width: 100,
    height: 100,
    ...fields,
  };
}
const order = (items: ComposerItem[]) => items.map((i) => i.clothingId);

describe('displayScale', () => {
  it('fits 720×1080 with 100 units of height kept for the toolbar', () => {
    expect(displayScale(360, 1180)).toBe(0.5);
    expect(displayScale(1440, 640)).toBeCloseTo(540 / 1080);
    expect(displayScale(720, 1180)).toBe(1);
  });

  it('stays positive in a window too small to show the canvas', () => {
    expect(displayScale(300, 50)).toBeGreaterThan(0);
  });
});

describe('initialItemScale', () => {
  it("uses the item's stored scale times the display scale", () => {
    expect(initialItemScale(item('a', { scale: 0.8 }), 400, 400, 0.5)).toBe(0.4);
  });

  it('else fits the image in a third of the canvas width and height', () => {
    // A third of the canvas is 240×360: a 480×480 image fits at 0.5 (width bound).
    expect(initialItemScale(item('a'), 480, 480, 1)).toBe(0.5);
    // A 100×720 image is height bound: 360 / 720.
    expect(initialItemScale(item('a'), 100, 720, 0.5)).toBe(0.25);
  });
});

describe('addToCanvas', () => {
  it('places a new item at the bottom right on top of the stack', () => {
    const items = addToCanvas([placed('x')], item('a'), 240, 360, 1);
    expect(order(items)).toEqual(['x', 'a']);
    expect(items[1]).toMatchObject({
      x: 720 - 240,
      y: 1080 - 360,
      scale: 1,
      rotation: 0,
      locked: false,
    });
  });

  it('does not add an item twice', () => {
    expect(order(addToCanvas([placed('a')], item('a'), 10, 10, 1))).toEqual(['a']);
  });
});

describe('stack order', () => {
  const stack = [placed('a'), placed('b'), placed('c')];

  it('brings a selected item to the top unless locked', () => {
    expect(order(bringToTop(stack, 'a'))).toEqual(['b', 'c', 'a']);
    expect(order(bringToTop([placed('a', { locked: true }), placed('b')], 'a'))).toEqual([
      'a',
      'b',
    ]);
  });

  it('moves forward and backward by swapping neighbours', () => {
    expect(order(moveForward(stack, 'a'))).toEqual(['b', 'a', 'c']);
    expect(order(moveBackward(stack, 'c'))).toEqual(['a', 'c', 'b']);
  });

  it('does nothing at the ends or when locked', () => {
    expect(order(moveForward(stack, 'c'))).toEqual(['a', 'b', 'c']);
    expect(order(moveBackward(stack, 'a'))).toEqual(['a', 'b', 'c']);
    const locked = toggleLock(stack, 'b');
    expect(order(moveForward(locked, 'b'))).toEqual(['a', 'b', 'c']);
    expect(order(moveBackward(locked, 'b'))).toEqual(['a', 'b', 'c']);
  });

  it('keeps every item when moving, whatever the moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('f', 'b', 't'), fc.constantFrom('a', 'b', 'c', 'z')), {
          maxLength: 20,
        }),
        (moves) => {
          let items = stack;
          for (const [move, id] of moves) {
            items =
              move === 'f'
                ? moveForward(items, id)
                : move === 'b'
                  ? moveBackward(items, id)
                  : bringToTop(items, id);
          }
          expect([...order(items)].sort()).toEqual(['a', 'b', 'c']);
        },
      ),
    );
  });

  it('blocks moves and transforms on a locked item, then unlocks', () => {
    const locked = toggleLock(stack, 'a');
    expect(updateCanvasItem(locked, 'a', { x: 50 })[0]).toMatchObject({ clothingId: 'a', x: 0 });
    const unlocked = toggleLock(locked, 'a');
    const moved = updateCanvasItem(unlocked, 'a', { x: 50, rotation: 15 });
    expect(order(moved)).toEqual(['b', 'c', 'a']);
    expect(moved[2]).toMatchObject({ x: 50, rotation: 15 });
  });

  it('deletes from the canvas', () => {
    expect(order(removeFromCanvas(stack, 'b'))).toEqual(['a', 'c']);
  });
});

describe('pinch', () => {
  it('clamps the scale to 0.1–5', () => {
    expect(clampPinchScale(0.05)).toBe(0.1);
    expect(clampPinchScale(7)).toBe(5);
    expect(clampPinchScale(2)).toBe(2);
    expect(pinchScale(1, 100, 250)).toBe(2.5);
    expect(pinchScale(4, 100, 200)).toBe(5);
  });

  it('hits within a 50-unit margin around the item', () => {
    const it100 = placed('a', { x: 100, y: 100 });
    expect(hitTest(it100, { x: 150, y: 150 })).toBe(true);
    expect(hitTest(it100, { x: 50, y: 50 })).toBe(true);
    expect(hitTest(it100, { x: 250, y: 250 })).toBe(true);
    expect(hitTest(it100, { x: 49, y: 150 })).toBe(false);
    expect(hitTest(it100, { x: 251, y: 150 })).toBe(false);
  });

  it('follows rotation about the top-left corner', () => {
    const turned = placed('a', { x: 0, y: 0, rotation: 90 });
    // Turned 90° clockwise, the item covers x in [-100, 0], y in [0, 100].
    expect(hitTest(turned, { x: -90, y: 50 }, 0)).toBe(true);
    expect(hitTest(turned, { x: 50, y: 50 }, 0)).toBe(false);
  });

  it('finds the topmost item under a point', () => {
    const items = [placed('low'), placed('high', { x: 20 })];
    expect(topItemAt(items, { x: 60, y: 60 })?.clothingId).toBe('high');
    expect(topItemAt(items, { x: 900, y: 900 })).toBeUndefined();
  });
});

describe('outfit coordinates', () => {
  it('divides by the display scale and back', () => {
    const screen = [placed('a', { x: 50, y: 100, scale: 0.25, rotation: 30, locked: true })];
    const stored = toOutfitCoordinates(screen, 0.5);
    expect(stored).toEqual([{ clothingId: 'a', x: 100, y: 200, scale: 0.5, rotation: 30 }]);
    const back = fromOutfitCoordinates(stored, 0.5, new Map([['a', { width: 100, height: 100 }]]));
    expect(back[0]).toMatchObject({ x: 50, y: 100, scale: 0.25, rotation: 30, locked: false });
  });

  it('sizes transformer anchors by the display scale', () => {
    expect(anchorSize(0.5)).toBe(12);
  });
});

describe('composer rules', () => {
  const clothes = { a: item('a'), w: item('w', { status: 'wishlist' }) };

  it('pre-places ids from the selected query, ignoring unknown and repeated ids', () => {
    expect(parseSelectedQuery('a,zz, w,a', clothes)).toEqual(['a', 'w']);
    expect(parseSelectedQuery(null, clothes)).toEqual([]);
  });

  it('keeps canvas entries only for clothes that exist', () => {
    expect(
      keepExistingEntries([placed('a'), placed('gone')], clothes).map((e) => e.clothingId),
    ).toEqual(['a']);
  });

  it('saves an outfit with a wishlist item as a wishlist outfit', () => {
    expect(outfitStatusForItems(['a', 'w'], clothes)).toBe('wishlist');
    expect(outfitStatusForItems(['a'], clothes)).toBe('outfits');
  });

  it('keeps an archived outfit archived when its layout is saved again', () => {
    expect(outfitStatusForItems(['a'], clothes, 'archived')).toBe('archived');
    expect(outfitStatusForItems(['a', 'w'], clothes, 'archived')).toBe('wishlist');
    expect(outfitStatusForItems(['a'], clothes, 'wishlist')).toBe('outfits');
    expect(outfitStatusForItems(['a'], clothes, 'outfits')).toBe('outfits');
  });
});

describe('nudge', () => {
  it('moves an item and brings it to the top', () => {
    const moved = nudge([placed('a', { x: 10, y: 10 }), placed('b')], 'a', 1, -10);
    expect(order(moved)).toEqual(['b', 'a']);
    expect(moved[1]).toMatchObject({ x: 11, y: 0 });
  });

  it('leaves a locked or missing item alone', () => {
    const items = [placed('a', { locked: true })];
    expect(nudge(items, 'a', 5, 5)[0]).toMatchObject({ x: 0, y: 0 });
    expect(nudge(items, 'zz', 5, 5)).toEqual(items);
  });
});

describe('scaleAboutCenter', () => {
  it('keeps the middle of the item in place', () => {
    const before = placed('a', { x: 100, y: 100, width: 200, height: 100 });
    const after = scaleAboutCenter(before, 2);
    expect(after.scale).toBe(2);
    expect(itemCenter(after)).toEqual(itemCenter(before));
    expect(after).toMatchObject({ x: 0, y: 50 });
  });

  it('keeps the middle of a rotated item in place, whatever the angle and scale', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -360, max: 360, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        (rotation, scale) => {
          const before = placed('a', { x: 40, y: 70, rotation, width: 300, height: 120 });
          const after = scaleAboutCenter(before, scale);
          const c0 = itemCenter(before);
          const c1 = itemCenter(after);
          expect(c1.x).toBeCloseTo(c0.x, 6);
          expect(c1.y).toBeCloseTo(c0.y, 6);
        },
      ),
    );
  });

  it('clamps to the pinch range', () => {
    expect(scaleAboutCenter(placed('a'), 9).scale).toBe(5);
    expect(scaleAboutCenter(placed('a'), 0).scale).toBe(0.1);
  });

  it('measures the distance between two fingers', () => {
    expect(touchDistance({ x: 0, y: 0 }, { x: 3, y: 4 })).toBe(5);
  });
});

describe('comparing canvases', () => {
  it('finds a change of place, scale, rotation or order, but not of a lock, for saving', () => {
    const a = [placed('a'), placed('b')];
    expect(sameSavedLayout(a, [placed('a'), placed('b')])).toBe(true);
    expect(sameSavedLayout(a, toggleLock(a, 'a'))).toBe(true);
    expect(sameCanvas(a, toggleLock(a, 'a'))).toBe(false);
    expect(sameSavedLayout(a, [placed('b'), placed('a')])).toBe(false);
    expect(sameSavedLayout(a, [placed('a', { rotation: 1 }), placed('b')])).toBe(false);
    expect(sameSavedLayout(a, [placed('a')])).toBe(false);
  });
});

describe('round trip of an edited outfit', () => {
  it('restores positions, scales, rotations and order exactly', () => {
    const stored = [
      { clothingId: 'b', x: 12.5, y: 300, scale: 0.41, rotation: -12 },
      { clothingId: 'a', x: 400, y: 20.25, scale: 1.3, rotation: 95 },
    ];
    const sizes = new Map([
      ['a', { width: 600, height: 600 }],
      ['b', { width: 800, height: 600 }],
    ]);
    expect(toOutfitCoordinates(fromOutfitCoordinates(stored, 1, sizes), 1)).toEqual(stored);
  });
});
