import { describe, expect, it } from 'vitest';
import {
  INITIAL_EDIT,
  centredCrop,
  cropPixels,
  flipHorizontal,
  flipVertical,
  isUnchanged,
  moveCrop,
  resizeCrop,
  rotateClockwise,
  rotateCounterClockwise,
  viewSize,
  viewToPhoto,
  type EditState,
  type QuarterTurn,
} from './edit-geometry';

const withCrop = (crop: EditState['crop']): EditState => ({ ...INITIAL_EDIT, crop });

/** Fractions go through float arithmetic: compare them to a millionth. */
function expectCrop(actual: EditState['crop'], expected: EditState['crop']) {
  for (const key of ['x', 'y', 'w', 'h'] as const)
    expect(actual[key]).toBeCloseTo(expected[key], 6);
}

describe('turning and mirroring', () => {
  it('four clockwise turns, or one each way, give back the start', () => {
    const start = withCrop({ x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    let state = start;
    for (let i = 0; i < 4; i += 1) state = rotateClockwise(state);
    expect(state.rotation).toBe(0);
    expect(state.crop.x).toBeCloseTo(0.1);
    expect(state.crop.y).toBeCloseTo(0.2);
    const back = rotateCounterClockwise(rotateClockwise(start));
    expect(back).toMatchObject({ rotation: 0, flipH: false, flipV: false });
    expectCrop(back.crop, start.crop);
  });

  it('turns the crop with the picture: a crop at the top-left ends at the top-right', () => {
    const state = rotateClockwise(withCrop({ x: 0, y: 0, w: 0.5, h: 0.25 }));
    expect(state.rotation).toBe(90);
    expect(state.crop).toEqual({ x: 0.75, y: 0, w: 0.25, h: 0.5 });
  });

  it('swaps the mirror axes when the view turns', () => {
    const state = rotateClockwise(flipHorizontal(INITIAL_EDIT));
    expect(state).toMatchObject({ rotation: 90, flipH: false, flipV: true });
  });

  it('mirrors the crop and undoes itself', () => {
    const start = withCrop({ x: 0.1, y: 0.2, w: 0.3, h: 0.4 });
    expect(flipHorizontal(start).crop.x).toBeCloseTo(0.6);
    expect(flipVertical(start).crop.y).toBeCloseTo(0.4);
    expectCrop(flipHorizontal(flipHorizontal(start)).crop, start.crop);
    expect(isUnchanged(flipVertical(flipVertical(INITIAL_EDIT)))).toBe(true);
    expect(isUnchanged(flipVertical(INITIAL_EDIT))).toBe(false);
  });

  it('swaps width and height of the view for quarter turns', () => {
    expect(viewSize(400, 300, 90)).toEqual({ width: 300, height: 400 });
    expect(viewSize(400, 300, 180)).toEqual({ width: 400, height: 300 });
  });
});

describe('moving and resizing the crop', () => {
  it('stops at the edges', () => {
    expect(moveCrop({ x: 0.5, y: 0.5, w: 0.4, h: 0.4 }, 0.5, -1)).toEqual({
      x: 0.6,
      y: 0,
      w: 0.4,
      h: 0.4,
    });
  });

  it('keeps the opposite corner fixed and stays inside the view', () => {
    const crop = { x: 0.2, y: 0.2, w: 0.5, h: 0.5 };
    expectCrop(resizeCrop(crop, 'nw', -0.5, -0.1), { x: 0, y: 0.1, w: 0.7, h: 0.6 });
    const se = resizeCrop(crop, 'se', 1, 1);
    expect(se.x + se.w).toBeCloseTo(1);
    expect(se.y + se.h).toBeCloseTo(1);
  });

  it('never shrinks below the minimum size', () => {
    const crop = resizeCrop({ x: 0.2, y: 0.2, w: 0.5, h: 0.5 }, 'se', -1, -1);
    expect(crop.w).toBeCloseTo(0.05);
    expect(crop.h).toBeCloseTo(0.05);
    expect(crop.x).toBe(0.2);
  });

  it('keeps a fixed shape while fitting inside the view', () => {
    const crop = resizeCrop({ x: 0.5, y: 0.5, w: 0.2, h: 0.2 }, 'se', 0.6, 0.1, 1);
    expect(crop.w).toBeCloseTo(crop.h);
    expect(crop.x + crop.w).toBeLessThanOrEqual(1 + 1e-9);
    expect(crop.w).toBeCloseTo(0.5);
  });
});

describe('centred crops and pixels', () => {
  it('fits a square inside a landscape view', () => {
    const crop = centredCrop({ width: 400, height: 200 }, 1);
    expect(crop).toEqual({ x: 0.25, y: 0, w: 0.5, h: 1 });
    expect(cropPixels(crop, { width: 400, height: 200 })).toEqual({
      x: 100,
      y: 0,
      width: 200,
      height: 200,
    });
  });

  it('fits a square inside a portrait view', () => {
    expect(centredCrop({ width: 200, height: 400 }, 1)).toEqual({ x: 0, y: 0.25, w: 1, h: 0.5 });
    expect(centredCrop({ width: 200, height: 400 }, undefined)).toEqual({ x: 0, y: 0, w: 1, h: 1 });
  });
});

describe('viewToPhoto', () => {
  /** Where drawView puts a point of a square photo: turned (clockwise, y down), then mirrored. */
  function photoToView(x: number, y: number, t: Omit<EditState, 'crop'>) {
    const angle = (t.rotation * Math.PI) / 180;
    const [px, py] = [x - 0.5, y - 0.5];
    const rx = px * Math.cos(angle) - py * Math.sin(angle);
    const ry = px * Math.sin(angle) + py * Math.cos(angle);
    return { u: (t.flipH ? -rx : rx) + 0.5, v: (t.flipV ? -ry : ry) + 0.5 };
  }

  it('undoes every turn and mirror the view shows', () => {
    for (const rotation of [0, 90, 180, 270] as QuarterTurn[]) {
      for (const flipH of [false, true]) {
        for (const flipV of [false, true]) {
          const t = { rotation, flipH, flipV };
          for (const [x, y] of [
            [0.1, 0.2],
            [0.9, 0.3],
            [0.5, 0.75],
          ] as const) {
            const { u, v } = photoToView(x, y, t);
            const back = viewToPhoto(u, v, t);
            expect(back.x).toBeCloseTo(x, 9);
            expect(back.y).toBeCloseTo(y, 9);
          }
        }
      }
    }
  });

  it("finds the photo's top left corner at the top right after a clockwise turn", () => {
    expect(viewToPhoto(1, 0, rotateClockwise(INITIAL_EDIT))).toEqual({ x: 0, y: 0 });
  });
});
