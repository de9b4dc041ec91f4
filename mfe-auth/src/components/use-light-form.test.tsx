import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { lazySchema, useLightForm } from './use-light-form';

const schema = z.object({
  email: z.string().email('Please enter a valid email'),
  password: z.string().min(1, 'Password is required'),
});
type Values = z.input<typeof schema>;

describe('lazySchema', () => {
  it('loads the schema once, on prefetch or first use, and reports the first message per field', async () => {
    const load = jest.fn(async () => schema);
    const { check, prefetch } = lazySchema<Values>(load);
    expect(load).not.toHaveBeenCalled();
    prefetch();
    await expect(check({ email: 'nope', password: '' })).resolves.toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email', password: 'Password is required' },
    });
    await expect(check({ email: 'a@b.ke', password: 'x' })).resolves.toEqual({ ok: true, values: { email: 'a@b.ke', password: 'x' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through when the checks cannot load, and tries again next time', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(schema);
    const { check } = lazySchema<Values>(load);
    await expect(check({ email: 'nope', password: 'x' })).resolves.toEqual({ ok: true, values: { email: 'nope', password: 'x' } });
    await expect(check({ email: 'nope', password: 'x' })).resolves.toMatchObject({
      ok: false,
      errors: { email: 'Please enter a valid email' },
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useLightForm', () => {
  const checks = lazySchema<Values>(async () => schema);

  function Form({ onValid, onEdit }: { onValid(values: Values): void; onEdit?(): void }) {
    const form = useLightForm<Values>({ check: checks.check, defaultValues: { email: 'given@example.co.ke', password: '' } });
    return (
      <form onSubmit={form.handleSubmit(onValid)} noValidate>
        <label>
          Email
          <input {...form.register('email', { onChange: onEdit })} />
        </label>
        {form.errors.email ? <p role="alert">{form.errors.email}</p> : null}
        <label>
          Password
          <input type="password" {...form.register('password')} />
        </label>
        {form.errors.password ? <p role="alert">{form.errors.password}</p> : null}
        <button type="submit">Go</button>
      </form>
    );
  }

  it('checks on submit, focuses the first wrong field, and rechecks each change after that', async () => {
    const onValid = jest.fn();
    const onEdit = jest.fn();
    render(<Form onValid={onValid} onEdit={onEdit} />);
    expect(screen.getByLabelText('Email')).toHaveValue('given@example.co.ke');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    // Nothing is checked before the first submit.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onEdit).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    // After a failed submit, a change checks its own field again (the other keeps its message).
    await userEvent.type(screen.getByLabelText('Email'), '@example.co.ke');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email')).toBeNull());
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'nope@example.co.ke', password: 'secret' }));
  });
});
