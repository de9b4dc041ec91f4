import { todayInNairobi } from '@shambasoko/contracts/time';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceRequestBodySchema, type ServiceRequestBody } from '@shambasoko/contracts';
import { formatDate, useMessageText } from '@shambasoko/shared';
import { Button, FormError, TextAreaField, TextField, buttonClassName } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n';
import { useT as useServiceT, t as translateService } from '../../../lib/i18n-service';
import { signInPath, useShopper } from '../../../lib/session';
import { useRequestService } from '../api/request-service';

// On the field, not the object: an object's refinement is skipped while another field is invalid.
const formSchema = (today: string) =>
  serviceRequestBodySchema.extend({
    date: serviceRequestBodySchema.shape.date.refine((d) => d >= today, { error: () => translateService('service.dateFromToday') }),
  });

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const formatDay = (ymd: string) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : formatDate(d, DAY);
};

/** A service (combine hire, spraying…) is requested for a date and a place, not put in the cart. */
export function ServiceRequestForm({ productId, productName }: { productId: string; productName: string }) {
  const t = useT();
  const serviceT = useServiceT();
  const messageText = useMessageText();
  // "Place is required": the field's name, then the contract's (English-keyed) words in the page's language.
  const withLabel = (label: string, message: string | undefined) => (message ? `${label} ${messageText(message)}` : undefined);
  const { signedIn } = useShopper();
  const { pathname, search } = useLocation();
  const today = useMemo(() => todayInNairobi(), []);
  const mutation = useRequestService(productId);
  const form = useForm<ServiceRequestBody>({
    resolver: zodResolver(formSchema(today)),
    defaultValues: { date: today, place: '', note: '' },
  });
  const { errors } = form.formState;

  if (mutation.data) {
    return (
      <div role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <p className="font-semibold">{serviceT('service.sent')}</p>
        <p className="mt-1">
          {serviceT('service.sentText', {
            seller: mutation.data.sellerName,
            product: productName,
            date: formatDay(mutation.data.date),
            place: mutation.data.place,
          })}
        </p>
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className="rounded-xl border border-stone-200 p-4 text-sm">
        <p className="text-stone-700">{serviceT('service.signInText')}</p>
        <Link to={signInPath(pathname + search)} state={{ from: pathname + search }} className={buttonClassName({ className: 'mt-3' })}>
          {t('common.signIn')}
        </Link>
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-labelledby="service-request-heading"
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4"
      onSubmit={form.handleSubmit((body) => mutation.mutate(body))}
    >
      <h2 id="service-request-heading" className="text-base font-semibold text-stone-900">
        {serviceT('service.title')}
      </h2>
      <FormError message={mutation.error ? messageText(mutation.error.message) : null} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={serviceT('service.date')}
          type="date"
          min={today}
          required
          {...form.register('date')}
          error={withLabel(serviceT('service.date'), errors.date?.message)}
        />
        <TextField
          label={serviceT('service.place')}
          placeholder={serviceT('service.placePlaceholder')}
          required
          {...form.register('place')}
          error={withLabel(serviceT('service.place'), errors.place?.message)}
        />
      </div>
      <TextAreaField
        label={serviceT('service.note')}
        hint={serviceT('service.noteHint')}
        rows={3}
        {...form.register('note')}
        error={withLabel(serviceT('service.note'), errors.note?.message)}
      />
      <Button type="submit" loading={mutation.isPending} loadingText={serviceT('service.sending')}>
        {serviceT('service.title')}
      </Button>
    </form>
  );
}
