import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarMonthRoute } from './calendar-routes';
import { useCalendarSync } from '../lib/stores/calendar-actions';
import { item, outfit, signedInWith, user, wardrobeOf } from '../test-utils/fixtures';

function DayProbe() {
  const location = useLocation();
  return (
    <p>
      Day {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/calendar/:year/:month', element: <CalendarMonthRoute /> },
      { path: '/calendar/:year/:month/:day', element: <DayProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const cell = (day: string) =>
  screen.getAllByRole('link').find((l) => l.getAttribute('data-day') === day)!;

beforeEach(() => {
  // Tuesday 12 March 2024, 09:00 local time. Only Date is faked: timers and promises run.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2024, 2, 12, 9, 0));
  useCalendarSync.setState({ changes: [] });
  signedInWith(
    wardrobeOf([item('tee'), item('jeans'), item('coat')], [outfit('look', ['tee', 'jeans'])], {
      '2024-03-01': { clothes: ['tee', 'jeans'], outfits: ['look'], displayItem: 'jeans' },
      '2024-03-12': { clothes: ['coat'], outfits: [] },
      '2024-03-20': { clothes: [], outfits: ['look'] },
    }),
  );
});

afterEach(() => vi.useRealTimers());

// Generous: the first test also waits for the lazily loaded screen, on a busy machine.
describe('the calendar month', { timeout: 20_000 }, () => {
  it("lays the month out from the user's week start, with covers and counts", async () => {
    open('/calendar/2024/03');
    // The first test waits for the lazily loaded page.
    const grid = await screen.findByRole('grid', { name: 'March 2024' }, { timeout: 5000 });
    // The fixture's user starts weeks on Monday; 1 March 2024 is a Friday (fifth column).
    const headers = within(grid).getAllByRole('columnheader');
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(headers).toHaveLength(days.length);
    days.forEach((day, i) => expect(headers[i]).toHaveAccessibleName(day));
    const firstRow = within(grid).getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('gridcell');
    expect(cells.findIndex((c) => c.querySelector('[data-day="2024-03-01"]'))).toBe(4);

    // The display item is the cover; the count says two more.
    const first = cell('2024-03-01');
    expect(first).toHaveAccessibleName('Friday 1 March, 3 logged');
    expect(first.querySelector('img')).toHaveAttribute('src', '/media/jeans.webp');
    // The count is drawn over the cell, beside the link (not in its name, which says 3 logged).
    expect(first).not.toHaveTextContent('+2');
    expect(first.closest('[role="gridcell"]')).toHaveTextContent('+2');
    expect(screen.getByText('2 days logged · 1 planned')).toBeInTheDocument();
  });

  it('marks today and shows later days as planned', async () => {
    open('/calendar/2024/03');
    await screen.findByRole('grid');
    expect(cell('2024-03-12')).toHaveAttribute('aria-current', 'date');
    expect(cell('2024-03-12')).toHaveAccessibleName('Tuesday 12 March, today, 1 logged');
    expect(cell('2024-03-20')).toHaveAccessibleName('Wednesday 20 March, 1 planned');
  });

  it('before 05:00 still counts the previous day as today (docs/spec.md §4)', async () => {
    vi.setSystemTime(new Date(2024, 2, 12, 4, 30));
    open('/calendar/2024/03');
    await screen.findByRole('grid');
    expect(cell('2024-03-11')).toHaveAttribute('aria-current', 'date');
    expect(cell('2024-03-12')).toHaveAccessibleName('Tuesday 12 March, 1 planned');
    expect(screen.getByRole('link', { name: 'Log today' })).toHaveAttribute(
      'href',
      '/calendar/2024/03/11',
    );
  });

  it('moves between months with the buttons, Today and a swipe', async () => {
    const router = open('/calendar/2024/03');
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('link', { name: 'Next month' }));
    expect(router.state.location.pathname).toBe('/calendar/2024/04');
    await userEvent.click(await screen.findByRole('link', { name: 'Previous month' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Previous month' }));
    expect(router.state.location.pathname).toBe('/calendar/2024/02');
    await userEvent.click(screen.getByRole('link', { name: 'Today' }));
    expect(router.state.location.pathname).toBe('/calendar/2024/03');

    const grid = await screen.findByRole('grid');
    fireEvent.touchStart(grid, { touches: [{ clientX: 300, clientY: 200 }] });
    fireEvent.touchEnd(grid, { changedTouches: [{ clientX: 120, clientY: 215 }] });
    expect(router.state.location.pathname).toBe('/calendar/2024/04');
    const next = await screen.findByRole('grid');
    // Mostly vertical: a scroll, not a swipe.
    fireEvent.touchStart(next, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(next, { changedTouches: [{ clientX: 180, clientY: 400 }] });
    expect(router.state.location.pathname).toBe('/calendar/2024/04');
    fireEvent.touchStart(next, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(next, { changedTouches: [{ clientX: 260, clientY: 110 }] });
    expect(router.state.location.pathname).toBe('/calendar/2024/03');
  });

  it('moves focus with the arrow keys, into the next month at its edge', async () => {
    const router = open('/calendar/2024/03');
    await screen.findByRole('grid');
    // Today is the one day in the tab order.
    expect(cell('2024-03-12')).toHaveAttribute('tabindex', '0');
    expect(cell('2024-03-13')).toHaveAttribute('tabindex', '-1');
    cell('2024-03-12').focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(cell('2024-03-20')).toHaveFocus();
    // 20 → 27 → 3 April: crossing the edge opens the next month with that day focused.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(router.state.location.pathname).toBe('/calendar/2024/04');
    expect(await screen.findByRole('grid', { name: 'April 2024' })).toBeInTheDocument();
    expect(cell('2024-04-03')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/calendar/2024/04/03');
  });

  it('opens a day, and "Log today" opens today with its picker', async () => {
    const router = open('/calendar/2024/03');
    await screen.findByRole('grid');
    await userEvent.click(cell('2024-03-01'));
    expect(router.state.location.pathname).toBe('/calendar/2024/03/01');
    await router.navigate('/calendar/2024/01');
    await userEvent.click(await screen.findByRole('link', { name: 'Log today' }));
    expect(router.state.location.pathname).toBe('/calendar/2024/03/12');
    expect(router.state.location.state).toEqual({ addMore: true });
  });

  it('marks a day whose change was not saved', async () => {
    useCalendarSync.setState({
      changes: [
        {
          key: 1,
          state: 'failed',
          message: 'The requested item was not found.',
          change: { kind: 'add', day: '2024-03-12', clothes: ['coat'], outfits: [] },
        },
      ],
    });
    open('/calendar/2024/03');
    await screen.findByRole('grid');
    expect(cell('2024-03-12')).toHaveAccessibleName(
      'Tuesday 12 March, today, 1 logged, changes not saved',
    );
  });

  it('sends an address that names no month to this month', async () => {
    for (const bad of ['/calendar/2024/13', '/calendar/0000/01', '/calendar/abcd/02']) {
      const router = open(bad);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/calendar/2024/03'));
      router.dispose();
    }
  });

  it('uses the week start of the settings', async () => {
    signedInWith(wardrobeOf([]), { ...user, settings: { ...user.settings, weekStart: 6 } });
    open('/calendar/2024/03');
    const headers = within(await screen.findByRole('grid')).getAllByRole('columnheader');
    expect(headers[0]).toHaveAccessibleName('Saturday');
    expect(screen.getByText('Nothing logged this month')).toBeInTheDocument();
  });
});
