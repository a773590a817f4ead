import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DonutChart, ringSegmentPath, type DonutSlice } from './donut-chart';

const slice = (key: string, value: number): DonutSlice => ({
  key,
  label: key,
  value,
  color: '#000',
  title: `${key}: ${value}`,
});

describe('DonutChart', () => {
  it('draws one titled path per slice with a share, clockwise from 12 o’clock', () => {
    const { container } = render(
      <DonutChart size={100} slices={[slice('a', 1), slice('none', 0), slice('b', 3)]} />,
    );
    const paths = container.querySelectorAll('path');
    expect([...paths].map((p) => p.getAttribute('data-slice'))).toEqual(['a', 'b']);
    expect(paths[0]?.querySelector('title')?.textContent).toBe('a: 1');
    // a is the first quarter: from the top (50, 1) to the right (99, 50) on the outer circle.
    expect(paths[0]?.getAttribute('d')).toMatch(/^M 50\.00 1\.00 A 49 49 0 0 1 99\.00 50\.00 /);
    // b takes the other three quarters: the large-arc flag is set.
    expect(paths[1]?.getAttribute('d')).toContain('A 49 49 0 1 1 50.00 1.00');
  });

  it('reports a click on a slice', () => {
    const onSelect = vi.fn();
    const { container } = render(
      <DonutChart size={100} slices={[slice('a', 1), slice('b', 1)]} onSelect={onSelect} />,
    );
    fireEvent.click(container.querySelector('path[data-slice="b"]')!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ key: 'b' }));
  });

  it('draws a single slice as a whole ring with its hole', () => {
    const d = ringSegmentPath(50, 30, 49, 0, Math.PI * 2);
    expect(d.match(/M /g)).toHaveLength(2);
    expect(d).toContain('A 30 30');
  });
});
