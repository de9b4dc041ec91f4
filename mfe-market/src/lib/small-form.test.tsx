import { useEffect } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
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

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input, select' });

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
});
