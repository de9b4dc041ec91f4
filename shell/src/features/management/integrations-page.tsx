import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { translateMessageText, useMessageText } from '@shambasoko/shared';
import {
  API_KEY_SCOPES,
  type ApiKey,
  createApiKeySchema,
  createWebhookSchema,
  ORG_KINDS,
  type Org,
  type OrgKind,
  WEBHOOK_EVENTS,
  type Webhook,
} from '@shambasoko/contracts';
import { Badge, Button, ConfirmDialog, ErrorState, FormError, PageHeader, SelectField, TextField } from '@shambasoko/shared/ui';
import { useCreateApiKey } from './api/create-api-key';
import { useCreateWebhook } from './api/create-webhook';
import { useIntegrations } from './api/get-integrations';
import { useWebhookDeliveries } from './api/get-webhook-deliveries';
import { useRevokeApiKey } from './api/revoke-api-key';
import { useSendTestEvent } from './api/send-test-event';
import { AdminOnly } from './components/admin-only';
import { useT } from './i18n';

const when = (iso: string) => new Date(iso).toLocaleString('en-KE', { timeZone: NAIROBI_TIME_ZONE });

function Section({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="mb-1 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{subtitle}</p>
      {children}
    </section>
  );
}

/** Shown once, right after creation: the page never has it again. */
function ShownOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const t = useT();
  return (
    <div role="status" className="mb-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <p className="font-semibold text-stone-900">{label}</p>
      <p className="text-sm text-stone-700">{t('integrations.shownOnce')}</p>
      <code data-testid="shown-once-secret" className="mt-2 block break-all rounded-lg bg-white p-3 font-mono text-sm text-stone-900">
        {secret}
      </code>
      <div className="mt-3 flex justify-end">
        <Button onClick={onDone}>{t('integrations.copied')}</Button>
      </div>
    </div>
  );
}

function useFieldError() {
  return (label: string, message: string | undefined) => (message ? `${label} ${translateMessageText(message)}` : undefined);
}

type OrgPath = 'org.kind' | 'org.id' | 'org.name';

/** Who an organisation field names: a shop or farm by its id, a partner by name. */
function OrgFields({
  register,
  kind,
  errors,
}: {
  register: (name: OrgPath) => UseFormRegisterReturn;
  kind: OrgKind;
  errors: { id?: string | undefined; name?: string | undefined };
}) {
  const t = useT();
  const fieldError = useFieldError();
  return (
    <>
      <SelectField
        label={t('integrations.orgKind')}
        options={ORG_KINDS.map((k) => ({ value: k, label: t(`integrations.kind.${k}`) }))}
        {...register('org.kind')}
      />
      {kind === 'partner' ? (
        // Keys: a different input, so the hidden one unregisters and its value leaves the body.
        <TextField
          key="org-name"
          label={t('integrations.partnerName')}
          required
          error={fieldError(t('integrations.partnerName'), errors.name)}
          {...register('org.name')}
        />
      ) : (
        <TextField
          key="org-id"
          label={t(`integrations.orgId.${kind}`)}
          hint={t('integrations.orgIdHint')}
          required
          error={fieldError(t(`integrations.orgId.${kind}`), errors.id)}
          {...register('org.id')}
        />
      )}
    </>
  );
}

/** One register() spread on every box: react-hook-form then reads the checked values as a list. */
function Checkboxes({
  legend,
  values,
  field,
  error,
}: {
  legend: string;
  values: readonly string[];
  field: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      {values.map((value) => (
        <label key={value} className="flex min-h-11 items-center gap-2 text-stone-800">
          <input type="checkbox" value={value} className="h-5 w-5" {...field} />
          <span className="font-mono text-sm">{value}</span>
        </label>
      ))}
      {error ? <p className="text-sm text-red-700">{error}</p> : null}
    </fieldset>
  );
}

/** The org part's errors, whichever variant the form holds. */
const orgErrors = (errors: unknown) => {
  const org = (errors ?? {}) as { message?: string; id?: { message?: string }; name?: { message?: string } };
  // A problem with the organisation as a whole (no variant matched) shows under its id or name.
  return { id: org.id?.message ?? org.message, name: org.name?.message ?? org.message };
};

const orgLabel = (org: Org) => org.name;

function NewKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useT();
  const messageText = useMessageText();
  const fieldError = useFieldError();
  const create = useCreateApiKey();
  // Hidden fields drop out of the values: a shop's key sends no partner name, as the contract wants.
  const form = useForm({
    resolver: zodResolver(createApiKeySchema),
    shouldUnregister: true,
    defaultValues: { org: { kind: 'shop' }, name: '', scopes: [] },
  });
  const kind = (form.watch('org.kind') ?? 'shop') as OrgKind;
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      form.reset({ org: { kind: 'shop' }, name: '', scopes: [] });
      onCreated(created.secret);
    } catch (error) {
      form.setError('root', { message: (error as Error).message });
    }
  });
  return (
    <form
      aria-label={t('integrations.newKey')}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 className="font-semibold text-stone-900">{t('integrations.newKey')}</h3>
      <OrgFields register={(name) => form.register(name)} kind={kind} errors={orgErrors(errors.org)} />
      <TextField
        label={t('integrations.keyName')}
        hint={t('integrations.keyNameHint')}
        required
        error={fieldError(t('integrations.keyName'), errors.name?.message)}
        {...form.register('name')}
      />
      <Checkboxes
        legend={t('integrations.scopes')}
        values={API_KEY_SCOPES}
        field={form.register('scopes')}
        error={fieldError(t('integrations.scopes'), errors.scopes?.message)}
      />
      {errors.root?.message ? <FormError message={messageText(errors.root.message)} /> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('action.saving') : t('integrations.createKey')}
        </Button>
      </div>
    </form>
  );
}

function KeyItem({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const t = useT();
  return (
    <article aria-label={apiKey.name} className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-stone-900">{apiKey.name}</h3>
        {apiKey.revokedAt ? (
          <Badge tone="danger">{t('integrations.revoked')}</Badge>
        ) : (
          <Badge tone="success">{t('integrations.active')}</Badge>
        )}
      </div>
      <p className="text-sm text-stone-700">
        {t(`integrations.kind.${apiKey.org.kind}`)}: {orgLabel(apiKey.org)}
      </p>
      <p className="font-mono text-sm text-stone-700">{`${apiKey.prefix}…`}</p>
      <p className="font-mono text-xs text-stone-600">{apiKey.scopes.join(' · ')}</p>
      <p className="text-xs text-stone-600">
        {apiKey.lastUsedAt ? t('integrations.lastUsed', { at: when(apiKey.lastUsedAt) }) : t('integrations.neverUsed')}
      </p>
      {apiKey.revokedAt ? null : (
        <div className="mt-3 flex justify-end">
          <Button variant="secondary" onClick={onRevoke}>
            {t('integrations.revoke')}
          </Button>
        </div>
      )}
    </article>
  );
}

function NewWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const t = useT();
  const messageText = useMessageText();
  const fieldError = useFieldError();
  const create = useCreateWebhook();
  const form = useForm({
    resolver: zodResolver(createWebhookSchema),
    shouldUnregister: true,
    defaultValues: { org: { kind: 'shop' }, url: '', events: [] },
  });
  const kind = (form.watch('org.kind') ?? 'shop') as OrgKind;
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      form.reset({ org: { kind: 'shop' }, url: '', events: [] });
      onCreated(created.secret);
    } catch (error) {
      form.setError('root', { message: (error as Error).message });
    }
  });
  return (
    <form
      aria-label={t('integrations.newWebhook')}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 className="font-semibold text-stone-900">{t('integrations.newWebhook')}</h3>
      <OrgFields register={(name) => form.register(name)} kind={kind} errors={orgErrors(errors.org)} />
      <TextField
        label={t('integrations.url')}
        type="url"
        inputMode="url"
        placeholder={t('integrations.urlPlaceholder')}
        required
        error={fieldError(t('integrations.url'), errors.url?.message)}
        {...form.register('url')}
      />
      <Checkboxes
        legend={t('integrations.events')}
        values={WEBHOOK_EVENTS}
        field={form.register('events')}
        error={fieldError(t('integrations.events'), errors.events?.message)}
      />
      {errors.root?.message ? <FormError message={messageText(errors.root.message)} /> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('action.saving') : t('integrations.addWebhook')}
        </Button>
      </div>
    </form>
  );
}

