import { useState, type FormEvent } from 'react';
import { initials, isValidPhone } from '@shambasoko/shared';
import { Button, Card, ErrorState, FormError, PageHeader, TextField } from '@shambasoko/shared/ui';
import { PageSpinner, type Profile } from '@shambasoko/shared';
import { useProfile } from './api/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { DataRights } from './components/data-rights';

export default function ProfilePage() {
  const profile = useProfile();
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-6">
      <PageHeader title="Profile Settings" subtitle="Your name and phone number as other ShambaSoko users see them." />
      {profile.isPending ? (
        <PageSpinner />
      ) : profile.isError ? (
        <ErrorState title="We could not load your profile" message={profile.error.message} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <DataRights email={profile.data.email} />
        </>
      )}
    </main>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const [firstName, setFirstName] = useState(profile.firstName);
  const [lastName, setLastName] = useState(profile.lastName);
  const [phone, setPhone] = useState(profile.msisdn ?? '');
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();

  const phoneError = phone.trim() !== '' && !isValidPhone(phone) ? 'Enter a phone number with at least 10 digits, e.g. +254 712 345 678' : null;
  const valid = firstName.trim() !== '' && lastName.trim() !== '' && !phoneError;
  const touch = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setSaved(false);
    update.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), msisdn: phone.trim() || null },
      { onSuccess: () => setSaved(true) },
    );
  }

  return (
    <Card>
      <div className="mb-6 flex items-center gap-4">
        <span aria-hidden="true" className="grid size-14 place-items-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800">
          {initials(`${firstName} ${lastName}`, profile.email)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold text-stone-900">{`${firstName} ${lastName}`.trim() || profile.email}</p>
          <p className="truncate text-sm text-stone-600">{profile.email}</p>
        </div>
      </div>
      <form onSubmit={submit} className="space-y-4">
        <FormError message={update.error?.message} />
        {saved ? (
          <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-800">
            Your profile has been saved.
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required value={firstName} onChange={(e) => touch(setFirstName)(e.target.value)} />
          <TextField label="Last name" autoComplete="family-name" required value={lastName} onChange={(e) => touch(setLastName)(e.target.value)} />
        </div>
        <TextField label="Email" type="email" value={profile.email} disabled hint="Your sign-in e-mail cannot be changed here." />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          error={phoneError}
          onChange={(e) => touch(setPhone)(e.target.value)}
          placeholder="+254 712 345 678"
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={!valid} loading={update.isPending} loadingText="Saving...">
            Save Changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
