import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertToSrgb, planColour } from './colour-profile.js';

/** The ICC profiles libvips ships, as an image tagged with them carries them. */
async function builtInProfile(name: 'srgb' | 'p3' | 'cmyk'): Promise<Buffer> {
  const tagged = await sharp({
    create: { width: 8, height: 8, channels: 3, background: '#808080' },
  })
    .withIccProfile(name)
    .jpeg()
    .toBuffer();
  const { icc } = await sharp(tagged).metadata();
  if (!icc) throw new Error(`no ${name} profile`);
  return icc;
}

/** A copy of a matrix/shaper profile whose three tone curves are replaced by a pure gamma. */
function withGammaCurves(profile: Buffer, gamma: number): Buffer {
  const icc = Buffer.from(profile);
  const count = icc.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (!['rTRC', 'gTRC', 'bTRC'].includes(icc.toString('latin1', at, at + 4))) continue;
    const offset = icc.readUInt32BE(at + 4);
    icc.write('curv', offset, 'latin1');
    icc.writeUInt32BE(0, offset + 4);
    icc.writeUInt32BE(1, offset + 8);
    icc.writeUInt16BE(Math.round(gamma * 256), offset + 12);
    icc.writeUInt32BE(14, at + 8);
  }
  return icc;
}

/** Every (r, g, b) on a coarse grid, so saturated and dark colours are all covered. */
function colourGrid(): { pixels: Buffer; width: number; height: number } {
  const steps = [0, 8, 30, 64, 100, 128, 170, 200, 230, 255];
  const width = steps.length * steps.length;
  const height = steps.length;
  const pixels = Buffer.alloc(width * height * 3);
  let i = 0;
  for (const b of steps)
    for (const r of steps) for (const g of steps) pixels.set([r, g, b], i++ * 3);
  return { pixels, width, height };
}

describe('planColour', () => {
  let srgb: Buffer;
  let p3: Buffer;
  let cmyk: Buffer;

  beforeAll(async () => {
    [srgb, p3, cmyk] = await Promise.all([
      builtInProfile('srgb'),
      builtInProfile('p3'),
      builtInProfile('cmyk'),
    ]);
  });

  it('takes untagged RGB as sRGB and leaves untagged CMYK to libvips', () => {
    expect(planColour('srgb', undefined)).toEqual({ kind: 'srgb' });
    expect(planColour('cmyk', undefined)).toEqual({ kind: 'icc' });
  });

  it('recognises an sRGB profile as needing no conversion', () => {
    expect(planColour('srgb', srgb)).toEqual({ kind: 'srgb' });
  });

  it('converts Display P3 with the P3-to-sRGB matrix', () => {
    const plan = planColour('srgb', p3);
    expect(plan.kind).toBe('matrix');
    const expected = [1.2249, -0.2247, 0, -0.042, 1.0419, 0, -0.0197, -0.0786, 1.0979];
    const matrix = plan.kind === 'matrix' ? plan.matrix : [];
    expected.forEach((v, i) => expect(matrix[i]).toBeCloseTo(v, 2));
  });

  it('leaves every other profile to libvips', () => {
    expect(planColour('cmyk', cmyk)).toEqual({ kind: 'icc' });
    expect(planColour('b-w', p3)).toEqual({ kind: 'icc' });
    expect(planColour('srgb', withGammaCurves(p3, 2.2))).toEqual({ kind: 'icc' });
    expect(planColour('srgb', Buffer.from('not an ICC profile at all'))).toEqual({ kind: 'icc' });
    expect(planColour('srgb', p3.subarray(0, 140))).toEqual({ kind: 'icc' });
  });
});

describe('convertToSrgb', () => {
  it('matches lcms (what libvips does with the embedded profile) within one level', async () => {
    const { pixels, width, height } = colourGrid();
    // Tagging with P3 converts the sRGB grid into P3 numbers; the grid then spans the P3 gamut.
    const p3Image = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const { icc } = await sharp(p3Image).metadata();
    const plan = planColour('srgb', icc);
    if (plan.kind !== 'matrix') throw new Error('expected a matrix plan');

    const byLcms = await sharp(p3Image).raw().toBuffer();
    const ours = await sharp(p3Image, { ignoreIcc: true }).raw().toBuffer();
    const untouched = Buffer.from(ours);
    await convertToSrgb(ours, 3, plan.matrix);

    let worst = 0;
    let worstIgnoringProfile = 0;
    for (let i = 0; i < ours.length; i++) {
      worst = Math.max(worst, Math.abs(ours[i]! - byLcms[i]!));
      worstIgnoringProfile = Math.max(worstIgnoringProfile, Math.abs(untouched[i]! - byLcms[i]!));
    }
    expect(worstIgnoringProfile).toBeGreaterThan(20);
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('keeps black, white and alpha, and converts images larger than one slice', async () => {
    const width = 1000;
    const height = 600;
    const rgba = Buffer.alloc(width * height * 4);
    for (let p = 0; p < width * height; p++) rgba.set([255, 255, 255, p % 256], p * 4);
    rgba.set([0, 0, 0, 7], 0);
    const p3 = planColour('srgb', await builtInProfile('p3'));
    if (p3.kind !== 'matrix') throw new Error('expected a matrix plan');

    await convertToSrgb(rgba, 4, p3.matrix);

    expect([...rgba.subarray(0, 4)]).toEqual([0, 0, 0, 7]);
    const last = (width * height - 1) * 4;
    expect([...rgba.subarray(last, last + 4)]).toEqual([255, 255, 255, (width * height - 1) % 256]);
  });

  it('refuses pixel layouts it cannot convert', async () => {
    await expect(convertToSrgb(Buffer.alloc(8), 2, [1, 0, 0, 0, 1, 0, 0, 0, 1])).rejects.toThrow();
  });
});
