import { useState, type FormEvent } from 'react';
import { Button, SelectField, TextField } from '@shambasoko/shared/ui';
import type { AppRole } from '@shambasoko/contracts';
import { APP_ROLES, Rich } from '@shambasoko/shared';
import type { RegistryRemote, RolloutRequest } from '@shambasoko/contracts';
import { shortVersion } from './format';
import { known } from '../../lib/i18n';
import { useT } from './i18n';

type Props = { remote: RegistryRemote; name: string; saving: boolean; onStart(rollout: RolloutRequest): void; onStop(): void };

/** A staged rollout: one version for a percentage of one role's users; the rest keep the live one. */
export function RolloutForm({ remote, name, saving, onStart, onStop }: Props) {
  const t = useT();
  // The seed placeholder is no build to stage.
  const candidates = remote.versions.filter((v) => v.version !== remote.live && v.version !== 'seed');
  const [version, setVersion] = useState(candidates[0]?.version ?? '');
  const [role, setRole] = useState<AppRole>('Farmer');
  const [percent, setPercent] = useState('10');
  const [error, setError] = useState<string | null>(null);

  if (remote.rollout) {
    const { rollout } = remote;
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">
        <p>
          <Rich
            text={t('admin.rollout.running', {
              version: shortVersion(rollout.version),
              percent: rollout.percent,
              role: known('role', rollout.role),
            })}
            components={{ code: <code /> }}
          />
        </p>
        <Button size="sm" variant="secondary" disabled={saving} onClick={onStop} aria-label={t('admin.rollout.stopOf', { name })}>
          {t('admin.rollout.stop')}
        </Button>
      </div>
    );
  }
  if (candidates.length === 0) return <p className="text-sm text-stone-600">{t('admin.rollout.noOther')}</p>;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(percent);
    if (!Number.isInteger(value) || value < 1 || value > 99) {
      setError(t('admin.rollout.badPercent'));
      return;
    }
    setError(null);
    onStart({ version: version || (candidates[0]?.version ?? ''), role, percent: value });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('admin.rollout.formOf', { name })}
      className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
    >
      <SelectField
        label={t('admin.rollout.version')}
        value={version}
        onChange={(e) => setVersion(e.target.value)}
        options={candidates.map((v) => ({ value: v.version, label: shortVersion(v.version) }))}
      />
      <SelectField
        label={t('admin.rollout.role')}
        value={role}
        onChange={(e) => setRole(e.target.value as AppRole)}
        options={APP_ROLES.map((r) => ({ value: r, label: known('role', r) }))}
      />
      <TextField
        label={t('admin.rollout.percent')}
        type="number"
        inputMode="numeric"
        min={1}
        max={99}
        value={percent}
        error={error}
        onChange={(e) => setPercent(e.target.value)}
      />
      <Button type="submit" size="sm" disabled={saving}>
        {t('admin.rollout.start')}
      </Button>
    </form>
  );
}
