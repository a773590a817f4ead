import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ItemFilterPanel, OutfitFilterPanel } from './filter-panel';

/**
 * The filter panels, loaded when first opened (or when the app prefetches them once the first
 * screen has settled, app/router.tsx): their chips and colour swatches are not part of the first
 * load (bench/web-bundle.mjs, budget in docs/design.md). Once opened, a panel stays mounted so that
 * it closes with its own transition.
 */
export const loadFilterPanels = () => import('./filter-panel');

const ItemPanel = lazy(() => loadFilterPanels().then((m) => ({ default: m.ItemFilterPanel })));
const OutfitPanel = lazy(() => loadFilterPanels().then((m) => ({ default: m.OutfitFilterPanel })));

/** True from the first time `open` is true. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function LazyItemFilterPanel(props: ComponentProps<typeof ItemFilterPanel>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ItemPanel {...props} />
    </Suspense>
  );
}

export function LazyOutfitFilterPanel(props: ComponentProps<typeof OutfitFilterPanel>) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <OutfitPanel {...props} />
    </Suspense>
  );
}
