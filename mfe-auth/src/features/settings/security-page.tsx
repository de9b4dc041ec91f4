import { PageHeader } from '@shambasoko/shared/ui';
import { ChangePassword } from './components/change-password';
import { SignedInDevices } from './components/signed-in-devices';

/** /security: change password and the list of signed-in devices. */
export default function SecurityPage() {
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <PageHeader title="Security" subtitle="Your password and the devices signed in to your account." />
      <ChangePassword />
      <SignedInDevices />
    </main>
  );
}
