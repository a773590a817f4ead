import { describe, expect, it } from 'vitest';
import { labelPlacement } from './graph-draw';

describe('labelPlacement', () => {
  it('puts a name right of its photo when it fits', () => {
    expect(labelPlacement(100, 10, 80, 400)).toEqual({ x: 115, align: 'left' });
  });

  it('puts a name left of a photo near the right edge, so that none of it is cut off', () => {
    // 340 + 10 + 5 + 80 = 435 > 396: on the left, ending 5 px before the photo.
    expect(labelPlacement(340, 10, 80, 400)).toEqual({ x: 325, align: 'right' });
  });

  it('keeps the right side when the name fits neither side (a canvas narrower than the name)', () => {
    expect(labelPlacement(60, 10, 200, 240)).toEqual({ x: 75, align: 'left' });
  });

  it('counts the room kept from the edge', () => {
    // Ends exactly 4 px before the edge: still on the right.
    expect(labelPlacement(300, 10, 81, 400)).toEqual({ x: 315, align: 'left' });
    expect(labelPlacement(300, 10, 82, 400)).toEqual({ x: 285, align: 'right' });
  });
});
