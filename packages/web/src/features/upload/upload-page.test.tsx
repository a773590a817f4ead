import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../lib/stores/toast-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { fakeServer, json, type Call } from '../../test-utils/fake-server';
import { signedInWith } from '../../test-utils/fixtures';
import UploadPage from './upload-page';

function open(status: 'clothes' | 'wishlist' = 'clothes') {
  const path = status === 'wishlist' ? '/groups/wishlist/upload' : '/items/upload';
  const router = createMemoryRouter(
    [
      { path, element: <UploadPage defaultStatus={status} /> },
      { path: '/items', element: <p>Items list</p> },
      { path: '/groups/wishlist', element: <p>Wishlist list</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const photo = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

function form(call: Call): FormData {
  if (!(call.body instanceof FormData)) throw new Error('expected a multipart body');
  return call.body;
}

let created = 0;
const itemAnswer = (call: Call) => {
  created += 1;
  const body = form(call);
  return json(
    {
      id: `new-${created}`,
      image: `/media/new-${created}.webp`,
      category: body.get('category'),
      status: body.get('status'),
      brand: body.get('brand'),
      price: body.get('price') ? Number(body.get('price')) : null,
      currency: body.get('currency'),
      date_created: new Date().toISOString(),
    },
    201,
  );
};

beforeEach(() => {
  created = 0;
  signedInWith({ clothes: {}, outfits: {}, calendar: {} });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }),
  );
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('the upload page', () => {
  it('is one main landmark, holding its title and the form (it sits outside the app shell)', () => {
    open();
    const main = screen.getByRole('main');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(within(main).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole('form', { name: 'New item' })).toBeInTheDocument();
  });

  it('refuses to send without a photo and a category, saying what is missing', async () => {
    const server = fakeServer();
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByText('Add a photo of the item.')).toBeInTheDocument();
    expect(screen.getByText('Choose a category.')).toBeInTheDocument();
    expect(server.apiCalls()).toHaveLength(0);
  });

  it('adds one item per photo with the chosen details, then goes back', async () => {
    const server = fakeServer({ 'POST /api/clothes': itemAnswer });
    const router = open('wishlist');
    await userEvent.upload(screen.getByLabelText('Choose photos'), [
      photo('a.jpg'),
      photo('b.jpg'),
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Shoes' }));
    await userEvent.type(screen.getByLabelText('Brand'), 'Veja');
    await userEvent.type(screen.getByLabelText('Price'), '120,50');
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 items' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/groups/wishlist'));
    const posts = server.apiCalls().filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const sent = form(posts[0]!);
    expect(sent.get('category')).toBe('shoes');
    expect(sent.get('status')).toBe('wishlist');
    expect(sent.get('brand')).toBe('Veja');
    expect(sent.get('price')).toBe('120.5');
    expect(sent.get('currency')).toBe('USD');
    expect(sent.get('image')).toBeInstanceOf(File);
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual([
      'new-1',
      'new-2',
    ]);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Clothing item added']);
  });

  it('offers HEIC photos and uploads one the browser cannot draw, with a placeholder', async () => {
    const server = fakeServer({ 'POST /api/clothes': itemAnswer });
    const router = open();
    const input = screen.getByLabelText('Choose photos');
    for (const token of ['image/*', 'image/heic', 'image/heif', '.heic', '.heif']) {
      expect(input.getAttribute('accept')?.split(',')).toContain(token);
    }
    // As some systems hand an iPhone photo over: no type, only its name.
    const heic = new File(
      [new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])],
      'IMG_0042.HEIC',
      {
        type: '',
      },
    );
    await userEvent.upload(input, heic);
    const preview = screen.getByRole('img', { name: 'Preview of IMG_0042.HEIC' });
    fireEvent.error(preview);
    expect(
      screen.getByRole('img', { name: 'Preview of IMG_0042.HEIC: cannot be shown' }),
    ).toHaveTextContent('HEIC photo: this browser cannot show it, Hanger will once it is added.');

    await userEvent.click(screen.getByRole('radio', { name: 'Top' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    const [post] = server.apiCalls().filter((c) => c.method === 'POST');
    expect((form(post!).get('image') as File).name).toBe('IMG_0042.HEIC');
  });

  it('keeps a failed photo with its reason and says the upload failed', async () => {
    let calls = 0;
    fakeServer({
      'POST /api/clothes': (call) => {
        calls += 1;
        return calls === 1 ? json({ detail: 'The file is too large.' }, 413) : itemAnswer(call);
      },
    });
    const router = open();
    await userEvent.upload(screen.getByLabelText('Choose photos'), [
      photo('big.jpg'),
      photo('ok.jpg'),
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Top' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 items' }));

    await screen.findByText('Photo 1 was not added: The file is too large.');
    expect(router.state.location.pathname).toBe('/items/upload');
    const titles = useToastStore.getState().toasts.map((t) => t.title);
    expect(titles).toEqual(['Clothing item added', 'Clothing upload failed']);
    // Only the failed photo is left, ready to try again.
    const left = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole(
      'button',
      { name: /^Show photo/ },
    );
    expect(left.map((b) => b.getAttribute('aria-label'))).toEqual(['Show photo 1, failed']);
    expect(screen.getByRole('button', { name: 'Add item' })).toBeEnabled();
  });

  it('refuses an amount it cannot read before sending anything', async () => {
    const server = fakeServer();
    open();
    await userEvent.upload(screen.getByLabelText('Choose photos'), photo('a.jpg'));
    await userEvent.click(screen.getByRole('radio', { name: 'Bag' }));
    await userEvent.type(screen.getByLabelText('Price'), 'twelve');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getByText('Enter an amount such as 49.90.')).toBeInTheDocument();
    expect(server.apiCalls()).toHaveLength(0);
  });
});
