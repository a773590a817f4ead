import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, signedInApiHooks } from '../test-utils/fake-server';
import { item, signedInWith, wardrobeOf } from '../test-utils/fixtures';
import { WhatToWearCard } from './what-to-wear-card';

describe('the calendar card', () => {
  signedInApiHooks();

  const answer = (missing: string[]) =>
    json({ date: '2026-03-05', offset: 0, next_offset: 0, suggestions: [], missing, not_this: [] });

  it('says what to add when the closet makes no outfit', async () => {
    signedInWith(wardrobeOf([]));
    fakeServer({ 'GET /api/suggestions': () => answer(['full_body', 'shoes']) });
    render(
      <MemoryRouter>
        <WhatToWearCard day="2026-03-05" />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('Add a full-body piece and a pair of shoes to get suggestions'),
    ).toBeTruthy();
  });

  it("shows the day's first suggestion computed on the device", async () => {
    signedInWith(
      wardrobeOf([
        item('t1', { category: 'top', status: 'clothes' }),
        item('b1', { category: 'bottom', status: 'clothes' }),
        item('s1', { category: 'shoes', status: 'clothes' }),
      ]),
    );
    fakeServer({ 'GET /api/suggestions': () => answer([]) });
    render(
      <MemoryRouter>
        <WhatToWearCard day="2026-03-05" />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/never been worn|new pairing/)).toBeTruthy();
  });
});
