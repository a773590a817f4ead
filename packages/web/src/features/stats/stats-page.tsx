import { ChartColumn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';

/** /stats: what the wardrobe costs and how it is worn. */
export default function StatsPage() {
  return (
    <Page>
      <PageHeader title="Stats" />
      <EmptyState
        icon={ChartColumn}
        title="Your numbers will appear here"
        description="Add items with their prices and log what you wear on the calendar to see cost per wear, favourites and spending."
        action={
          <Link to="/calendar" className={buttonClass('secondary', 'md')}>
            Open the calendar
          </Link>
        }
      />
    </Page>
  );
}
