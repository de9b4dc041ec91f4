import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from './use-form';
import { parseNumber } from './validate';

type Values = { name: string; size: string };

function Probe({ onValid, farm = '' }: { onValid: (v: Values) => void; farm?: string }) {
  const form = useForm<Values, 'farm'>({
    defaultValues: { name: '', size: '' },
    required: { name: 'Field name', size: 'Size' },
    validate: (v, found) => ({
      farm: farm ? undefined : 'Farm is required.',
      size: !found.size && !(Number(parseNumber(v.size)) > 0) ? 'Size must be a number above 0.' : found.size,
    }),
  });
  const errors = Object.entries(form.errors).filter(([, e]) => e);
  return (
    <form onSubmit={(e) => { e.preventDefault(); form.handleSubmit(onValid)(); }}>
      <label>Name<input {...form.field('name')} /></label>
      <label>Size<input {...form.field('size')} /></label>
      <button type="button" onClick={() => form.clearErrors('farm')}>Clear farm</button>
      <button type="button" onClick={() => form.reset({ name: 'Reset', size: '1' })}>Reset</button>
      <button type="submit">Save</button>
      <ul>{errors.map(([k, e]) => <li key={k}>{e}</li>)}</ul>
    </form>
  );
}

describe('useForm', () => {
  it('shows the required and the extra errors at once and sends nothing', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<Probe onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Field name is required.', 'Size is required.', 'Farm is required.']);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears a field’s error as it changes, and checks beyond required only what is filled in', async () => {
    const user = userEvent.setup();
    render(<Probe onValid={jest.fn()} farm="f1" />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByLabelText('Name'), '  ');
    expect(screen.queryByText('Field name is required.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Size'), '-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Blank after trimming is still blank.
    expect(screen.getByText('Field name is required.')).toBeInTheDocument();
    expect(screen.getByText('Size must be a number above 0.')).toBeInTheDocument();
  });

  it('hands the values to onValid once they pass; clearErrors and reset act on their own parts', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Probe onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Reset');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Farm is required.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear farm' }));
    expect(screen.queryByText('Farm is required.')).not.toBeInTheDocument();
    rerender(<Probe onValid={onValid} farm="f1" />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Reset', size: '1' });
  });
});
