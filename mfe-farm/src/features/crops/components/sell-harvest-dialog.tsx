import { Spinner, type Crop } from '@shambasoko/shared';
import {
  harvestListingRequestSchema,
  LISTING_UNIT_LABELS,
  LISTING_UNITS,
  type HarvestListingDraft,
  type HarvestListingRequest,
} from '@shambasoko/shared/contracts';
import { Button, buttonClassName, Dialog, ErrorState, SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormDialog } from '../../../components/form-dialog';
import { useContractForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/format';
import type { gate } from '../../../lib/permissions';
import { useCreateHarvestListing } from '../api/create-harvest-listing';
import { useHarvestListing } from '../api/get-harvest-listing';

type Values = { title: string; quantity: string; unit: string; price: string; availableFrom: string; description: string };

/** A crop whose harvest is still to come can be pre-sold. */
export const canSellHarvest = (crop: Pick<Crop, 'status'>) => crop.status === 'planned' || crop.status === 'growing';

const UNIT_OPTIONS = LISTING_UNITS.filter((u) => u !== 'acre').map((u) => ({
  value: u,
  label: LISTING_UNIT_LABELS[u].replace(/^per /, ''),
}));

type Props = { crop: Pick<Crop, 'id' | 'name'>; onClose: () => void };

/** "Sell this harvest": the crop's expected harvest, prefilled, listed for pre-order in the market. */
export function SellHarvestDialog({ crop, onClose }: Props) {
  const draft = useHarvestListing(crop.id);
  const [listedId, setListedId] = useState<string | null>(null);
  const title = `Sell ${crop.name} harvest`;
  const listing = listedId ?? draft.data?.listing?.id ?? null;

  if (draft.data && !listing && draft.data.hasSellerProfile) {
    return <HarvestForm draft={draft.data} title={title} onClose={onClose} onListed={setListedId} />;
  }
  const closeButton = (
    <Button variant="secondary" onClick={onClose}>
      Close
    </Button>
  );
  return (
    <Dialog open onClose={onClose} title={title} footer={closeButton}>
      {draft.isPending && <Spinner label="Loading the expected harvest" />}
      {draft.isError && <ErrorState message={errorMessage(draft.error)} onRetry={() => void draft.refetch()} />}
      {listing && (
        <p className="text-stone-800">
          Listed:{' '}
          <Link className="font-medium text-brand-700 underline" to={`/market/product/${listing}`}>
            {draft.data?.listing?.title ?? 'see it in the market'}
          </Link>
        </p>
      )}
      {draft.data && !listing && !draft.data.hasSellerProfile && (
        <div className="flex flex-col gap-3">
          <p className="text-stone-800">To sell your harvest you need a seller profile: your shop&apos;s name, county and phone.</p>
          <Link className={buttonClassName({ className: 'self-start' })} to="/seller">
            Create your seller profile
          </Link>
        </div>
      )}
    </Dialog>
  );
}

function HarvestForm({
  draft,
  title,
  onClose,
  onListed,
}: {
  draft: HarvestListingDraft;
  title: string;
  onClose: () => void;
  onListed: (id: string) => void;
}) {
  const create = useCreateHarvestListing();
  const form = useContractForm<Values, HarvestListingRequest>({
    schema: harvestListingRequestSchema,
    labels: {
      title: 'Title',
      quantity: 'Quantity',
      unit: 'Unit',
      price: 'Price',
      availableFrom: 'Expected harvest date',
      description: 'Description',
    },
    numbers: ['quantity', 'price'],
    defaultValues: {
      title: draft.suggestedTitle,
      quantity: draft.expectedQuantity === null ? '' : String(draft.expectedQuantity),
      unit: 'kg',
      price: '',
      availableFrom: draft.expectedHarvest,
      description: '',
    },
  });
  const submit = form.handleSubmit((input) =>
    create.mutate({ cropId: draft.cropId, input }, { onSuccess: (listing) => onListed(listing.id) }),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      description={
        draft.expectedQuantity === null
          ? 'Add the expected yield to the crop to have the quantity filled in. Buyers pre-order up to the quantity you list.'
          : `Expected from the crop's area and yield: ${draft.expectedQuantity.toLocaleString('en-KE')} kg. Buyers pre-order up to the quantity you list.`
      }
      submitLabel="List for pre-order"
      busyLabel="Listing..."
      mutation={create}
      onSubmit={submit}
      size="lg"
    >
      <TextField label="Title" required {...form.field('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Quantity" required type="number" inputMode="numeric" min={1} step="1" {...form.field('quantity')} />
        <SelectField label="Unit" {...form.field('unit')} options={UNIT_OPTIONS} />
        <TextField label="Price (Ksh per unit)" required type="number" inputMode="numeric" min={1} step="1" {...form.field('price')} />
        <TextField label="Expected harvest date" required type="date" {...form.field('availableFrom')} />
      </div>
      <TextAreaField label="Description" {...form.field('description')} placeholder="Variety, quality, how buyers collect" />
      {draft.county && <p className="text-sm text-stone-600">Sold from {draft.county}.</p>}
    </FormDialog>
  );
}

/** The row button and its dialog, for the crops page and the field page. */
export function SellHarvestButton({ crop, allowed }: { crop: Crop; allowed: ReturnType<typeof gate> }) {
  const [open, setOpen] = useState(false);
  if (!canSellHarvest(crop)) return null;
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Sell this harvest: ${crop.name}`} {...allowed}>
        Sell this harvest
      </Button>
      {open && <SellHarvestDialog crop={crop} onClose={() => setOpen(false)} />}
    </>
  );
}
