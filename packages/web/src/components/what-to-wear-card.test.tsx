import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, signedInApiHooks } from '../test-utils/fake-server';
import { item, signedInWith, wardrobeOf } from '../test-utils/fixtures';
import { WhatToWearCard } from './what-to-wear-card';

describe('the calendar card', () => {
  signedInApiHooks();

  const answer = (missing: string[]) =>
    json({ date: '2026-03-05', offset: 0, next_offset: 0, suggestions: [], missing, not_this: [] });

  // First: the server has not answered yet in this module, so the card asks it.
  it('shows the suggestion computed on the device while the server has not answered', async () => {
    signedInWith(
      wardrobeOf([
        item('t0', { category: 'top', status: 'clothes' }),
        item('b0', { category: 'bottom', status: 'clothes' }),
        item('s0', { category: 'shoes', status: 'clothes' }),
      ]),
    );
    // A server that never answers (a loaded machine): the card does not wait for it.
    fakeServer({ 'GET /api/suggestions': () => new Promise<Response>(() => undefined) });
    render(
      <MemoryRouter>
        <WhatToWearCard day="2026-03-05" />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/never been worn|new pairing/)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading suggestions' })).toBeNull();
  });

  it('ends in an error with Retry when nothing can answer, and Retry asks again', async () => {
    // No copy on the device yet, and the server refuses: an error, not a skeleton forever.
    signedInWith(null);
    let refuse = true;
    fakeServer({
      'GET /api/suggestions': () =>
        refuse ? json({ detail: 'Something went wrong' }, 500) : answer(['shoes']),
    });
    render(
      <MemoryRouter>
        <WhatToWearCard day="2026-03-05" />
      </MemoryRouter>,
    );
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/);
    refuse = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Add a pair of shoes to get suggestions')).toBeTruthy();
  });

  it('names a day planned ahead', async () => {
    signedInWith(wardrobeOf([]));
    fakeServer({ 'GET /api/suggestions': () => answer(['shoes']) });
    render(
      <MemoryRouter>
        <WhatToWearCard day="2099-03-05" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('region', { name: /^What to wear on .*2099/ })).toBeTruthy();
  });

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
