import type { Crop } from '@shambasoko/contracts';
import { formatNumber, Spinner } from '@shambasoko/shared';
import {
  convertListingQuantity,
  harvestListingRequestSchema,
  LISTING_UNIT_WEIGHT_KG,
  LISTING_UNITS,
  type HarvestListingDraft,
  type HarvestListingRequest,
  type ListingUnit,
} from '@shambasoko/contracts';
import { Button, buttonClassName, Dialog, ErrorState, SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormDialog } from '../../../components/form-dialog';
import { useContractForm } from '../../../lib/form';
import { errorMessage } from '../../../lib/format';
import { useT as useFarmT } from '../../../lib/i18n';
import { t as translate, useT, type SellKey } from '../../../lib/i18n-sell';
import { useCreateHarvestListing } from '../api/create-harvest-listing';
import { useHarvestListing } from '../api/get-harvest-listing';

type Values = { title: string; quantity: string; unit: string; price: string; availableFrom: string; description: string };

/** The units a harvest is sold in (the contract's LISTING_UNIT_LABELS without "per"), built at render for the language. */
const unitOptions = () =>
  LISTING_UNITS.filter((u) => u !== 'acre').map((u) => ({ value: u, label: translate(`sell.unit.${u}` as SellKey) }));

type Props = { crop: Pick<Crop, 'id' | 'name'>; onClose: () => void };

/** "Sell this harvest": the crop's expected harvest, prefilled, listed for pre-order in the market. */
export function SellHarvestDialog({ crop, onClose }: Props) {
  const t = useT();
  const tFarm = useFarmT();
  const draft = useHarvestListing(crop.id);
  const [listedId, setListedId] = useState<string | null>(null);
  const title = t('sell.title', { crop: crop.name });
  const listing = listedId ?? draft.data?.listing?.id ?? null;

  // A profile made a moment ago (on /seller, another tab) arrives with the refetch: wait for it rather than ask again.
  const checking = draft.isFetching && draft.data?.hasSellerProfile === false && !listing;
  if (draft.data && !listing && draft.data.hasSellerProfile) {
    return <HarvestForm draft={draft.data} title={title} onClose={onClose} onListed={setListedId} />;
  }
  const closeButton = (
    <Button variant="secondary" onClick={onClose}>
      {tFarm('common.close')}
    </Button>
  );
  return (
    <Dialog open onClose={onClose} title={title} footer={closeButton}>
      {(draft.isPending || checking) && <Spinner label={t('sell.loading')} />}
      {draft.isError && <ErrorState message={errorMessage(draft.error)} onRetry={() => void draft.refetch()} />}
      {listing && (
        <p className="text-stone-800">
          {t('sell.listed')}{' '}
          <Link className="font-medium text-brand-700 underline" to={`/market/item?itemId=${encodeURIComponent(listing)}`}>
            {draft.data?.listing?.title ?? t('sell.seeInMarket')}
          </Link>
        </p>
      )}
      {draft.data && !listing && !checking && !draft.data.hasSellerProfile && (
        <div className="flex flex-col gap-3">
          <p className="text-stone-800">{t('sell.needProfile')}</p>
          <Link className={buttonClassName({ className: 'self-start' })} to="/seller">
            {t('sell.createProfile')}
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
  const t = useT();
  const tFarm = useFarmT();
  const create = useCreateHarvestListing();
  const form = useContractForm<Values, HarvestListingRequest>({
    schema: harvestListingRequestSchema,
    labels: {
      title: t('sell.titleField'),
      quantity: t('sell.quantity'),
      unit: t('sell.unit'),
      price: t('sell.priceError'),
      availableFrom: t('sell.availableFrom'),
      description: tFarm('common.description'),
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
  const unitField = form.field('unit');
  const unit = form.watch('unit') as ListingUnit;
  // 2,428 kg are 27 bags of 90 kg, not 2,428 bags: the quantity follows the unit.
  const changeUnit = (event: ChangeEvent<HTMLSelectElement>) => {
    const from = form.getValues('unit') as ListingUnit;
    const to = event.target.value as ListingUnit;
    const quantity = Number(form.getValues('quantity'));
    void unitField.onChange(event);
    if (form.getValues('quantity') !== '' && Number.isFinite(quantity) && quantity > 0) {
      form.setValue('quantity', String(convertListingQuantity(quantity, from, to)), { shouldValidate: true });
    }
  };
  const submit = form.handleSubmit((input) =>
    create.mutate({ cropId: draft.cropId, input }, { onSuccess: (listing) => onListed(listing.id) }),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      description={
        draft.expectedQuantity === null ? t('sell.noQuantity') : t('sell.expected', { quantity: formatNumber(draft.expectedQuantity) })
      }
      submitLabel={t('sell.submit')}
      busyLabel={t('sell.listing')}
      mutation={create}
      onSubmit={submit}
      size="lg"
    >
      <TextField label={t('sell.titleField')} required {...form.field('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('sell.quantity')} required type="number" inputMode="numeric" min={1} step="1" {...form.field('quantity')} />
        <SelectField
          label={t('sell.unit')}
          {...unitField}
          onChange={changeUnit}
          options={unitOptions()}
          hint={t('sell.unitWeight', { unit: translate(`sell.unit.${unit}` as SellKey), kg: formatNumber(LISTING_UNIT_WEIGHT_KG[unit]) })}
        />
        <TextField label={t('sell.price')} required type="number" inputMode="numeric" min={1} step="1" {...form.field('price')} />
        <TextField label={t('sell.availableFrom')} required type="date" {...form.field('availableFrom')} />
      </div>
      <TextAreaField label={tFarm('common.description')} {...form.field('description')} placeholder={t('sell.descriptionPlaceholder')} />
      {draft.county && <p className="text-sm text-stone-600">{t('sell.soldFrom', { county: draft.county })}</p>}
    </FormDialog>
  );
}
