import { ArrowLeft, Check, SearchX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, IconButton } from './button';
import { EmptyState } from './empty-state';
import { Page } from './page';

/**
 * Back to the screen the page was opened from; to `listPath` when the page was opened directly
 * (a shared link, a reload), where going back would leave the app.
 */
export function useBack(listPath: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => (location.key === 'default' ? navigate(listPath, { replace: true }) : navigate(-1));
}

export function BackButton({ onClick }: { onClick: () => void }) {
  return (
    <IconButton
      label="Back"
      icon={<ArrowLeft className="size-5" />}
      onClick={onClick}
      className="-ml-2"
    />
  );
}

/** A detail page whose item or outfit is not (or no longer) in the wardrobe. */
export function MissingDetail({
  onBack,
  title,
  description,
  action,
}: {
  onBack: () => void;
  title: string;
  description: string;
  action: ReactNode;
}) {
  return (
    <Page width="lg">
      <BackButton onClick={onBack} />
      <EmptyState icon={SearchX} title={title} description={description} action={action} />
    </Page>
  );
}

/** Logs a wear for today; once today is logged it says so instead. */
export function WearTodayButton({
  worn,
  onWear,
}: {
  worn: boolean;
  onWear: () => Promise<unknown>;
}) {
  const [logging, setLogging] = useState(false);

  async function wear() {
    setLogging(true);
    await onWear();
    setLogging(false);
  }

  return worn ? (
    <Button variant="secondary" disabled icon={<Check aria-hidden="true" className="size-4" />}>
      Worn today
    </Button>
  ) : (
    <Button loading={logging} onClick={() => void wear()}>
      Wore it today
    </Button>
  );
}
