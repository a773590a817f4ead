import type { Collection, Outfit } from '@hanger/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCollectionsStore } from '../../lib/stores/collections-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { item, outfit, signedInWith, signedOut, wardrobeOf } from '../../test-utils/fixtures';
import type { GraphCanvasProps } from './graph-canvas';
import GraphPage from './graph-page';

/**
 * Sigma needs WebGL, which happy-dom lacks: the canvas is replaced by a stand-in that shows what
 * the page hands it (the nodes and edges of the view, the selection) and offers a tap on any of
 * its nodes. Everything around the canvas is the real screen.
 */
vi.mock('./graph-canvas', () => ({
  default: ({ scope, selected, onSelect, label }: GraphCanvasProps) => (
    <div
      data-testid="pairing-graph"
      aria-label={label}
      data-node-count={scope.nodes.size}
      data-edge-count={scope.edges.length}
      data-selected={selected ?? ''}
    >
      {[...scope.nodes].map((id) => (
        <button key={id} type="button" data-node={id} onClick={() => onSelect(id)}>
          node {id}
        </button>
      ))}
      <button type="button" onClick={() => onSelect(null)}>
        stage
      </button>
    </div>
  ),
}));

/** The account's collections as the server lists them (the Collection filter loads them). */
let serverCollections: Collection[] = [];
vi.mock('../../lib/api/collections', () => ({
  getCollections: () => Promise.resolve(serverCollections),
}));

const CLOSET = [
  item('tee', { category: 'top', brand: 'Uniqlo' }),
  item('shirt', { category: 'top', brand: 'COS' }),
  item('jeans', { category: 'bottom', brand: "Levi's" }),
  item('vans', { category: 'shoes', brand: 'Vans' }),
  item('boots', { category: 'shoes', brand: 'Blundstone' }),
  item('bag', { category: 'bag', brand: 'Sandqvist' }),
  item('wish', { category: 'outerwear', brand: 'Toast', status: 'wishlist' }),
];

const OUTFITS: Outfit[] = [
  outfit('o1', ['tee', 'jeans', 'vans']),
  outfit('o2', ['tee', 'jeans', 'vans']),
  outfit('o3', ['tee', 'jeans']),
  outfit('o4', ['shirt', 'jeans', 'boots', 'wish']),
];

/** Days worn, for the suites that rank by days worn together. */
const WORN_CALENDAR = {
  // The shirt, jeans and boots outfit worn twice, the tee and jeans once (as loose pieces).
  '2024-05-01': { clothes: [], outfits: ['o4'] },
  '2024-05-02': { clothes: [], outfits: ['o4'] },
  '2024-05-03': { clothes: ['tee', 'jeans'], outfits: [] },
  // Planned for a day to come: not worn yet.
  '2999-01-01': { clothes: [], outfits: ['o1', 'o1'] },
};

function ItemRoute() {
  return <p>Item {useParams().id}</p>;
}

