import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { serviceRequestBodySchema, type ServiceRequestBody } from '@shambasoko/shared/contracts';
import { Button, FormError, TextAreaField, TextField, buttonClassName } from '@shambasoko/shared/ui';
import { signInPath, useShopper } from '../../../lib/session';
import { useRequestService } from '../api/request-service';

/** Today in Kenya as YYYY-MM-DD: a service can be booked for today or later. */
const todayInKenya = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(now);

// On the field, not the object: an object's refinement is skipped while another field is invalid.
const formSchema = (today: string) =>
  serviceRequestBodySchema.extend({
    date: serviceRequestBodySchema.shape.date.refine((d) => d >= today, 'must be today or later'),
  });

const dayFormat = new Intl.DateTimeFormat('en-KE', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatDay = (ymd: string) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : dayFormat.format(d);
};

const withLabel = (label: string, message: string | undefined) => (message ? `${label} ${message}` : undefined);

/** A service (combine hire, spraying…) is requested for a date and a place, not put in the cart. */
export function ServiceRequestForm({ productId, productName }: { productId: string; productName: string }) {
  const { signedIn } = useShopper();
  const { pathname, search } = useLocation();
  const today = useMemo(() => todayInKenya(), []);
  const mutation = useRequestService(productId);
  const form = useForm<ServiceRequestBody>({
    resolver: zodResolver(formSchema(today)),
    defaultValues: { date: today, place: '', note: '' },
  });
  const { errors } = form.formState;

  if (mutation.data) {
    return (
      <div role="status" className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
        <p className="font-semibold">Request sent</p>
        <p className="mt-1">
          {mutation.data.sellerName} has your request for {productName} on {formatDay(mutation.data.date)} at {mutation.data.place}. They
          will contact you to confirm.
        </p>
      </div>
    );
  }
  if (!signedIn) {
    return (
      <div className="rounded-xl border border-stone-200 p-4 text-sm">
        <p className="text-stone-700">Sign in to request this service for a date and a place.</p>
        <Link to={signInPath(pathname + search)} state={{ from: pathname + search }} className={buttonClassName({ className: 'mt-3' })}>
          Sign In
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
        Request this service
      </h2>
      <FormError message={mutation.error?.message ?? null} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Date"
          type="date"
          min={today}
          required
          {...form.register('date')}
          error={withLabel('Date', errors.date?.message)}
        />
        <TextField
          label="Place"
          placeholder="Farm, village or landmark"
          required
          {...form.register('place')}
          error={withLabel('Place', errors.place?.message)}
        />
      </div>
      <TextAreaField
        label="Note"
        hint="Optional: acreage, crop, access"
        rows={3}
        {...form.register('note')}
        error={withLabel('Note', errors.note?.message)}
      />
      <Button type="submit" loading={mutation.isPending} loadingText="Sending...">
        Request this service
      </Button>
    </form>
  );
}
