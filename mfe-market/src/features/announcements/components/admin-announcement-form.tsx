import { useState } from 'react';
import type { z } from 'zod';
import { translateMessageText, useMessageText } from '@shambasoko/shared';
import { KENYA_COUNTIES } from '@shambasoko/contracts/counties';
import { APP_ROLES } from '@shambasoko/contracts/role-values';
import type { adminAnnouncementRequestSchema } from '@shambasoko/contracts';
import { Button, Card, FormError, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { nairobiWallTime } from '@shambasoko/contracts/time';
import { useT } from '../../../lib/i18n-announcements';
import { useCreateAdminAnnouncement } from '../api/create-admin-announcement';
import { errorFor } from './field-error';
import { lazyResolver, usePrefetchOnIntent } from '../../../lib/lazy-resolver';
import { useSmallForm } from '../../../lib/small-form';

// The contract's checks (zod and the schema) load on the first tap or key, not with the page.
const adminChecks = lazyResolver(() => import('./form-checks').then((m) => m.adminAnnouncementResolver));

type Input = z.input<typeof adminAnnouncementRequestSchema>;
type Output = z.output<typeof adminAnnouncementRequestSchema>;
const EMPTY: Input = { titleEn: '', bodyEn: '', titleSw: '', bodySw: '', roles: [], counties: [] };

/** A datetime-local value read as Nairobi time; empty publishes now. */
const nairobi = (v: string) => (v === '' ? undefined : nairobiWallTime(v));

/** The Admin's New announcement: both languages, roles, counties (none: all Kenya), now or at a time. */
export function AdminAnnouncementForm() {
  const t = useT();
  const messageText = useMessageText();
  const create = useCreateAdminAnnouncement();
  const [done, setDone] = useState<string | null>(null);
  usePrefetchOnIntent(adminChecks.prefetch);
  const form = useSmallForm<Input, Output>({ resolver: adminChecks.resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    setDone(null);
    const sent = await create.mutateAsync(body);
    setDone(t(sent.state === 'scheduled' ? 'announcements.scheduledDone' : 'announcements.publishedDone'));
    form.reset(EMPTY);
  });
  const text = (name: 'titleEn' | 'titleSw', label: string) => (
    <TextField {...form.register(name)} label={label} error={errorFor(errors, name, label)} maxLength={120} />
  );
  const area = (name: 'bodyEn' | 'bodySw', label: string) => (
    <TextAreaField {...form.register(name)} label={label} error={errorFor(errors, name, label)} rows={4} maxLength={2000} />
  );
  return (
    <Card title={t('announcements.new')}>
      <form
        noValidate
        onSubmit={(e) => void submit(e).catch(() => undefined)}
        className="flex flex-col gap-3"
        aria-label={t('announcements.new')}
      >
        {text('titleEn', t('announcements.titleEn'))}
        {area('bodyEn', t('announcements.bodyEn'))}
        {text('titleSw', t('announcements.titleSw'))}
        {area('bodySw', t('announcements.bodySw'))}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('announcements.roles')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {APP_ROLES.map((role) => (
              <label key={role} className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                <input type="checkbox" className="size-5" value={role} {...form.register('roles')} />
                {t(`announcements.role.${role}`)}
              </label>
            ))}
          </div>
          {errors.roles?.message ? (
            <p className="text-sm text-red-700" role="alert">
              {`${t('announcements.roles')} ${translateMessageText(errors.roles.message)}`}
            </p>
          ) : null}
        </fieldset>
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          {t('announcements.counties')}
          <select multiple size={6} className="rounded-md border border-stone-300 p-2 text-base" {...form.register('counties')}>
            {KENYA_COUNTIES.map((county) => (
              <option key={county} value={county}>
                {county}
              </option>
            ))}
          </select>
          <span className="font-normal text-stone-500">{t('announcements.countiesHint')}</span>
        </label>
        <TextField
          {...form.register('publishAt', { setValueAs: nairobi })}
          type="datetime-local"
          label={t('announcements.publishAt')}
          hint={t('announcements.publishAtHint')}
          error={errorFor(errors, 'publishAt', t('announcements.publishAt'))}
        />
        <FormError message={create.isError ? messageText(create.error.message) : null} />
        {done ? (
          <p role="status" className="text-sm text-green-800">
            {done}
          </p>
        ) : null}
        <div>
          <Button type="submit" loading={create.isPending} loadingText={t('announcements.sending')}>
            {t('announcements.send')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
