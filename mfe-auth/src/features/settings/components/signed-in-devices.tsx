import { useState } from 'react';
import type { SignedInDevice } from '@shambasoko/contracts';
import { Button, Card, ConfirmDialog, ErrorState } from '@shambasoko/shared/ui';
import { formatDate, Spinner, useMessageText } from '@shambasoko/shared';
import { useSessions, useSignOutDevice } from '../api/sessions';
import { useErrorText } from '../../../components/error-text';
import { useT } from '../../../i18n';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const PROVIDERS = { password: 'devices.provider.password', google: 'devices.provider.google', phone: 'devices.provider.phone' } as const;
const isProvider = (provider: string): provider is keyof typeof PROVIDERS => Object.hasOwn(PROVIDERS, provider);

/** Where the account is signed in; any other device can be signed out from here. */
export function SignedInDevices() {
  const t = useT();
  const msg = useErrorText();
  // The API names a device it cannot tell in English ("Unknown device"), a catalogued text.
  const words = useMessageText();
  const sessions = useSessions();
  const signOut = useSignOutDevice();
  const [ending, setEnding] = useState<SignedInDevice | null>(null);
  return (
    <Card title={t('devices.title')}>
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <ErrorState title={t('devices.loadFailed')} message={msg(sessions.error.message)} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="divide-y divide-stone-100" aria-label={t('devices.title')}>
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {words(s.device)}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      {t('devices.thisDevice')}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">
                  {t('devices.lastUsed', {
                    provider: isProvider(s.provider) ? t(PROVIDERS[s.provider]) : s.provider,
                    when: formatDate(s.lastUsedAt, WHEN),
                  })}
                </p>
              </div>
              {s.current ? null : (
                <Button variant="secondary" onClick={() => setEnding(s)} aria-label={t('devices.signOutLabel', { device: s.device })}>
                  {t('devices.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('devices.signOut')}
        message={ending ? t('devices.confirm', { device: ending.device }) : t('devices.confirmThisDevice')}
        confirmLabel={t('devices.confirmButton')}
        busyLabel={t('devices.signingOut')}
        danger
        onConfirm={async () => {
          if (ending) await signOut.mutateAsync(ending.id);
        }}
      />
    </Card>
  );
}
