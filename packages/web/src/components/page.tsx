import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { IconButton } from './button';

const WIDTHS = { sm: 'max-w-2xl', md: 'max-w-3xl', lg: 'max-w-5xl', xl: 'max-w-7xl' };

interface PageProps {
  children: ReactNode;
  /** Reading width: forms and settings sit narrow, photo grids use the full width. */
  width?: keyof typeof WIDTHS;
  className?: string;
}

/** The content column every screen sits in: comfortable on phones, bounded on wide screens. */
export function Page({ children, width = 'xl', className = '' }: PageProps) {
  return (
    <div className={`mx-auto w-full px-4 py-6 md:px-8 md:py-8 ${WIDTHS[width]} ${className}`}>
      {children}
    </div>
  );
}

interface PageHeaderProps {
  title: string;
  /** A line under the title, e.g. a count or a date. */
  subtitle?: ReactNode;
  /** Shows a back button: `true` goes one step back in history, a string goes to that path. */
  back?: boolean | string;
  backLabel?: string;
  /** Buttons on the right. */
  actions?: ReactNode;
}

export function PageHeader({
  title,
  subtitle,
  back,
  backLabel = 'Back',
  actions,
}: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <header className="mb-6 flex items-center gap-2 md:mb-8">
      {back && (
        <IconButton
          label={backLabel}
          icon={<ArrowLeft className="size-5" />}
          onClick={() => (typeof back === 'string' ? navigate(back) : navigate(-1))}
          className="-ml-2"
        />
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-fg-muted">{subtitle}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </header>
  );
}
