import { PageHeader } from '@shambasoko/shared/ui';
import { ChangePassword } from './components/change-password';
import { SignedInDevices } from './components/signed-in-devices';
import { useT } from '../../i18n';

/** /security: change password and the list of signed-in devices. */
export default function SecurityPage() {
  const t = useT();
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4 sm:p-6">
      <PageHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      <ChangePassword />
      <SignedInDevices />
    </main>
  );
}
