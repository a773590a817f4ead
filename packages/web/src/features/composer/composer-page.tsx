import { useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import Composer from './composer';

/**
 * /outfits/upload (with an optional ?selected=id1,id2) and /outfits/{id}/edit: the composer as
 * a page. Saving or leaving goes one page back (docs/spec.md §4); opened straight from a link with
 * no page before it, it goes to the Outfits tab instead of out of the app.
 */
export default function ComposerPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = search.get('selected');

  // The composer keeps only ids in this user's wardrobe (the domain's parseSelectedQuery,
  // docs/spec.md §2), once the wardrobe has synced: an item made on another device may not be here
  // yet.
  const initialSelected = useMemo(
    () =>
      (query ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    [query],
  );

  const leave = () => {
    if (location.key === 'default') navigate('/outfits', { replace: true });
    else navigate(-1);
  };

  return (
    <Composer
      key={id ?? 'new'}
      outfitId={id}
      initialSelected={initialSelected}
      onSaved={leave}
      onClose={leave}
    />
  );
}
