import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useMessageText } from '@shambasoko/shared';
import type { SellerProfile } from '@shambasoko/contracts';
import { KENYA_COUNTIES } from '@shambasoko/contracts/counties';
import { SELLER_KINDS } from '@shambasoko/contracts/market-seller-values';
import type { sellerProfileRequestSchema } from '@shambasoko/contracts';
import { Badge, Button, Card, ErrorState, FormError, PageHeader, SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useSaveProfile, useSellerProfile } from './api/profile';
import { fieldProps } from './components/field-props';
import { LoadingBlock, SavedNotice } from './components/loading-block';
import { SellerMain } from './components/seller-main';
import { useT } from '../../lib/i18n-profile';
import { useT as useSellT } from '../../lib/i18n-sell';
import { lazyResolver, usePrefetchOnIntent } from '../../lib/lazy-resolver';
import { useSmallForm } from '../../lib/small-form';

// The contract's checks (zod and the schema) load on the first tap or key, not with the page.
const profileChecks = lazyResolver(() => import('./form-checks').then((m) => m.profileResolver));

type ProfileInput = z.input<typeof sellerProfileRequestSchema>;
type ProfileOutput = z.output<typeof sellerProfileRequestSchema>;

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
  const messageText = useMessageText();
  return (
    <SellerMain>
      {answer.isPending ? (
        <LoadingBlock />
      ) : answer.isError ? (
        <ErrorState message={messageText(answer.error.message)} onRetry={() => void answer.refetch()} />
      ) : (
        <ProfileForm profile={answer.data.profile} />
      )}
    </SellerMain>
  );
}

function ProfileForm({ profile }: { profile: SellerProfile | null }) {
  const t = useT();
  const tSell = useSellT();
  const messageText = useMessageText();
  const kindOptions = useMemo(() => SELLER_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })), [t]);
  const save = useSaveProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  usePrefetchOnIntent(profileChecks.prefetch);
  const form = useSmallForm<ProfileInput, ProfileOutput>({
    resolver: profileChecks.resolver,
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
      setSaved(profile ? t('profile.saved') : t('profile.welcome'));
    } catch (error) {
      setServerError(messageText((error as Error).message));
    }
  });

  return (
    <>
      <PageHeader
        title={profile ? t('profile.title') : t('profile.become')}
        subtitle={profile ? t('profile.subtitle') : t('profile.subtitleNew')}
        actions={
          profile ? (
            <Link className="text-sm font-medium text-brand-700 underline" to={`/market/seller/${encodeURIComponent(profile.id)}`}>
              {t('profile.storefront')}
            </Link>
          ) : undefined
        }
      />
      {profile?.verified ? (
        <p className="mb-4">
          <Badge tone="success">{t('profile.verified')}</Badge>
        </p>
      ) : null}
      <Card>
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
          <TextField {...fieldProps(form, 'businessName', t('profile.businessName'))} required containerClassName="sm:col-span-2" />
          <SelectField {...fieldProps(form, 'kind', t('profile.kind'))} options={kindOptions} />
          <SelectField
            {...fieldProps(form, 'county', t('profile.county'))}
            options={COUNTY_OPTIONS}
            placeholder={t('profile.chooseCounty')}
            required
          />
          <TextField {...fieldProps(form, 'phone', t('profile.phone'))} type="tel" autoComplete="tel" required />
          <TextField {...fieldProps(form, 'whatsapp', t('profile.whatsapp'))} type="tel" hint={t('seller.optional')} />
          <TextField {...fieldProps(form, 'pickupLocation', t('profile.pickup'))} required containerClassName="sm:col-span-2" />
          <TextAreaField {...fieldProps(form, 'description', t('profile.description'))} rows={3} containerClassName="sm:col-span-2" />
          <FormError message={serverError} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <SavedNotice message={saved} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" loading={save.isPending} loadingText={tSell('seller.saving')}>
              {profile ? t('profile.save') : t('profile.become')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}
