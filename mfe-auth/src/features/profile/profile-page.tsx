import { useState } from 'react';
import { initials } from '@shambasoko/shared';
import { profileFormSchema, shownEmail, type SelfServiceRole } from '@shambasoko/contracts';
import { Button, Card, FormError, TextField } from '@shambasoko/shared/ui';
import type { Profile } from '@shambasoko/contracts';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { DataRights } from './components/data-rights';
import { RoleCheckboxes } from '../../components/role-checkboxes';
import { useSchemaForm } from '../../components/use-schema-form';
import { SettingsPage } from '../../components/settings-page';
import { useErrorText } from '../../components/error-text';
import { NameFields } from '../../components/name-fields';
import { useT } from '../../i18n';

export default function ProfilePage() {
  const t = useT();
  return (
    <SettingsPage title={t('profile.title')} subtitle={t('profile.subtitle')} query={useProfile()} failedTitle={t('profile.loadFailed')}>
      {(profile) => (
        <>
          <ProfileForm key={profile.id} profile={profile} />
          <DataRights email={profile.email} />
        </>
      )}
    </SettingsPage>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const t = useT();
  const msg = useErrorText();
  // Checked as typed, so Save stays disabled while a rule fails.
  const form = useSchemaForm(profileFormSchema, {
    mode: 'onChange',
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      msisdn: profile.msisdn ?? '',
      roles: profile.roles.filter((r): r is SelfServiceRole => r !== 'Admin'),
    },
  });
  const { errors, isValid } = form.formState;
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();
  const field = (name: 'firstName' | 'lastName' | 'msisdn' | 'roles') =>
    form.register(name, {
      onChange: () => {
        setSaved(false);
        update.reset();
      },
    });

  const submit = form.handleSubmit((values) =>
    update.mutate({ ...values, msisdn: values.msisdn || null }, { onSuccess: () => setSaved(true) }),
  );

  return (
    <Card>
      <div className="mb-6 flex items-center gap-4">
        <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800">
          {initials(`${firstName} ${lastName}`, profile.email)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">
            {`${firstName} ${lastName}`.trim() || shownEmail(profile.email) || profile.msisdn}
          </p>
          <p className="truncate text-sm text-stone-600">{shownEmail(profile.email) || profile.msisdn}</p>
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormError message={msg(update.error?.message)} />
        {saved ? (
          <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-800">
            {t('profile.saved')}
          </p>
        ) : null}
        <NameFields field={field} errors={errors} />
        {shownEmail(profile.email) && (
          <TextField label={t('common.email')} type="email" value={profile.email} disabled hint={t('profile.emailHint')} />
        )}
        <TextField
          label={t('common.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={msg(errors.msisdn?.message)}
          {...field('msisdn')}
          placeholder="+254 712 345 678"
        />
        <RoleCheckboxes legend={t('profile.roles')} register={field('roles')} error={errors.roles?.message} />
        {profile.roles.includes('Admin') ? <p className="text-sm text-stone-600">{t('profile.admin')}</p> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={!isValid} loading={update.isPending} loadingText={t('common.saving')}>
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
