import {
  formatDay,
  formatMoney,
  outfitStatusForItems,
  outfitStatusLabel,
  itemTileLabel,
} from '@hanger/domain';
import { Archive, ArchiveRestore, Layers, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../components/button';
import { BackButton, MissingDetail, WearTodayButton, useBack } from '../../components/detail-page';
import { DeleteDialog, useDeleteFlow } from '../../components/delete-flow';
import { Page } from '../../components/page';
import { ContentSpinner } from '../../components/spinner';
import { itemPath, outfitEditPath } from '../../lib/paths';
import { addToCalendarDay } from '../../lib/stores/calendar-actions';
import { capitalize } from '../../lib/text';
import { deleteOutfit, updateOutfit } from '../../lib/stores/wardrobe-actions';
import { DatesWorn, Section } from '../../components/worn-and-outfits';
import { useOutfitDetail } from './use-outfit-detail';
import { Thumbnail } from '../../components/thumbnail';

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl bg-surface-2 p-4">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="text-lg font-semibold tracking-tight text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/** /outfits/{id}: the outfit picture, its pieces, what it cost and when it was worn. */
export default function OutfitDetailPage() {
  const { id = '' } = useParams();
  const detail = useOutfitDetail(id);
  const back = useBack('/outfits');
  const deletion = useDeleteFlow(back);

  if (deletion.deleted) return null;
  if (detail.state === 'loading') return <ContentSpinner label="Loading outfit" />;
  if (detail.state === 'missing') {
    return (
      <MissingDetail
        onBack={back}
        title="This outfit isn't in your wardrobe"
        description="It may have been deleted, perhaps on another device."
        action={
          <Link to="/outfits" replace className={buttonClass('primary')}>
            <Layers aria-hidden="true" className="size-4" />
            See your outfits
          </Link>
        }
      />
    );
  }

  const { outfit, settings, stats, items, canvasIds, clothes, today } = detail;
  const archived = outfit.status === 'archived';
  const wornToday = stats.datesWorn.includes(today);

  return (
    <Page width="lg" className="pb-16">
      <div className="mb-4 md:mb-6">
        <BackButton onClick={back} />
      </div>
      <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:gap-12">
        <div className="self-start md:sticky md:top-24">
          <div className="mx-auto max-w-xs overflow-hidden rounded-3xl border border-line bg-white md:max-w-none">
            <img
              src={outfit.image}
              alt={`Outfit of ${items.length} ${items.length === 1 ? 'piece' : 'pieces'}`}
              crossOrigin="anonymous"
              decoding="async"
              className="aspect-[2/3] w-full object-contain"
            />
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-8">
          <header className="flex flex-col gap-1">
            <p className="text-sm font-semibold tracking-wide text-fg-muted uppercase">
              {capitalize(outfitStatusLabel(outfit.status))}
            </p>
            <h1 className="text-3xl font-semibold tracking-tight">Outfit</h1>
            <p className="text-sm text-fg-muted">
              Created {formatDay(outfit.dateCreated, settings.locale)}
            </p>
          </header>

          <div className="flex flex-wrap gap-2">
            {outfit.status !== 'wishlist' && !archived && (
              <WearTodayButton
                worn={wornToday}
                onWear={() => addToCalendarDay(today, { outfits: [outfit.id] })}
              />
            )}
            <Link to={outfitEditPath(outfit.id)} className={buttonClass('secondary')}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Link>
            {archived ? (
              <Button
                variant="secondary"
                icon={<ArchiveRestore aria-hidden="true" className="size-4" />}
                onClick={() =>
                  void updateOutfit(outfit.id, { status: outfitStatusForItems(canvasIds, clothes) })
                }
              >
                Restore
              </Button>
            ) : (
              <Button
                variant="secondary"
                icon={<Archive aria-hidden="true" className="size-4" />}
                onClick={() => void updateOutfit(outfit.id, { status: 'archived' })}
              >
                Archive
              </Button>
            )}
            <Button
              variant="ghost"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={deletion.ask}
              className="text-danger"
            >
              Delete
            </Button>
          </div>

          <dl aria-label="Stats" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat
              label="Total cost"
              value={formatMoney(stats.totalCost, settings.currency, settings.locale)}
            />
            <Stat label="Times worn" value={stats.totalTimesWorn} />
            <Stat
              label="Last worn"
              value={stats.lastWorn ? formatDay(stats.lastWorn, settings.locale) : 'Never'}
            />
            <Stat label="Pieces" value={stats.numItems} />
          </dl>

          <Section id="outfit-items" title="In this outfit">
            {items.length === 0 ? (
              <p className="text-sm text-fg-muted">The pieces of this outfit have been deleted.</p>
            ) : (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
                {items.map((item) => {
                  const name = itemTileLabel(item, settings);
                  return (
                    <li key={item.id}>
                      <Link to={itemPath(item.id)} aria-label={name} className="group block">
                        <span className="block overflow-hidden rounded-tile bg-surface-2">
                          <Thumbnail
                            of={item}
                            className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                          />
                        </span>
                        <span className="mt-2 block truncate text-xs text-fg-muted">{name}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>

          <DatesWorn dates={stats.datesWorn} locale={settings.locale} />
        </div>
      </div>

      <DeleteDialog
        flow={deletion}
        title="Delete this outfit?"
        description="It is removed from your outfits and from every calendar day. Its pieces stay in your closet. This can't be undone."
        onDelete={() => deleteOutfit(outfit.id)}
      />
    </Page>
  );
}
