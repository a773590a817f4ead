import type { ReactNode } from 'react';
import { BackButton } from '../../components/detail-page';

/**
 * A screen of the upload flow, outside the app shell, whose <main> holds every other screen: it
 * is its own main landmark, with a top bar that keeps the back button and the title in reach.
 */
export function UploadScreen({
  title,
  onBack,
  width,
  children,
}: {
  title: ReactNode;
  onBack: () => void;
  /** The bar's content width, as the screen's own. */
  width: 'max-w-5xl' | 'max-w-6xl';
  children: ReactNode;
}) {
  return (
    <main id="main" className="min-h-dvh bg-canvas pt-safe">
      <header className="sticky top-0 z-30 border-b border-line bg-canvas/90 backdrop-blur">
        <div className={`mx-auto flex h-16 ${width} items-center gap-2 px-4 md:px-8`}>
          <BackButton onClick={onBack} />
          <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
        </div>
      </header>
      {children}
    </main>
  );
}
