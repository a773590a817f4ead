import {
  CalendarDays,
  ChartColumn,
  CircleUserRound,
  Shirt,
  Waypoints,
  type LucideIcon,
} from 'lucide-react';
import { useLocation } from 'react-router';
import { PageLink } from '../components/page-link';

interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  isActive: (pathname: string) => boolean;
}

const startsWithAny = (prefixes: string[]) => (pathname: string) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/** docs/spec.md §2: Wardrobe is highlighted on /items, /outfits and /groups. */
export const NAV_ENTRIES: NavEntry[] = [
  {
    label: 'Wardrobe',
    to: '/',
    icon: Shirt,
    isActive: startsWithAny(['/items', '/outfits', '/groups']),
  },
  {
    label: 'Calendar',
    to: '/calendar',
    icon: CalendarDays,
    isActive: startsWithAny(['/calendar']),
  },
  { label: 'Stats', to: '/stats', icon: ChartColumn, isActive: startsWithAny(['/stats']) },
  { label: 'Graph', to: '/graph', icon: Waypoints, isActive: startsWithAny(['/graph']) },
];

export const PROFILE_ENTRY: NavEntry = {
  label: 'Profile',
  to: '/profile',
  icon: CircleUserRound,
  isActive: startsWithAny(['/profile']),
};

const TOP_ACTIVE = 'bg-accent-soft text-accent-ink';
const TOP_INACTIVE = 'text-fg-muted hover:bg-surface-2 hover:text-fg';

/** Desktop: the navigation inside the top bar, with the profile icon at the far right. */
export function TopNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex flex-1 items-center">
      <ul className="flex items-center gap-1">
        {NAV_ENTRIES.map((entry) => {
          const active = entry.isActive(pathname);
          return (
            <li key={entry.to}>
              <PageLink
                to={entry.to}
                active={active}
                className="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-medium transition-colors"
                activeClassName={TOP_ACTIVE}
                inactiveClassName={TOP_INACTIVE}
              >
                <entry.icon
                  aria-hidden="true"
                  className="size-4"
                  strokeWidth={active ? 2.25 : 1.75}
                />
                {entry.label}
              </PageLink>
            </li>
          );
        })}
      </ul>
      <PageLink
        to={PROFILE_ENTRY.to}
        aria-label="Profile"
        title="Profile"
        active={PROFILE_ENTRY.isActive(pathname)}
        className="ml-auto grid size-10 place-items-center rounded-full transition-colors"
        activeClassName={TOP_ACTIVE}
        inactiveClassName={TOP_INACTIVE}
      >
        <CircleUserRound aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </PageLink>
    </nav>
  );
}

/** Phones: the same destinations in a bar at the bottom, within thumb reach, above the home indicator. */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      data-bottom-nav
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-safe backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg items-stretch">
        {[...NAV_ENTRIES, PROFILE_ENTRY].map((entry) => {
          const active = entry.isActive(pathname);
          return (
            <li key={entry.to} className="flex flex-1">
              <PageLink
                to={entry.to}
                active={active}
                className="flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium transition-colors"
                activeClassName="text-accent-ink"
                inactiveClassName="text-fg-subtle hover:text-fg"
              >
                <span
                  className={`grid h-8 w-14 place-items-center rounded-full transition-colors ${active ? 'bg-accent-soft' : ''}`}
                >
                  <entry.icon
                    aria-hidden="true"
                    className="size-5"
                    strokeWidth={active ? 2.25 : 1.75}
                  />
                </span>
                {entry.label}
              </PageLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
