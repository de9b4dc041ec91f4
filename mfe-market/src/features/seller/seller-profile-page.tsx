import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  KENYA_COUNTIES,
  SELLER_KINDS,
  sellerProfileRequestSchema,
  type SellerKind,
  type SellerProfile,
} from '@shambasoko/shared/contracts';
import { Badge, Button, Card, ErrorState, FormError, PageHeader, SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useSaveProfile, useSellerProfile } from './api/profile';
import { fieldProps } from './components/field-props';
import { LoadingBlock, SavedNotice } from './components/loading-block';
import { SellerMain } from './components/seller-main';

type ProfileInput = z.input<typeof sellerProfileRequestSchema>;
type ProfileOutput = z.output<typeof sellerProfileRequestSchema>;

const KIND_LABELS: Record<SellerKind, string> = {
  farmer: 'Farmer',
  cooperative: 'Cooperative',
  agrovet: 'Agrovet',
  supplier: 'Supplier',
  retailer: 'Retailer',
  equipment_dealer: 'Equipment dealer',
  service_provider: 'Service provider',
};
const KIND_OPTIONS = SELLER_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));
const COUNTY_OPTIONS = KENYA_COUNTIES.map((c) => ({ value: c, label: c }));

const blank: ProfileInput = { businessName: '', kind: 'farmer', county: '', phone: '', whatsapp: '', pickupLocation: '', description: '' };
const valuesOf = (p: SellerProfile): ProfileInput => ({
  businessName: p.businessName,
  kind: p.kind,
  county: p.county,
  phone: p.phone,
  whatsapp: p.whatsapp ?? '',
  pickupLocation: p.pickupLocation,
  description: p.description,
});

/** /seller: "Become a seller" until the account has a profile, then the same form edits it. */
export default function SellerProfilePage() {
  const answer = useSellerProfile();
  return (
    <SellerMain>
      {answer.isPending ? (
        <LoadingBlock />
      ) : answer.isError ? (
        <ErrorState message={answer.error.message} onRetry={() => void answer.refetch()} />
      ) : (
        <ProfileForm profile={answer.data.profile} />
      )}
    </SellerMain>
  );
}

function ProfileForm({ profile }: { profile: SellerProfile | null }) {
  const save = useSaveProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(sellerProfileRequestSchema),
    defaultValues: profile ? valuesOf(profile) : blank,
  });
  useEffect(() => {
    if (profile) form.reset(valuesOf(profile));
  }, [profile, form]);

  const submit = form.handleSubmit(async (body) => {
    setServerError(null);
    setSaved(null);
    try {
      await save.mutateAsync(body);
      setSaved(profile ? 'Seller profile saved.' : 'You are now a seller. Add your first product under My Products.');
    } catch (error) {
      setServerError((error as Error).message);
    }
  });

  return (
    <>
      <PageHeader
        title={profile ? 'Seller Profile' : 'Become a seller'}
        subtitle={profile ? 'What buyers see on your storefront.' : 'List your produce, inputs or services on the ShambaSoko market.'}
        actions={
          profile ? (
            <Link className="text-sm font-medium text-brand-700 underline" to={`/market/seller/${encodeURIComponent(profile.id)}`}>
              View your storefront
            </Link>
          ) : undefined
        }
      />
      {profile?.verified ? (
        <p className="mb-4">
          <Badge tone="success">Verified seller</Badge>
        </p>
      ) : null}
      <Card>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
          <TextField {...fieldProps(form, 'businessName', 'Business name')} required containerClassName="sm:col-span-2" />
          <SelectField {...fieldProps(form, 'kind', 'Kind of business')} options={KIND_OPTIONS} />
          <SelectField {...fieldProps(form, 'county', 'County')} options={COUNTY_OPTIONS} placeholder="Choose a county" required />
          <TextField {...fieldProps(form, 'phone', 'Phone')} type="tel" autoComplete="tel" required />
          <TextField {...fieldProps(form, 'whatsapp', 'WhatsApp')} type="tel" hint="Optional" />
          <TextField {...fieldProps(form, 'pickupLocation', 'Pick-up location')} required containerClassName="sm:col-span-2" />
          <TextAreaField {...fieldProps(form, 'description', 'Short description')} rows={3} containerClassName="sm:col-span-2" />
          <FormError message={serverError} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <SavedNotice message={saved} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={save.isPending} loadingText="Saving...">
              {profile ? 'Save profile' : 'Become a seller'}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
