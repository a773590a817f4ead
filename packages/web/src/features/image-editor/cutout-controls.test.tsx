import type { ClothingItem } from '@hanger/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../lib/stores/toast-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { fakeServer, json } from '../../test-utils/fake-server';
import { item, settings, signedInWith, user } from '../../test-utils/fixtures';
import ImageEditorPage from './image-editor-page';
import type * as RenderEdit from './render-edit';

// happy-dom loads no images: the editor gets a stand-in of the photo's size at once.
vi.mock('./render-edit', async (actual) => ({
  ...(await actual<typeof RenderEdit>()),
  loadImage: (src: string) =>
    Promise.resolve({ src, naturalWidth: 400, naturalHeight: 500 } as HTMLImageElement),
}));

/** The editor on one item, on a server that can (or cannot) cut out photos. */
function open(tee: ClothingItem, available: boolean) {
  signedInWith(
    { clothes: { tee }, outfits: {}, calendar: {} },
    { ...user, settings: { ...settings, cutoutsAvailable: available } },
  );
  const router = createMemoryRouter(
    [
      { path: '/items/:id/edit-image', element: <ImageEditorPage /> },
      { path: '/items/:id', element: <p>Detail</p> },
    ],
    { initialEntries: ['/items/tee/edit-image'] },
  );
  render(<RouterProvider router={router} />);
}

const plain = item('tee', { image: '/media/tee.webp' });
const cutOut = item('tee', {
  image: '/media/tee-cut.webp',
  original: '/media/tee.webp',
  cutout: 'done',
});
const stored = () => useWardrobeStore.getState().data?.clothes.tee;

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
});

describe("the image editor's cut-out controls", () => {
  it('offers none of them where the server cannot cut out photos', () => {
    open(cutOut, false);
    expect(screen.getByRole('button', { name: 'Rotate left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove background' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore original' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Touch up' })).toBeNull();
  });

  it('offers "Remove background" for a photo without a cut-out, and none of the rest', () => {
    open(plain, true);
    expect(screen.getByRole('button', { name: 'Remove background' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore original' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Touch up' })).toBeNull();
  });

  it('offers it again after a failed cut-out, and nothing while one is being made', () => {
    open(item('tee', { cutout: 'failed' }), true);
    expect(screen.getByRole('button', { name: 'Remove background' })).toBeInTheDocument();
  });

  it('shows "Cutting out…" and no cut-out action while the cut-out is pending', () => {
    open(item('tee', { cutout: 'pending' }), true);
    expect(screen.getByText('Cutting out…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove background' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore original' })).toBeNull();
  });

  it('offers "Restore original" and the touch-up brush for a cut-out', async () => {
    open(cutOut, true);
    expect(screen.queryByRole('button', { name: 'Remove background' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore original' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: 'Touch up' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Touch up' })).toBeEnabled());
    await userEvent.click(screen.getByRole('radio', { name: 'Touch up' }));
    expect(screen.getByRole('radiogroup', { name: 'Brush' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Erase' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('slider', { name: 'Brush size' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
  });

  it('"Remove background" asks the server and the item shows it is being cut out', async () => {
    const server = fakeServer({
      'POST /api/clothes/tee/cutout': () => json({ cutout: 'pending' }, 202),
    });
    open(plain, true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove background' }));
    await waitFor(() => expect(stored()?.cutout).toBe('pending'));
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/clothes/tee/cutout',
    ]);
    expect(await screen.findByText('Cutting out…')).toBeInTheDocument();
  });

  it('"Restore original" asks first, then shows the original', async () => {
    const server = fakeServer({
      'DELETE /api/clothes/tee/cutout': () =>
        json({
          image: '/media/tee.webp',
          thumbnail: '/media/tee-thumb.webp',
          cutout: null,
          original: null,
        }),
    });
    open(cutOut, true);
    await userEvent.click(screen.getByRole('button', { name: 'Restore original' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the original photo?' });
    expect(server.apiCalls()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore original' }));
    await waitFor(() => expect(stored()?.image).toBe('/media/tee.webp'));
    expect(stored()).not.toHaveProperty('cutout');
    expect(stored()).not.toHaveProperty('original');
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/clothes/tee/cutout',
    ]);
    expect(screen.queryByRole('radio', { name: 'Touch up' })).toBeNull();
  });

  it('a refused "Remove background" leaves the item as it was', async () => {
    fakeServer({
      'POST /api/clothes/tee/cutout': () =>
        json({ detail: 'Cut-outs are not available on this server.' }, 409),
    });
    open(item('tee', { cutout: 'failed' }), true);
    await userEvent.click(screen.getByRole('button', { name: 'Remove background' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain(
        'Failed to update clothing image',
      ),
    );
    expect(stored()?.cutout).toBe('failed');
  });
});
