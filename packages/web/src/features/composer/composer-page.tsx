import { parseSelectedQuery } from '@hanger/domain';
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useWardrobe } from '../../lib/stores/wardrobe-store';
import Composer from './composer';

/**
 * /outfits/upload (with an optional ?selected=id1,id2) and /outfits/{id}/edit: the composer as
 * a page. Saving or leaving goes one page back (SPEC §4); opened straight from a link with no
 * page before it, it goes to the Outfits tab instead of out of the app.
 */
export default function ComposerPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const data = useWardrobe();
  const query = search.get('selected');

  // Ids not in this user's wardrobe are ignored (SPEC §2); the composer filters again once loaded.
  const initialSelected = useMemo(
    () =>
      data ? parseSelectedQuery(query, data.clothes) : (query ?? '').split(',').filter(Boolean),
    [data, query],
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
