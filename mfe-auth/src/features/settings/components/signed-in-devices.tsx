import { useState } from 'react';
import type { SignedInDevice } from '@shambasoko/shared/contracts';
import { Button, Card, ConfirmDialog, ErrorState } from '@shambasoko/shared/ui';
import { Spinner } from '@shambasoko/shared';
import { useSessions, useSignOutDevice } from '../api/sessions';

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });
const PROVIDERS: Record<string, string> = { password: 'E-mail and password', google: 'Google', phone: 'Phone' };

/** Where the account is signed in; any other device can be signed out from here. */
export function SignedInDevices() {
  const sessions = useSessions();
  const signOut = useSignOutDevice();
  const [ending, setEnding] = useState<SignedInDevice | null>(null);
  return (
    <Card title="Signed-in devices">
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <ErrorState title="We could not load your devices" message={sessions.error.message} onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="divide-y divide-stone-100" aria-label="Signed-in devices">
          {sessions.data.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {s.device}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">This device</span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">
                  {PROVIDERS[s.provider] ?? s.provider} · Last used {when.format(new Date(s.lastUsedAt))}
                </p>
              </div>
              {s.current ? null : (
                <Button variant="secondary" onClick={() => setEnding(s)} aria-label={`Sign out this device: ${s.device}`}>
                  Sign out this device
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title="Sign out this device"
        message={`Sign out ${ending?.device ?? 'this device'}? It will have to sign in again.`}
        confirmLabel="Sign Out"
        busyLabel="Signing Out..."
        danger
        onConfirm={async () => {
          if (ending) await signOut.mutateAsync(ending.id);
        }}
      />
    </Card>
  );
}