function renderGraph() {
  return render(
    <MemoryRouter initialEntries={['/graph']}>
      <Routes>
        <Route path="/graph" element={<GraphPage />} />
        <Route path="/items/:id" element={<ItemRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

const canvas = () => screen.findByTestId('pairing-graph');
const topPairings = () => screen.getByRole('region', { name: 'Top pairings' });
const panel = () => screen.getByRole('region', { name: /Uniqlo Top|Levi's Bottom|Sandqvist/ });

afterEach(() => {
  serverCollections = [];
  useCollectionsStore.setState({ owner: null, base: null });
  signedOut();
});

describe('graph page', () => {
  it('sends a closet without items to the upload screen', () => {
    signedInWith(wardrobeOf([]));
    renderGraph();
    expect(screen.getByRole('heading', { name: 'Nothing to connect yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first item' })).toHaveAttribute(
      'href',
      '/items/upload',
    );
  });

  it('sends a closet without pairings to the composer', () => {
    // A one-piece outfit pairs nothing.
    signedInWith(wardrobeOf(CLOSET, [outfit('solo', ['tee'])]));
    renderGraph();
    expect(screen.getByRole('heading', { name: 'No pairings yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an outfit' })).toHaveAttribute(
      'href',
      '/outfits/upload',
    );
    expect(screen.queryByTestId('pairing-graph')).not.toBeInTheDocument();
  });

  it('shows a loading state until the wardrobe is known', () => {
    signedInWith(null);
    act(() => useSessionStore.setState({ syncing: true }));
    renderGraph();
    expect(screen.getByRole('status', { name: 'Loading your graph' })).toBeInTheDocument();
  });

  it('counts the pieces and pairings it draws, and lists the strongest pairs first', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS));
    renderGraph();
    // Five paired pieces (the wishlist coat and the lone bag are not drawn) and six pairs.
    expect(screen.getByText('5 items · 6 pairings')).toBeInTheDocument();
    const graph = await canvas();
    expect(graph).toHaveAttribute('data-node-count', '5');
    expect(graph).toHaveAttribute('data-edge-count', '6');
    expect(graph).toHaveAccessibleName('Pairing graph: 5 items · 6 pairings');

    const rows = within(topPairings()).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    // Nothing worn yet: the pairs in the most outfits lead. Levi's pairs with four pieces,
    // Uniqlo with two: the more paired one leads its row.
    expect(rows[0]).toHaveTextContent(
      "Levi's Bottomwith Uniqlo Topnot worn together yet · 3 outfits",
    );
    expect(rows[1]).toHaveTextContent(
      "Levi's Bottomwith Vans Shoesnot worn together yet · 2 outfits",
    );
    expect(rows[5]).toHaveTextContent('not worn together yet · 1 outfit');
  });

  it('lists the pairs worn together on the most days first, as its caption says', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS, WORN_CALENDAR));
    renderGraph();
    await canvas();
    expect(screen.getByText('The pieces you wear together most.')).toBeInTheDocument();
    const rows = within(topPairings())
      .getAllByRole('listitem')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      // Tied on days and outfits: in the order of the pairs' ids (boots, jeans, shirt).
      "Levi's Bottomwith Blundstone Shoesworn together 2 times · 1 outfit",
      'Blundstone Shoeswith COS Topworn together 2 times · 1 outfit',
      "Levi's Bottomwith COS Topworn together 2 times · 1 outfit",
      "Levi's Bottomwith Uniqlo Topworn together 1 time · 3 outfits",
      "Levi's Bottomwith Vans Shoesnot worn together yet · 2 outfits",
      'Uniqlo Topwith Vans Shoesnot worn together yet · 2 outfits',
    ]);
  });

  it('filters by category: its pieces and what they are worn with', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS));
    renderGraph();
    const chips = screen.getByRole('group', { name: 'Category' });
    expect(
      within(chips)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['All', 'Top', 'Bottom', 'Shoes']);
    await userEvent.click(within(chips).getByRole('radio', { name: 'Shoes' }));
    expect(screen.getByText('5 items · 4 pairings')).toBeInTheDocument();
    expect(await canvas()).toHaveAttribute('data-node-count', '5');
    for (const row of within(topPairings()).getAllByRole('listitem')) {
      expect(row.textContent).toMatch(/^(Vans|Blundstone) Shoes/);
    }
    await userEvent.click(within(chips).getByRole('radio', { name: 'All' }));
    expect(screen.getByText('5 items · 6 pairings')).toBeInTheDocument();
  });

  it('opens a panel for the chosen piece, walks to its partners and opens the item', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS));
    renderGraph();
    await userEvent.click(
      within(topPairings()).getByRole('button', { name: /^Levi's Bottom with Uniqlo Top/ }),
    );
    expect(await canvas()).toHaveAttribute('data-selected', 'jeans');
    const heading = within(panel()).getByRole('heading', { name: "Levi's Bottom" });
    // Chosen from a list: the keyboard focus follows to the panel.
    expect(heading).toHaveFocus();
    expect(panel()).toHaveTextContent('Bottom · in 4 outfits');
    const partners = within(panel()).getByRole('list', { name: 'Worn most with, 4 pieces' });
    expect(within(partners).getAllByRole('button')[0]).toHaveAccessibleName(
      'Uniqlo Top not worn together yet · 3 outfits',
    );

    await userEvent.click(within(partners).getByRole('button', { name: /^Uniqlo Top/ }));
    expect(await canvas()).toHaveAttribute('data-selected', 'tee');
    // One link sits beside the name on phones, one under the pairings on wide screens.
    for (const link of within(panel()).getAllByRole('link', { name: 'Open item' })) {
      expect(link).toHaveAttribute('href', '/items/tee');
    }

    // Tapping the empty canvas clears the selection.
    await userEvent.click(screen.getByRole('button', { name: 'stage' }));
    expect(screen.queryByRole('heading', { name: 'Uniqlo Top' })).not.toBeInTheDocument();

    // A tap on a node selects without stealing the focus.
    await userEvent.click(screen.getByRole('button', { name: 'node jeans' }));
    expect(within(panel()).getByRole('heading', { name: "Levi's Bottom" })).not.toHaveFocus();
    await userEvent.click(within(panel()).getAllByRole('link', { name: 'Open item' })[0]!);
    expect(screen.getByText('Item jeans')).toBeInTheDocument();
  });

  it('lists what the chosen piece is worn with most first, as Top pairings ranks pairs', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS, WORN_CALENDAR));
    renderGraph();
    await userEvent.click(screen.getByRole('button', { name: 'node jeans' }));
    const partners = within(panel()).getByRole('list', { name: 'Worn most with, 4 pieces' });
    // The tee shares the most outfits with the jeans, but the boots and the shirt were worn with
    // them on more days: the order and the counts of the jeans' rows in Top pairings.
    expect(
      within(partners)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Blundstone Shoes×2worn together 2 times · 1 outfit',
      'COS Top×2worn together 2 times · 1 outfit',
      'Uniqlo Top×1worn together 1 time · 3 outfits',
      'Vans Shoes×0not worn together yet · 2 outfits',
    ]);
    expect(within(partners).getAllByRole('button')[0]).toHaveAccessibleName(
      'Blundstone Shoes worn together 2 times · 1 outfit',
    );
  });

  it('closes the panel and clears a selection the filter hides', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS));
    renderGraph();
    await userEvent.click(screen.getByRole('button', { name: 'node tee' }));
    await userEvent.click(within(panel()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Uniqlo Top' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'node tee' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Shoes' }));
    expect(await canvas()).toHaveAttribute('data-selected', '');
  });

  it('shows unpaired pieces on request, with a way to style them', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS));
    renderGraph();
    const toggle = screen.getByRole('button', { name: /unpaired \(1\)/i });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('radio', { name: 'Bag' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await canvas()).toHaveAttribute('data-node-count', '6');
    await userEvent.click(screen.getByRole('radio', { name: 'Bag' }));
    expect(screen.getByText('1 item · 0 pairings')).toBeInTheDocument();

    // Every item of the view is listed for keyboard and screen-reader users.
    await userEvent.click(screen.getByText('All 1 item in this view'));
    const list = await screen.findByRole('list', { name: 'Items in the graph' });
    await userEvent.click(within(list).getByRole('button', { name: /^Sandqvist Bag/ }));
    expect(panel()).toHaveTextContent('Not in an outfit with anything else yet');
    expect(within(panel()).getByRole('link', { name: 'Style it in an outfit' })).toHaveAttribute(
      'href',
      '/outfits/upload?selected=bag',
    );

    // Hiding them again drops the bag's category and goes back to everything.
    await userEvent.click(toggle);
    expect(screen.queryByRole('radio', { name: 'Bag' })).not.toBeInTheDocument();
    expect(screen.getByText('5 items · 6 pairings')).toBeInTheDocument();
  });

  it('limits the graph to one collection: its pieces and the outfits made only of them', async () => {
    signedInWith(wardrobeOf(CLOSET, OUTFITS));
    // A capsule of the tee, the jeans and the Vans, with the outfit of all three.
    serverCollections = [
      {
        id: 'c1',
        kind: 'capsule',
        name: 'Weekend',
        dateCreated: '2024-05-01T00:00:00.000Z',
        itemIds: ['tee', 'jeans', 'vans'],
        outfitIds: [],
        packedIds: [],
      },
    ];
    renderGraph();
    expect(await screen.findByText('5 items · 6 pairings')).toBeInTheDocument();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Collection' }),
      'Weekend',
    );
    // The outfits made only of its pieces (o1, o2, o3) pair three pieces three ways.
    expect(await screen.findByText('3 items · 3 pairings')).toBeInTheDocument();
    expect(await canvas()).toHaveAttribute('data-node-count', '3');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Collection' }), '');
    expect(await screen.findByText('5 items · 6 pairings')).toBeInTheDocument();
  });
});
