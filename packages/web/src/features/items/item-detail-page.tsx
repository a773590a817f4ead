import {
  formatDay,
  isSuggestable,
  itemStatus,
  soldEdits,
  statusChangeEdits,
  subcategoryName,
} from '@hanger/domain';
import { BadgeDollarSign, Shirt, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, IconButton, buttonClass } from '../../components/button';
import { BackButton, MissingDetail, WearTodayButton, useBack } from '../../components/detail-page';
import { DeleteDialog, useDeleteFlow } from '../../components/delete-flow';
import { Page } from '../../components/page';
import { PendingMark } from '../../components/wardrobe-grid';
import { ContentSpinner } from '../../components/spinner';
import { addToCalendarDay } from '../../lib/stores/calendar-actions';
import { capitalize } from '../../lib/text';
import { useCutoutsAvailable } from '../../lib/stores/cutout-poll';
import { deleteItem, removeBackground, updateItem } from '../../lib/stores/wardrobe-actions';
import { DetailFields } from './detail/detail-fields';
import { ItemPhoto } from './detail/item-photo';
import { SoldDialog } from './detail/sold-dialog';
import { StatGrid } from './detail/stat-grid';
import { StatusSwitch } from './detail/status-switch';
import { useItemDetail } from './detail/use-item-detail';
import { ItemCollections } from '../../components/item-collections';
import { DatesWorn, OutfitTiles, Section } from '../../components/worn-and-outfits';

/** /items/{id} (and the wishlist and loaned variants): one piece, photo first, every field editable. */
export default function ItemDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const detail = useItemDetail(id);
  const [selling, setSelling] = useState(false);
  const cutoutsAvailable = useCutoutsAvailable();

  // The list this detail belongs to: /items, /groups/wishlist or /groups/loaned.
  const listPath = location.pathname.replace(/\/[^/]+\/?$/, '') || '/items';
  const back = useBack(listPath);
  const deletion = useDeleteFlow(back);

  if (deletion.deleted) return null;
  if (detail.state === 'loading') return <ContentSpinner label="Loading item" />;
  if (detail.state === 'missing') {
    return (
      <MissingDetail
        onBack={back}
        title="This item isn't in your wardrobe"
        description="It may have been deleted, perhaps on another device. Everything you own is in your closet."
        action={
          <Button
            onClick={() => navigate(listPath, { replace: true })}
            icon={<Shirt aria-hidden="true" className="size-4" />}
          >
            Go to your closet
          </Button>
        }
      />
    );
  }

  const { item, settings, stats, outfits, today } = detail;
  const kind = subcategoryName(item, settings) ?? capitalize(item.category);
  const wornToday = stats.datesWorn.includes(today);
  // Only a piece in the closet can be worn; anything owned (not wished for) can be sold.
  const canWear = itemStatus(item.status) === 'clothes';
  const canSell = item.status !== 'wishlist' && item.soldPrice === undefined;

  return (
    <Page width="xl" className="pb-16">
      <div className="mb-4 flex items-center justify-between md:mb-6">
        <BackButton onClick={back} />
        <IconButton
          label="Delete item"
          icon={<Trash2 className="size-5" />}
          onClick={deletion.ask}
          className="text-fg-muted hover:text-danger md:hidden"
        />
      </div>
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        <div className="self-start md:sticky md:top-24">
          <ItemPhoto
            src={item.image}
            alt={`${item.brand ? `${item.brand} ` : ''}${kind}`}
            editTo={`/items/${encodeURIComponent(item.id)}/edit-image`}
            cutout={cutoutsAvailable || item.cutout === 'done' ? item.cutout : undefined}
            onRetry={() => void removeBackground(item.id)}
          />
        </div>

        <div className="flex min-w-0 flex-col gap-8">
          <header className="flex flex-col gap-1">
            {item.brand && (
              <p className="text-sm font-semibold tracking-wide text-fg-muted uppercase">
                {item.brand}
              </p>
            )}
            <h1 className="text-3xl font-semibold tracking-tight">{kind}</h1>
            <PendingMark id={item.id} chip />
            <p className="text-sm text-fg-muted">
              {[
                kind.toLowerCase() !== item.category ? capitalize(item.category) : null,
                `Added ${formatDay(item.dateCreated, settings.locale)}`,
                item.soldPrice !== undefined ? 'Sold' : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </header>

          <div className="flex flex-col gap-4">
            <StatusSwitch
              value={item.status}
              onChange={(status) =>
                void updateItem(item.id, statusChangeEdits(item, status, today))
              }
            />
            <div className="flex flex-wrap gap-2">
              {canWear && (
                <WearTodayButton
                  worn={wornToday}
                  onWear={() => addToCalendarDay(today, { clothes: [item.id] })}
                />
              )}
              {isSuggestable(item) && (
                <Link
                  to={`/suggestions?pin=${encodeURIComponent(item.id)}`}
                  className={buttonClass('secondary')}
                >
                  <Sparkles aria-hidden="true" className="size-4" />
                  Style this
                </Link>
              )}
              {canSell && (
                <Button
                  variant="secondary"
                  icon={<BadgeDollarSign aria-hidden="true" className="size-4" />}
                  onClick={() => setSelling(true)}
                >
                  Mark sold
                </Button>
              )}
            </div>
          </div>

          <StatGrid item={item} stats={stats} settings={settings} />

          <Section id="item-details" title="Details">
            <div className="rounded-2xl border border-line bg-surface px-4">
              <DetailFields item={item} settings={settings} today={today} />
            </div>
          </Section>

          <DatesWorn dates={stats.datesWorn} locale={settings.locale} />

          <OutfitTiles outfits={outfits} itemId={item.id} />

          <ItemCollections itemId={item.id} />

          <div className="border-t border-line pt-8">
            <Button
              variant="secondary"
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={deletion.ask}
              className="text-danger"
            >
              Delete item
            </Button>
          </div>
        </div>
      </div>

      <SoldDialog
        open={selling}
        defaultCurrency={item.currency ?? settings.currency}
        onClose={() => setSelling(false)}
        onConfirm={(sale) => {
          setSelling(false);
          void updateItem(item.id, soldEdits(item, sale, today));
        }}
      />
      <DeleteDialog
        flow={deletion}
        title="Delete this item?"
        description="It is removed from your wardrobe and from every calendar day. Outfits keep their picture. This can't be undone."
        onDelete={() => deleteItem(item.id)}
      />
    </Page>
  );
}
