import { useEffect } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { useSmallForm } from './small-form';

// The checks as the pages have them: a zod schema through react-hook-form's zod resolver, whose nested
// errors ({ delivery: { message } }) and use of the resolver's options must work as with react-hook-form.
const schema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  price: z.number({ error: 'Price must be a number' }).min(1, 'Price must be at least 1'),
  amount: z.number({ error: 'Amount must be a number' }).optional(),
  code: z.string(),
  county: z.string().min(1, 'County is required'),
  delivery: z.object({ pickup: z.boolean(), delivery: z.boolean() }).refine((d) => d.pickup || d.delivery, 'Offer pick-up or delivery'),
  roles: z.array(z.string()).min(1, 'Choose a role'),
  counties: z.array(z.string()),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const blank: Input = {
  title: '',
  price: Number.NaN,
  code: '',
  county: '',
  delivery: { pickup: true, delivery: false },
  roles: [],
  counties: [],
};
const beans: Input = {
  title: 'Beans',
  price: 90,
  code: 'B1',
  county: 'Nakuru',
  delivery: { pickup: false, delivery: true },
  roles: ['Buyer'],
  counties: ['Kiambu'],
};

/** The values each check was given, to see what the controls gave the form. */
let checked: Input[] = [];
const checks = zodResolver(schema);
const resolver: Resolver<Input, unknown, Output> = (values, context, options) => {
  checked.push(values);
  return checks(values, context, options);
};

let effects = 0;

function ListingForm({
  onValid = () => undefined,
  onFailed = () => undefined,
  resetAfterSave = false,
}: {
  onValid?: (values: Output) => void | Promise<void>;
  onFailed?: (error: unknown) => void;
  resetAfterSave?: boolean;
}) {
  const form = useSmallForm<Input, Output>({ resolver, defaultValues: blank });
  const { errors } = form.formState;
  // Pages reset the form in effects that depend on it: the form must be the same object on every render.
  useEffect(() => {
    effects += 1;
  }, [form]);
  const submit = form.handleSubmit(async (values) => {
    await onValid(values);
    if (resetAfterSave) form.reset(blank);
  });
  return (
    <form noValidate aria-label="Listing" onSubmit={(e) => void submit(e).catch(onFailed)}>
      <label>
        Title <input {...form.register('title')} />
      </label>
      {errors.title ? <p>{errors.title.message}</p> : null}
      <label>
        Price <input type="number" {...form.register('price', { valueAsNumber: true })} />
      </label>
      {errors.price ? <p>{errors.price.message}</p> : null}
      <p>Price now: {String(form.watch('price'))}</p>
      <label>
        Amount <input type="number" {...form.register('amount', { setValueAs: (v) => (v === '' ? undefined : Number(v)) })} />
      </label>
      {errors.amount ? <p>{errors.amount.message}</p> : null}
      <label>
        Code <input {...form.register('code', { setValueAs: (v) => v.trim().toUpperCase() })} />
      </label>
      <label>
        County
        <select {...form.register('county')}>
          <option value="">Choose</option>
          <option value="Kiambu">Kiambu</option>
          <option value="Nakuru">Nakuru</option>
        </select>
      </label>
      {errors.county ? <p>{errors.county.message}</p> : null}
      <label>
        <input type="checkbox" {...form.register('delivery.pickup')} /> Pick-up
      </label>
      <label>
        <input type="checkbox" {...form.register('delivery.delivery')} /> Delivery
      </label>
      {errors.delivery ? <p>{errors.delivery.message}</p> : null}
      {['Farmer', 'Buyer', 'Supplier'].map((role) => (
        <label key={role}>
          <input type="checkbox" value={role} {...form.register('roles')} /> {role}
        </label>
      ))}
      {errors.roles ? <p>{errors.roles.message}</p> : null}
      <label>
        Counties
        <select multiple {...form.register('counties')}>
          <option value="Kiambu">Kiambu</option>
          <option value="Nakuru">Nakuru</option>
          <option value="Nyeri">Nyeri</option>
        </select>
      </label>
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.reset(beans)}>
        Start again
      </button>
      <button type="button" onClick={() => form.setValue('price', 90)}>
        Sell by the bag
      </button>
      <button type="button" onClick={() => form.setValue('price', form.getValues('price') * 2)}>
        Double the price
      </button>
    </form>
  );
}

