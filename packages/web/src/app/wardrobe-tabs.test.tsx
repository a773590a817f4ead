import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { item, signedInWith, signedOut, wardrobeOf } from '../test-utils/fixtures';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { WardrobeTabs } from './wardrobe-tabs';

/** The server-drawn first screen's tabs, with the counts it drew (boot-shell.tsx's markup). */
function drawShell(items: string, outfits: string): HTMLElement {
  const shell = document.createElement('div');
  shell.id = 'boot-shell';
  shell.setAttribute('aria-hidden', 'true');
  shell.innerHTML =
    '<nav aria-label="Wardrobe"><ul>' +
    `<li><a href="/items">Items<span class="ml-2">${items}</span></a></li>` +
    `<li><a href="/outfits">Outfits<span class="ml-2">${outfits}</span></a></li>` +
    '</ul></nav>';
  document.body.append(shell);
  return shell;
}

/** The tabs over /items. */
const tabsOnItems = () => (
  <MemoryRouter initialEntries={['/items']}>
    <Routes>
      <Route element={<WardrobeTabs />}>
        <Route path="/items" element={null} />
      </Route>
    </Routes>
  </MemoryRouter>
);

const tab = (name: RegExp) => screen.getByRole('link', { name });

// One module instance for the file: the tests run in order, as a page's life would.
describe('WardrobeTabs counts', () => {
  afterAll(() => {
    document.getElementById('boot-shell')?.remove();
    signedOut();
  });

  it('shows the counts the server drew until the wardrobe is in, so the tabs do not move', () => {
    const shell = drawShell('795', '177');
    signedInWith(null);
    const view = render(tabsOnItems());
    expect(tab(/^Items/).textContent).toBe('Items795');
    expect(tab(/^Outfits/).textContent).toBe('Outfits177');
    // A badge that is not a count is not shown.
    shell.querySelector('a[href="/outfits"] > span')!.textContent = 'x';
    view.rerender(tabsOnItems());
    expect(tab(/^Outfits/).textContent).toBe('Outfits');
    view.unmount();
  });

  it("counts its own wardrobe once it is in, and never shows the shell's counts again", async () => {
    signedInWith(null);
    const view = render(tabsOnItems());
    act(() => {
      useWardrobeStore.setState({ data: wardrobeOf([item('a'), item('b')]) });
    });
    await waitFor(() => expect(tab(/^Items/).textContent).toBe('Items2'));
    expect(tab(/^Outfits/).textContent).toBe('Outfits0');
    // Another account's wardrobe on its way (signed out and in again): no stale numbers.
    act(() => {
      useWardrobeStore.setState({ data: null });
    });
    expect(tab(/^Items/).textContent).toBe('Items');
    expect(tab(/^Outfits/).textContent).toBe('Outfits');
    view.unmount();
  });
});
