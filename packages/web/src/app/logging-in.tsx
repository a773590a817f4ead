import { Spinner } from '../components/spinner';
import { BrandMark } from '../components/brand';

/** Shown while a sign-in completes: the user's settings and wardrobe are on their way. */
export function LoggingInScreen() {
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="flex flex-col items-center gap-6 text-center">
        <BrandMark className="size-12" />
        <div className="flex items-center gap-3 text-fg-muted">
          <Spinner size="sm" label="Logging in" />
          <p className="text-base font-medium">Logging in...</p>
        </div>
      </div>
    </main>
  );
}
