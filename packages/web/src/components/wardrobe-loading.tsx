import { CloudOff, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { syncFromServer } from '../lib/stores/session-actions';
import { useSessionStore } from '../lib/stores/session-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { SkeletonGrid } from './skeleton';

/**
 * What a grid screen shows before the wardrobe is known: skeleton tiles while it loads, and a
 * way to try again if loading failed (the failure itself was already announced by a toast).
 */
export function WardrobeLoading({ shape, label }: { shape: 'square' | 'portrait'; label: string }) {
  const hydrated = useWardrobeStore((s) => s.hydrated);
  const hasData = useWardrobeStore((s) => s.data !== null);
  const syncing = useSessionStore((s) => s.syncing);
  const [retrying, setRetrying] = useState(false);

  if (!hydrated || syncing || hasData || retrying)
    return <SkeletonGrid shape={shape} label={label} count={15} />;
  return (
    <EmptyState
      icon={CloudOff}
      title="Your wardrobe didn't load"
      description="Check your connection, then try again. Anything you saved is safe on the server."
      action={
        <Button
          variant="secondary"
          icon={<RotateCcw aria-hidden="true" className="size-4" />}
          onClick={() => {
            setRetrying(true);
            void syncFromServer().finally(() => setRetrying(false));
          }}
        >
          Try again
        </Button>
      }
    />
  );
}
