import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, ConfirmDialog, FormError } from '@shambasoko/shared/ui';
import type { RegistryRemote } from '@shambasoko/shared/contracts';
import { formatSize, formatWhen, shortVersion } from './format';
import { useRegistryChange, type RegistryChange } from './registry-api';
import { RolloutForm } from './rollout-form';
import { known, t as translate, useT } from '../../lib/i18n';

type Audience = RegistryRemote['roles'][number];
const AUDIENCES: Audience[] = ['Admin', 'Farmer', 'Buyer', 'Supplier', 'Retailer', '*'];
const audienceLabel = (value: Audience) => (value === '*' ? translate('admin.everyone') : known('role', value));

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : translate('admin.tryAgain'));

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
  const t = useT();
  const name = remote.name;
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
    fire({ kind: 'settings', name: remote.name, settings: { roles } }, t('admin.saved.roles', { name }));
  };

  return (
    <Card
      title={remote.name}
      actions={
        <>
          <Badge tone={remote.enabled ? 'success' : 'danger'}>{remote.enabled ? t('admin.badge.on') : t('admin.badge.off')}</Badge>
          {remote.enabled ? (
            <Button size="sm" variant="danger" disabled={saving} onClick={() => setConfirmOff(true)}>
              {t('admin.switchOffName', { name })}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={saving}
              onClick={() => fire({ kind: 'settings', name: remote.name, settings: { enabled: true } }, t('admin.saved.on', { name }))}
            >
              {t('admin.switchOnName', { name })}
            </Button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact term={t('admin.fact.live')}>
            <code>{shortVersion(remote.live)}</code>
          </Fact>
          <Fact term={t('admin.fact.built')}>{formatWhen(live?.builtAt)}</Fact>
          <Fact term={t('admin.fact.size')}>{live ? formatSize(live.sizeBytes) : '—'}</Fact>
          <Fact term={t('admin.fact.lastChange')}>
            {remote.updatedBy?.name ?? t('admin.system')}, {formatWhen(remote.updatedAt)}
          </Fact>
        </dl>

        <fieldset disabled={saving}>
          <legend className="text-sm font-medium text-stone-800">{t('admin.whoSees', { name })}</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            {AUDIENCES.map((value) => (
              <label key={value} className="flex min-h-10 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-600"
                  checked={remote.roles.includes(value)}
                  onChange={(e) => toggleRole(value, e.target.checked)}
                />
                {audienceLabel(value)}
              </label>
            ))}
          </div>
        </fieldset>

        <section aria-label={t('admin.versionsOf', { name })}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-stone-800">{t('admin.versions')}</h3>
            <Button
              size="sm"
              variant="secondary"
              disabled={saving || !remote.previous}
              onClick={() =>
                remote.previous &&
                fire({ kind: 'rollback', name: remote.name }, t('admin.saved.rolledBack', { name, version: shortVersion(remote.previous) }))
              }
            >
              {remote.previous ? t('admin.rollBackTo', { version: shortVersion(remote.previous) }) : t('admin.rollBack')}
            </Button>
          </div>
          <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {remote.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <code className="font-medium">{shortVersion(v.version)}</code>{' '}
                  <span className="text-stone-600">
                    {t('admin.builtAt', { when: formatWhen(v.builtAt), size: formatSize(v.sizeBytes) })}
                  </span>
                </span>
                {v.version === remote.live ? (
                  <Badge tone="success">{t('admin.live')}</Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={saving}
                    aria-label={t('admin.promoteVersion', { version: shortVersion(v.version) })}
                    onClick={() =>
                      fire(
                        { kind: 'promote', name: remote.name, version: v.version },
                        t('admin.saved.promoted', { name, version: shortVersion(v.version) }),
                      )
                    }
                  >
                    {t('admin.promote')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section aria-label={t('admin.rolloutOf', { name })}>
          <h3 className="mb-2 text-sm font-medium text-stone-800">{t('admin.stagedRollout')}</h3>
          <RolloutForm
            remote={remote}
            saving={saving}
            onStart={(rollout) =>
              fire(
                { kind: 'rollout', name: remote.name, rollout },
                t('admin.saved.rolloutStarted', { version: shortVersion(rollout.version) }),
              )
            }
            onStop={() => fire({ kind: 'stop-rollout', name: remote.name }, t('admin.saved.rolloutStopped', { name }))}
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
        title={t('admin.switchOffQuestion', { name })}
        message={t('admin.switchOffText', { name })}
        confirmLabel={t('admin.switchOff')}
        busyLabel={t('admin.switchingOff')}
        danger
        onConfirm={() => run({ kind: 'settings', name: remote.name, settings: { enabled: false } }, t('admin.saved.off', { name }))}
      />
    </Card>
  );
}
