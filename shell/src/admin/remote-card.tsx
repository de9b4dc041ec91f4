import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, ConfirmDialog, FormError } from '@shambasoko/shared/ui';
import type { RegistryRemote } from '@shambasoko/shared/contracts';
import { formatSize, formatWhen, shortVersion } from './format';
import { useRegistryChange, type RegistryChange } from './registry-api';
import { RolloutForm } from './rollout-form';

type Audience = RegistryRemote['roles'][number];
const AUDIENCES: { value: Audience; label: string }[] = (['Admin', 'Farmer', 'Buyer', 'Supplier', 'Retailer', '*'] as const).map(
  (value) => ({ value, label: value === '*' ? 'Everyone (*)' : value }),
);

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{term}</dt>
      <dd className="break-words text-sm text-stone-900">{children}</dd>
    </div>
  );
}

/** One remote: its live build, who sees it, its versions and its rollout. */
export function RemoteCard({ remote }: { remote: RegistryRemote }) {
  const change = useRegistryChange();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const saving = change.isPending;
  const live = remote.versions.find((v) => v.version === remote.live);

  const run = (what: RegistryChange, done: string) => {
    setNotice(null);
    return change.mutateAsync(what).then(() => setNotice(done));
  };
  // Buttons report failures through change.error below; only the dialog shows its own.
  const fire = (what: RegistryChange, done: string) => void run(what, done).catch(() => undefined);

  const toggleRole = (role: Audience, on: boolean) => {
    const roles = on ? [...remote.roles, role] : remote.roles.filter((r) => r !== role);
    fire({ kind: 'settings', name: remote.name, settings: { roles } }, `Roles of ${remote.name} saved.`);
  };

  return (
    <Card
      title={remote.name}
      actions={
        <>
          <Badge tone={remote.enabled ? 'success' : 'danger'}>{remote.enabled ? 'On' : 'Switched off'}</Badge>
          {remote.enabled ? (
            <Button size="sm" variant="danger" disabled={saving} onClick={() => setConfirmOff(true)}>
              Switch off {remote.name}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={saving}
              onClick={() => fire({ kind: 'settings', name: remote.name, settings: { enabled: true } }, `${remote.name} is on.`)}
            >
              Switch on {remote.name}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact term="Live version">
            <code>{shortVersion(remote.live)}</code>
          </Fact>
          <Fact term="Built">{formatWhen(live?.builtAt)}</Fact>
          <Fact term="Size">{live ? formatSize(live.sizeBytes) : '—'}</Fact>
          <Fact term="Last change">
            {remote.updatedBy?.name ?? 'System'}, {formatWhen(remote.updatedAt)}
          </Fact>
        </dl>

        <fieldset disabled={saving}>
          <legend className="text-sm font-medium text-stone-800">Who sees {remote.name}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {AUDIENCES.map(({ value, label }) => (
              <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={remote.roles.includes(value)}
                  onChange={(e) => toggleRole(value, e.target.checked)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        <section aria-label={`Versions of ${remote.name}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-stone-800">Versions</h3>
            <Button
              size="sm"
              variant="secondary"
              disabled={saving || !remote.previous}
              onClick={() =>
                remote.previous &&
                fire({ kind: 'rollback', name: remote.name }, `${remote.name} rolled back to ${shortVersion(remote.previous)}.`)
              }
            >
              {remote.previous ? `Roll back to ${shortVersion(remote.previous)}` : 'Roll back'}
            </Button>
          </div>
          <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {remote.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <code className="font-medium">{shortVersion(v.version)}</code>{' '}
                  <span className="text-stone-600">
                    built {formatWhen(v.builtAt)} · {formatSize(v.sizeBytes)}
                  </span>
                </span>
                {v.version === remote.live ? (
                  <Badge tone="success">Live</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={saving}
                    aria-label={`Promote ${shortVersion(v.version)}`}
                    onClick={() =>
                      fire(
                        { kind: 'promote', name: remote.name, version: v.version },
                        `${shortVersion(v.version)} is now live for ${remote.name}.`,
                      )
                    }
                  >
                    Promote
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section aria-label={`Rollout of ${remote.name}`}>
          <h3 className="mb-2 text-sm font-medium text-stone-800">Staged rollout</h3>
          <RolloutForm
            remote={remote}
            saving={saving}
            onStart={(rollout) =>
              fire({ kind: 'rollout', name: remote.name, rollout }, `Rollout of ${shortVersion(rollout.version)} started.`)
            }
            onStop={() => fire({ kind: 'stop-rollout', name: remote.name }, `Rollout of ${remote.name} stopped.`)}
          />
        </section>

        {notice && !confirmOff && (
          <p role="status" className="text-sm text-brand-800">
            {notice}
          </p>
        )}
        {change.isError && !confirmOff && <FormError message={errorMessage(change.error)} />}
      </div>

      <ConfirmDialog
        open={confirmOff}
        onClose={() => setConfirmOff(false)}
        title={`Switch off ${remote.name}?`}
        message={`No one will be able to open ${remote.name} until it is switched on again.`}
        confirmLabel="Switch off"
        busyLabel="Switching off…"
        danger
        onConfirm={() => run({ kind: 'settings', name: remote.name, settings: { enabled: false } }, `${remote.name} is switched off.`)}
      />
    </Card>
  );
}