/*
 * A payment step as the checkout has it: the method is a group of radio buttons under one name, the
 * phone shows for M-Pesa only, the page may answer a refused submit itself (onInvalid, and
 * shouldFocusError: false to keep the form's focus off), and a draft is saved on each change through
 * watch(onChange) and getValues().
 */
const paymentSchema = z
  .object({ method: z.enum(['mpesa', 'card', 'bank']), phone: z.string().optional() })
  .refine((payment) => payment.method !== 'mpesa' || Boolean(payment.phone), { path: ['phone'], message: 'Phone is required' });
type PaymentInput = z.input<typeof paymentSchema>;
type PaymentOutput = z.output<typeof paymentSchema>;
const paymentResolver: Resolver<PaymentInput, unknown, PaymentOutput> = zodResolver(paymentSchema);
const METHODS = [
  { id: 'mpesa', label: 'M-Pesa' },
  { id: 'card', label: 'Card' },
  { id: 'bank', label: 'Bank transfer' },
] as const;

function PaymentStep({
  onValid = () => undefined,
  onInvalid,
  shouldFocusError,
  onDraft,
}: {
  onValid?: (values: PaymentOutput) => void;
  onInvalid?: (errors: FieldErrors<PaymentInput>) => void;
  shouldFocusError?: boolean;
  /** While given, called with all the values after each change. */
  onDraft?: (values: PaymentInput) => void;
}) {
  const form = useSmallForm<PaymentInput, PaymentOutput>({
    resolver: paymentResolver,
    defaultValues: { method: 'mpesa', phone: '' },
    shouldFocusError,
  });
  const method = form.watch('method');
  useEffect(() => {
    if (!onDraft) return;
    const watcher = form.watch(() => onDraft(form.getValues()));
    return () => watcher.unsubscribe();
  }, [form, onDraft]);
  const submit = form.handleSubmit(onValid, onInvalid);
  return (
    <form noValidate aria-label="Payment" onSubmit={(e) => void submit(e)}>
      <fieldset>
        <legend>Pay with</legend>
        {METHODS.map((m) => (
          <label key={m.id}>
            <input type="radio" value={m.id} {...form.register('method')} /> {m.label}
          </label>
        ))}
      </fieldset>
      <p>Paying by {String(method)}</p>
      {method === 'mpesa' && (
        <label>
          Phone <input {...form.register('phone')} />
        </label>
      )}
      {form.formState.errors.phone ? <p>{form.formState.errors.phone.message}</p> : null}
      <button type="submit">Review</button>
      <button type="button" onClick={() => form.setValue('method', 'bank')}>
        Too much for M-Pesa
      </button>
      <button type="button" onClick={() => form.reset({ method: 'card' })}>
        Start again with a card
      </button>
    </form>
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, select' });
const radio = (name: string) => screen.getByRole('radio', { name });

/** Fills in what the checks ask for, apart from the price. */
async function fillAllButPrice(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Title'), 'Maize');
  await user.selectOptions(field('County'), 'Nakuru');
  await user.click(screen.getByRole('checkbox', { name: 'Farmer' }));
}

beforeEach(() => {
  checked = [];
  effects = 0;
});

describe('useSmallForm', () => {
  it('checks on submit: shows each wrong field’s message, focuses the first wrong field and sends nothing', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<ListingForm onValid={onValid} />);
    await user.type(field('Title'), 'Maize');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(screen.getByText('County is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a role')).toBeInTheDocument();
    expect(screen.queryByText('Title is required')).toBeNull();
    // The title is right: the price, next on the page, is the first wrong field.
    expect(field('Price')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends the checked values (the schema’s output) once they are right', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<ListingForm onValid={onValid} />);
    await user.type(field('Title'), '  Maize  ');
    await user.selectOptions(field('County'), 'Nakuru');
    await user.click(screen.getByRole('checkbox', { name: 'Farmer' }));
    await user.type(field('Price'), '1250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    // The schema trims the title: onValid gets its output, not the typed text.
    expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ title: 'Maize', price: 1250, county: 'Nakuru', roles: ['Farmer'] }));
  });

  it('checks no change before the first submit, and each change after it', async () => {
    const user = userEvent.setup();
    render(<ListingForm />);
    await user.type(field('Title'), 'M');
    await user.clear(field('Title'));
    expect(checked).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await user.type(field('Title'), 'M');
    await waitFor(() => expect(screen.queryByText('Title is required')).toBeNull());
    await user.clear(field('Title'));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    // Only the changed field's error moves: the county's stays as the submit left it.
    expect(screen.getByText('County is required')).toBeInTheDocument();
  });

  it('reads a number field as a number (NaN when empty) and passes the text through setValueAs', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<ListingForm onValid={onValid} />);
    await fillAllButPrice(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price must be a number')).toBeInTheDocument();
    expect(checked.at(-1)?.price).toBeNaN();
    // An empty amount is no amount (setValueAs), which the schema allows; a typed one is a number.
    expect(checked.at(-1)?.amount).toBeUndefined();
    expect(screen.queryByText('Amount must be a number')).toBeNull();
    await user.type(field('Price'), '1250');
    await user.type(field('Amount'), '300');
    await user.type(field('Code'), ' b7 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith(expect.objectContaining({ price: 1250, amount: 300, code: 'B7' }));
  });

  it('reads a checkbox as true or false, a group of checkboxes as the ticked values, a multiple select as the chosen options', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<ListingForm onValid={onValid} />);
    expect(screen.getByRole('checkbox', { name: 'Pick-up' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delivery' })).not.toBeChecked();
    await fillAllButPrice(user);
    await user.type(field('Price'), '40');
    await user.click(screen.getByRole('checkbox', { name: 'Pick-up' }));
    await user.click(screen.getByRole('checkbox', { name: 'Delivery' }));
    await user.click(screen.getByRole('checkbox', { name: 'Supplier' }));
    await user.selectOptions(field('Counties'), ['Kiambu', 'Nyeri']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith(
      expect.objectContaining({
        delivery: { pickup: false, delivery: true },
        roles: ['Farmer', 'Supplier'],
        counties: ['Kiambu', 'Nyeri'],
      }),
    );
  });

  it('takes a group’s error (on the object its boxes belong to) away when a box is ticked after a failed submit', async () => {
    const user = userEvent.setup();
    render(<ListingForm />);
    await user.click(screen.getByRole('checkbox', { name: 'Pick-up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Offer pick-up or delivery')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Delivery' }));
    await waitFor(() => expect(screen.queryByText('Offer pick-up or delivery')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Delivery' }));
    expect(await screen.findByText('Offer pick-up or delivery')).toBeInTheDocument();
  });

  it('reset puts the values into the controls, empties a field they leave out and clears the errors and the submit', async () => {
    const user = userEvent.setup();
    render(<ListingForm />);
    await user.type(field('Amount'), '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(screen.queryByText('County is required')).toBeNull();
    expect(field('Title')).toHaveValue('Beans');
    expect(field('Price')).toHaveValue(90);
    expect(field('Amount')).toHaveValue(null);
    expect(field('County')).toHaveValue('Nakuru');
    expect(screen.getByRole('checkbox', { name: 'Pick-up' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Delivery' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Buyer' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Farmer' })).not.toBeChecked();
    expect(screen.getByRole('option', { name: 'Kiambu', selected: true })).toBeInTheDocument();
    // Not submitted any more: a change is not checked until the next submit.
    checked = [];
    await user.clear(field('Title'));
    expect(checked).toHaveLength(0);
    expect(screen.queryByText('Title is required')).toBeNull();
  });

  it('leaves a form that onValid reset unsubmitted, as react-hook-form does', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    render(<ListingForm onValid={onValid} resetAfterSave />);
    await fillAllButPrice(user);
    await user.type(field('Price'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Title')).toHaveValue(''));
    expect(onValid).toHaveBeenCalledTimes(1);
    checked = [];
    await user.type(field('Title'), 'x');
    await user.clear(field('Title'));
    expect(checked).toHaveLength(0);
    expect(screen.queryByText('Title is required')).toBeNull();
  });

  it('renders again as a watched value changes; setValue puts a value into the control, and getValues reads it', async () => {
    const user = userEvent.setup();
    render(<ListingForm />);
    expect(screen.getByText('Price now: NaN')).toBeInTheDocument();
    await user.type(field('Price'), '12');
    expect(screen.getByText('Price now: 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell by the bag' }));
    expect(field('Price')).toHaveValue(90);
    expect(screen.getByText('Price now: 90')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Double the price' }));
    expect(field('Price')).toHaveValue(180);
    expect(screen.getByText('Price now: 180')).toBeInTheDocument();
    expect(effects).toBe(1);
  });

  it('handleSubmit stops the browser’s submit, and hands on an error thrown by onValid', async () => {
    const onFailed = jest.fn();
    const user = userEvent.setup();
    render(<ListingForm onValid={() => Promise.reject(new Error('offline'))} onFailed={onFailed} />);
    await fillAllButPrice(user);
    await user.type(field('Price'), '40');
    expect(fireEvent.submit(screen.getByRole('form', { name: 'Listing' }))).toBe(false);
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(new Error('offline')));
  });

  it('reads a group of radio buttons as the checked one’s value; the defaults, setValue and reset check the matching one', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<PaymentStep onValid={onValid} />);
    expect(radio('M-Pesa')).toBeChecked();
    expect(radio('Card')).not.toBeChecked();
    await user.click(radio('Card'));
    expect(screen.getByText('Paying by card')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ method: 'card', phone: '' }));

    await user.click(screen.getByRole('button', { name: 'Too much for M-Pesa' }));
    expect(radio('Bank transfer')).toBeChecked();
    expect(radio('Card')).not.toBeChecked();
    expect(screen.getByText('Paying by bank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again with a card' }));
    expect(radio('Card')).toBeChecked();
    expect(radio('Bank transfer')).not.toBeChecked();
    expect(screen.getByText('Paying by card')).toBeInTheDocument();
  });

  it('keeps a field’s value while its control is away, and shows it again when the control comes back', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<PaymentStep onValid={onValid} />);
    await user.type(field('Phone'), '0712 345 678');
    await user.click(radio('Bank transfer'));
    expect(screen.queryByLabelText('Phone', { exact: false })).toBeNull();
    await user.click(radio('M-Pesa'));
    expect(field('Phone')).toHaveValue('0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ method: 'mpesa', phone: '0712 345 678' }));
  });

  it('handleSubmit calls onInvalid with the errors after a failed submit, and onValid (only) once the values are right', async () => {
    const onValid = jest.fn();
    const onInvalid = jest.fn();
    const user = userEvent.setup();
    render(<PaymentStep onValid={onValid} onInvalid={onInvalid} />);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onInvalid).toHaveBeenCalledWith({ phone: expect.objectContaining({ message: 'Phone is required' }) });
    expect(onValid).not.toHaveBeenCalled();
    // The form's own focus still follows: onInvalid does not turn it off.
    await waitFor(() => expect(field('Phone')).toHaveFocus());

    await user.type(field('Phone'), '0712');
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ method: 'mpesa', phone: '0712' }));
    expect(onInvalid).toHaveBeenCalledTimes(1);
  });

  it('with shouldFocusError: false, leaves the focus to the page after a failed submit', async () => {
    const onInvalid = jest.fn();
    const user = userEvent.setup();
    render(<PaymentStep onInvalid={onInvalid} shouldFocusError={false} />);
    await user.click(screen.getByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    // Past anything the submit has left to do.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(field('Phone')).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Review' })).toHaveFocus();
  });

  it('watch(onChange) is told of each change of a value (typed, chosen, set, reset) until unsubscribed, and getValues() gives them all', async () => {
    const drafts: PaymentInput[] = [];
    const onDraft = (values: PaymentInput) => void drafts.push(values);
    const user = userEvent.setup();
    const { rerender } = render(<PaymentStep onDraft={onDraft} />);
    await user.type(field('Phone'), '07');
    expect(drafts).toEqual([
      { method: 'mpesa', phone: '0' },
      { method: 'mpesa', phone: '07' },
    ]);
    await user.click(radio('Card'));
    expect(drafts.at(-1)).toEqual({ method: 'card', phone: '07' });
    await user.click(screen.getByRole('button', { name: 'Too much for M-Pesa' }));
    expect(drafts.at(-1)).toEqual({ method: 'bank', phone: '07' });
    await user.click(screen.getByRole('button', { name: 'Start again with a card' }));
    expect(drafts.at(-1)).toEqual({ method: 'card' });
    expect(drafts).toHaveLength(5);

    rerender(<PaymentStep />);
    await user.click(radio('M-Pesa'));
    await user.type(field('Phone'), '1');
    expect(drafts).toHaveLength(5);
  });
});