const STATUS_TONE = { pending: 'warning', sending: 'info', delivered: 'success', failed: 'danger' } as const;

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const t = useT();
  const messageText = useMessageText();
  const log = useWebhookDeliveries(webhookId);
  if (log.isPending) return <div aria-busy="true" className="h-16 animate-pulse rounded-lg bg-stone-200" />;
  if (log.isError)
    return <ErrorState title={t('integrations.logError')} message={messageText(log.error.message)} onRetry={() => log.refetch()} />;
  if (log.data.items.length === 0) return <p className="text-sm text-stone-600">{t('integrations.logEmpty')}</p>;
  return (
    <ul aria-label={t('integrations.log')} className="flex flex-col divide-y divide-stone-100">
      {log.data.items.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="font-mono text-stone-800">{d.eventType}</span>
          <Badge tone={STATUS_TONE[d.status]}>{t(`integrations.status.${d.status}`)}</Badge>
          <span className="w-full text-xs text-stone-600">
            {t('integrations.attempts', { count: d.attempts, at: when(d.createdAt) })}
            {d.lastStatus !== null ? ` · HTTP ${d.lastStatus}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function WebhookItem({ webhook }: { webhook: Webhook }) {
  const t = useT();
  const messageText = useMessageText();
  const [open, setOpen] = useState(false);
  const test = useSendTestEvent();
  return (
    <article aria-label={webhook.url} className="rounded-xl border border-stone-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="break-all font-mono text-sm font-semibold text-stone-900">{webhook.url}</h3>
        {webhook.disabledAt ? <Badge tone="neutral">{t('integrations.off')}</Badge> : null}
      </div>
      <p className="text-sm text-stone-700">
        {t(`integrations.kind.${webhook.org.kind}`)}: {orgLabel(webhook.org)}
      </p>
      <p className="font-mono text-xs text-stone-600">{webhook.events.join(' · ')}</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {t('integrations.log')}
        </Button>
        <Button
          disabled={test.isPending}
          onClick={() => {
            setOpen(true);
            test.mutate(webhook.id);
          }}
        >
          {test.isPending ? t('action.saving') : t('integrations.sendTest')}
        </Button>
      </div>
      {test.isError ? <FormError message={messageText(test.error.message)} /> : null}
      {open ? (
        <div className="mt-3">
          <DeliveryLog webhookId={webhook.id} />
        </div>
      ) : null}
    </article>
  );
}

/** /admin/integrations (External › Integrations): partners' API keys and webhooks. */
function IntegrationsPageContent() {
  const t = useT();
  const messageText = useMessageText();
  const integrations = useIntegrations();
  const revoke = useRevokeApiKey();
  const [keySecret, setKeySecret] = useState<string | null>(null);
  const [hookSecret, setHookSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      <PageHeader title={t('integrations.title')} subtitle={t('integrations.subtitle')} />
      {integrations.isError ? (
        <ErrorState
          title={t('integrations.loadError')}
          message={messageText(integrations.error.message)}
          onRetry={() => integrations.refetch()}
        />
      ) : null}
      <Section id="keys-title" title={t('integrations.keys')} subtitle={t('integrations.keysText')}>
        {keySecret ? <ShownOnce label={t('integrations.keyCreated')} secret={keySecret} onDone={() => setKeySecret(null)} /> : null}
        <NewKeyForm onCreated={setKeySecret} />
        {integrations.isPending ? <div aria-busy="true" className="mt-3 h-24 animate-pulse rounded-xl bg-stone-200" /> : null}
        {integrations.data && integrations.data.keys.length === 0 ? (
          <p className="mt-3 text-stone-600">{t('integrations.noKeys')}</p>
        ) : null}
        <ul className="mt-3 flex flex-col gap-3">
          {integrations.data?.keys.map((k) => (
            <li key={k.id}>
              <KeyItem apiKey={k} onRevoke={() => setRevoking(k)} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="webhooks-title" title={t('integrations.webhooks')} subtitle={t('integrations.webhooksText')}>
        {hookSecret ? <ShownOnce label={t('integrations.webhookCreated')} secret={hookSecret} onDone={() => setHookSecret(null)} /> : null}
        <NewWebhookForm onCreated={setHookSecret} />
        {integrations.data && integrations.data.webhooks.length === 0 ? (
          <p className="mt-3 text-stone-600">{t('integrations.noWebhooks')}</p>
        ) : null}
        <ul className="mt-3 flex flex-col gap-3">
          {integrations.data?.webhooks.map((w) => (
            <li key={w.id}>
              <WebhookItem webhook={w} />
            </li>
          ))}
        </ul>
      </Section>
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('integrations.revokeTitle', { name: revoking?.name ?? '' })}
        message={t('integrations.revokeText')}
        confirmLabel={t('integrations.revoke')}
        cancelLabel={t('action.cancel')}
        danger
        onConfirm={() => revoke.mutateAsync(revoking!.id)}
      />
    </main>
  );
}

export default function IntegrationsPage() {
  return (
    <AdminOnly>
      <IntegrationsPageContent />
    </AdminOnly>
  );
}
