import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, ConfirmDialog, FormError } from '@shambasoko/shared/ui';
import { useLocale } from '@shambasoko/shared';
import type { RegistryRemote } from '@shambasoko/contracts';
import { titleIn, type Audience } from './audience';
import { formatSize, formatWhen, shortVersion } from './format';
import type { Draft } from './publish-summary';
import { useRegistryChange, type RegistryChange } from './registry-api';
import { RolloutForm } from './rollout-form';
import { known } from '../../lib/i18n';
import { t as translate, useT } from './i18n';

const AUDIENCES: Audience[] = ['Admin', 'Farmer', 'Buyer', 'Supplier', 'Retailer', '*'];
const audienceLabel = (value: Audience) => (value === '*' ? translate('admin.everyone') : known('role', value));
/** The placeholder a fresh registry starts from: no build, so never offered to go live again. */
const SEED = 'seed';

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : translate('admin.tryAgain'));

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{term}</dt>
      <dd className="break-words text-sm text-stone-900">{children}</dd>
    </div>
  );
}

type Props = {
  remote: RegistryRemote;
  /** What is drafted for it, not yet published. */
  draft: Draft;
  onDraft(patch: Draft): void;
  publishing: boolean;
};

/** One remote: its live build, who sees it (drafted until published), its versions and its rollout. */
export function RemoteCard({ remote, draft, onDraft, publishing }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const name = titleIn(remote, locale);
  const change = useRegistryChange();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const saving = change.isPending || publishing;
  const live = remote.versions.find((v) => v.version === remote.live);
  const enabled = draft.enabled ?? remote.enabled;
  const roles = draft.roles ?? remote.roles;
  const drafted = draft.enabled !== undefined || draft.roles !== undefined;
  const previous = remote.previous === SEED ? null : remote.previous;

  const run = (what: RegistryChange, done: string) => {
    setNotice(null);
    return change.mutateAsync(what).then(() => setNotice(done));
  };
  // Buttons report failures through change.error below; only the dialog shows its own.
  const fire = (what: RegistryChange, done: string) => void run(what, done).catch(() => undefined);

  const toggleRole = (role: Audience, on: boolean) => onDraft({ roles: on ? [...roles, role] : roles.filter((r) => r !== role) });

  return (
    <Card
      title={name}
      actions={
        <>
          {drafted && <Badge tone="warning">{t('admin.badge.draft')}</Badge>}
          <Badge tone={enabled ? 'success' : 'danger'}>{enabled ? t('admin.badge.on') : t('admin.badge.off')}</Badge>
          <Button size="sm" variant={enabled ? 'danger' : 'secondary'} disabled={saving} onClick={() => onDraft({ enabled: !enabled })}>
            {enabled ? t('admin.switchOffName', { name }) : t('admin.switchOnName', { name })}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {remote.description && <p className="text-sm text-stone-600">{remote.description[locale === 'sw' ? 'sw' : 'en']}</p>}
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
                  checked={roles.includes(value)}
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
              disabled={saving || !previous}
              onClick={() =>
                previous &&
                fire({ kind: 'rollback', name: remote.name }, t('admin.saved.rolledBack', { name, version: shortVersion(previous) }))
              }
            >
              {previous ? t('admin.rollBackTo', { version: shortVersion(previous) }) : t('admin.rollBack')}
            </Button>
          </div>
          <ul className="mt-2 divide-y divide-stone-200 rounded-lg border border-stone-200">
            {remote.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0">
                  <code className="font-medium">{shortVersion(v.version)}</code>{' '}
                  <span className="text-stone-600">
                    {v.version === SEED
                      ? t('admin.seedVersion')
                      : t('admin.builtAt', { when: formatWhen(v.builtAt), size: formatSize(v.sizeBytes) })}
                  </span>
                </span>
                {v.version === remote.live ? (
                  <Badge tone="success">{t('admin.live')}</Badge>
                ) : v.version === SEED ? null : (
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
            name={name}
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

        {!remote.everLive && (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 p-3 text-sm">
            <p className="text-stone-700">{t('admin.neverLive', { name })}</p>
            <Button size="sm" variant="danger" disabled={saving} onClick={() => setConfirmDelete(true)}>
              {t('admin.deleteName', { name })}
            </Button>
          </div>
        )}

        {notice && !confirmDelete && (
          <p role="status" className="text-sm text-brand-800">
            {notice}
          </p>
        )}
        {change.isError && !confirmDelete && <FormError message={errorMessage(change.error)} />}
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('admin.deleteQuestion', { name })}
        message={t('admin.deleteText', { name })}
        confirmLabel={t('admin.delete')}
        busyLabel={t('admin.deleting')}
        danger
        onConfirm={() => change.mutateAsync({ kind: 'delete', name: remote.name })}
      />
    </Card>
  );
}
