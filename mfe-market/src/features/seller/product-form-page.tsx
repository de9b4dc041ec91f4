import { useMemo, useState, type ChangeEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { formatKES, formatNumber, useLocale, useMessageText } from '@shambasoko/shared';
import type { ListingUnit, SellerListing } from '@shambasoko/contracts';
import { convertListingQuantity, LISTING_UNIT_WEIGHT_KG, LISTING_UNITS } from '@shambasoko/contracts/market-seller-values';
import { PRODUCT_CATEGORIES } from '@shambasoko/contracts/market-values';
import { PRODUCT_KINDS, productKindName } from '@shambasoko/contracts/product-kinds';
import type { createListingSchema } from '@shambasoko/contracts';
import {
  Button,
  buttonClassName,
  Card,
  ErrorState,
  FormError,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
} from '@shambasoko/shared/ui';
import { useCommissionRates } from './api/commission';
import { useCreateListing, useListing, useUpdateListing } from './api/listings';
import { useSellerProfile } from './api/profile';
import { fieldProps } from './components/field-props';
import { LoadingBlock, SavedNotice } from './components/loading-block';
import { PhotoManager } from './components/photo-manager';
import { PriceHint } from './components/price-hint';
import { SellerMain } from './components/seller-main';
import { useT } from '../../lib/i18n-listing';
import { useT as useSellT } from '../../lib/i18n-sell';
import { lazyResolver, usePrefetchOnIntent } from '../../lib/lazy-resolver';
import { useSmallForm } from '../../lib/small-form';

// The contract's checks (zod and the schema) load on the first tap or key, not with the page.
const listingChecks = lazyResolver(() => import('./form-checks').then((m) => m.listingResolver));

type ListingInput = z.input<typeof createListingSchema>;
type ListingOutput = z.output<typeof createListingSchema>;

const number = { valueAsNumber: true } as const;

const blank: ListingInput = {
  title: '',
  titleSw: '',
  category: 'crops',
  unit: 'kg',
  price: Number.NaN,
  stock: Number.NaN,
  minOrder: 1,
  description: '',
  delivery: { pickup: true, delivery: true },
  weightKg: 1,
  kind: null,
};
const valuesOf = (l: SellerListing): ListingInput => ({
  title: l.title,
  titleSw: l.titleSw ?? '',
  category: l.category,
  unit: l.unit ?? 'kg',
  price: l.price,
  stock: l.stock,
  minOrder: l.minOrder,
  description: l.description,
  delivery: l.delivery,
  weightKg: l.weightKg,
  kind: l.kind ?? null,
});

/** /seller/products/new and /seller/products/:id (the edit page also holds the photos). */
export default function ProductFormPage() {
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const listing = useListing(editing ? id : null);
  const messageText = useMessageText();
  return (
    <SellerMain>
      {!editing ? (
        <ListingForm listing={null} />
      ) : listing.isPending ? (
        <LoadingBlock />
      ) : listing.isError ? (
        <ErrorState message={messageText(listing.error.message)} onRetry={() => void listing.refetch()} />
      ) : (
        <ListingForm key={listing.data.id} listing={listing.data} />
      )}
    </SellerMain>
  );
}

/** What the market keeps of a sale in this category, shown before the seller lists (never of delivery). */
function CommissionLine({ category, price }: { category: string; price: number }) {
  const t = useT();
  const rates = useCommissionRates();
  const rateBp = rates.data?.rates.find((r) => r.category === category)?.rateBp;
  if (rateBp === undefined) return null;
  const percent = `${formatNumber(rateBp / 100)} %`;
  return (
    <p className="text-sm text-stone-600 sm:col-span-2" data-testid="commission-line">
      {price > 0
        ? t('form.commissionNet', { percent, net: formatKES(price - Math.round((price * rateBp) / 10_000)) })
        : t('form.commission', { percent })}
    </p>
  );
}

function ListingForm({ listing }: { listing: SellerListing | null }) {
  const t = useT();
  const tSell = useSellT();
  const messageText = useMessageText();
  const categoryOptions = useMemo(() => PRODUCT_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) })), [t]);
  const unitOptions = useMemo(() => LISTING_UNITS.map((u) => ({ value: u, label: t(`unit.${u}`) })), [t]);
  const [locale] = useLocale();
  const kindOptions = useMemo(
    () => [{ value: '', label: t('form.kindNone') }, ...PRODUCT_KINDS.map((k) => ({ value: k.id, label: productKindName(k, locale) }))],
    [t, locale],
  );
  const county = useSellerProfile().data?.profile?.county;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateListing();
  const update = useUpdateListing();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(params.get('created') ? t('form.created') : null);
  usePrefetchOnIntent(listingChecks.prefetch);
  const form = useSmallForm<ListingInput, ListingOutput>({
    resolver: listingChecks.resolver,
    defaultValues: listing ? valuesOf(listing) : blank,
  });
  const deliveryError = form.formState.errors.delivery;
  const unitField = fieldProps(form, 'unit', t('form.unit'));
  // A 90 kg bag weighs 90 kg, and a new listing's 2,428 kg are 27 bags: the unit carries its weight and
  // converts the stock. A listed product's stock is left alone (buyers may hold some of it in carts).
  const changeUnit = (event: ChangeEvent<HTMLSelectElement>) => {
    const from = form.getValues('unit') as ListingUnit;
    const to = event.target.value as ListingUnit;
    void unitField.onChange(event);
    form.setValue('weightKg', LISTING_UNIT_WEIGHT_KG[to]);
    const stock = form.getValues('stock');
    if (!listing && typeof stock === 'number' && stock > 0) form.setValue('stock', convertListingQuantity(stock, from, to));
  };

  const submit = form.handleSubmit(async (body) => {
    setServerError(null);
    setSaved(null);
    try {
      if (listing) {
        const { status: _status, ...changes } = body;
        await update.mutateAsync({ id: listing.id, body: changes });
        setSaved(t('form.saved'));
      } else {
        const created = await create.mutateAsync(body);
        void navigate(`/seller/products/${encodeURIComponent(created.id)}?created=1`, { replace: true });
      }
    } catch (error) {
      setServerError(messageText((error as Error).message));
    }
  });

  return (
    <>
      <PageHeader
        title={listing ? t('form.edit') : t('products.add')}
        subtitle={listing?.title}
        actions={
          <Link to="/seller/products" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            {t('products.title')}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
            <TextField {...fieldProps(form, 'title', t('form.title'))} required containerClassName="sm:col-span-2" />
            <TextField
              {...fieldProps(form, 'titleSw', t('form.titleSw'))}
              hint={t('form.titleSwHint')}
              lang="sw"
              containerClassName="sm:col-span-2"
            />
            <SelectField {...fieldProps(form, 'category', t('form.category'))} options={categoryOptions} />
            <SelectField {...unitField} onChange={changeUnit} options={unitOptions} />
            <SelectField
              {...fieldProps(form, 'kind', t('form.kind'), { setValueAs: (v: unknown) => (v === '' || v === null ? null : v) })}
              hint={t('form.kindHint')}
              options={kindOptions}
              containerClassName="sm:col-span-2"
            />
            <TextField
              {...fieldProps(form, 'price', t('form.price'), number)}
              hint={t('form.priceHint')}
              type="number"
              inputMode="numeric"
              min={1}
              required
            />
            <PriceHint
              kind={form.watch('kind') ?? null}
              county={county}
              unit={form.watch('unit')}
              weightKg={Number(form.watch('weightKg')) || 0}
              price={Number(form.watch('price')) || 0}
            />
            <CommissionLine category={form.watch('category')} price={Number(form.watch('price')) || 0} />
            <TextField {...fieldProps(form, 'stock', t('form.stock'), number)} type="number" inputMode="numeric" min={0} required />
            <TextField {...fieldProps(form, 'minOrder', t('form.minOrder'), number)} type="number" inputMode="numeric" min={1} />
            <TextField {...fieldProps(form, 'weightKg', t('form.weight'), number)} type="number" inputMode="decimal" min={0} step="any" />
            <TextAreaField {...fieldProps(form, 'description', t('form.description'))} rows={4} containerClassName="sm:col-span-2" />
            <fieldset className="sm:col-span-2">
              <legend className="text-sm font-medium text-stone-800">{t('form.deliveryOptions')}</legend>
              <div className="mt-2 flex flex-wrap gap-6">
                <label className="flex min-h-11 items-center gap-2 text-base">
                  <input type="checkbox" className="size-5" {...form.register('delivery.pickup')} /> {t('form.pickup')}
                </label>
                <label className="flex min-h-11 items-center gap-2 text-base">
                  <input type="checkbox" className="size-5" {...form.register('delivery.delivery')} /> {t('form.delivery')}
                </label>
              </div>
              {deliveryError ? (
                <p className="text-sm text-red-700">
                  {t('form.deliveryOptions')} {messageText(deliveryError.message ?? deliveryError.root?.message ?? '')}
                </p>
              ) : null}
            </fieldset>
            <FormError message={serverError} className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <SavedNotice message={saved} />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" loading={create.isPending || update.isPending} loadingText={tSell('seller.saving')}>
                {listing ? t('form.save') : t('form.list')}
              </Button>
            </div>
          </form>
        </Card>
        {listing ? <PhotoManager listing={listing} /> : <p className="text-sm text-stone-600">{t('form.photosLater')}</p>}
      </div>
    </>
  );
}
