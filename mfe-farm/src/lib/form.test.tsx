import { createFieldBody } from '@shambasoko/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { inOrder, picked, useContractForm } from './form';

type Values = { farmId: string; name: string; size: string; plantingDate: string; harvest: string };

// The field contract plus a farm to pick and a date order, as the dialogs derive theirs.
const schema = z
  .object({ farmId: picked(), harvest: z.string().optional() })
  .and(createFieldBody)
  .superRefine(inOrder('plantingDate', 'harvest', 'must be on or after the planting date'));

function Probe({ onValid, defaults = {} }: { onValid: (v: unknown) => void; defaults?: Partial<Values> }) {
  const form = useContractForm<Values>({
    schema,
    labels: { name: 'Field name', size: 'Size', harvest: 'Harvest' },
    numbers: ['size'],
    defaultValues: { farmId: '', name: '', size: '', plantingDate: '', harvest: '', ...defaults },
  });
  const errors = Object.values(form.formState.errors).map((e) => e?.message);
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <label>
        Name
        <input {...form.register('name')} />
      </label>
      <label>
        Size
        <input {...form.register('size')} />
      </label>
      <label>
        Planted
        <input {...form.register('plantingDate')} />
      </label>
      <label>
        Harvest
        <input {...form.register('harvest')} />
      </label>
      <button type="button" onClick={() => form.setValue('farmId', 'f1')}>
        Pick farm
      </button>
      <button type="submit">Save</button>
      <ul>
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </form>
  );
}

describe('useContractForm', () => {
  it('checks with the contract and says each error in the spec’s words, all at once, sending nothing', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<Probe onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field name is required.')).toBeInTheDocument();
    expect(screen.getByText('Size is required.')).toBeInTheDocument();
    expect(screen.getByText('Farm is required.')).toBeInTheDocument();
    // Crop type has no label here: the key stands in, so a missing label shows rather than hides the error.
    expect(screen.getByText('cropType is required.')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('treats blank-after-trim as missing, reads numbers, and uses the contract’s bounds in the spec’s words', async () => {
    const user = userEvent.setup();
    render(<Probe onValid={jest.fn()} defaults={{ farmId: 'f1' }} />);
    await user.type(screen.getByLabelText('Name'), '   ');
    await user.type(screen.getByLabelText('Size'), '-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field name is required.')).toBeInTheDocument();
    expect(screen.getByText('Size must be a number above 0.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Size'));
    await user.type(screen.getByLabelText('Size'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Size must be a number.')).toBeInTheDocument();
  });

  it('clears an error as its field is corrected, and hands over what the contract outputs', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<Probe onValid={onValid} defaults={{ cropType: 'Maize' } as Partial<Values>} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Field name is required.');
    await user.type(screen.getByLabelText('Name'), ' North ');
    expect(screen.queryByText('Field name is required.')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Size'), '4.5');
    await user.type(screen.getByLabelText('Planted'), '2026-03-10');
    await user.type(screen.getByLabelText('Harvest'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Pick farm' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Harvest must be on or after the planting date.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Harvest'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'Save' });
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0][0]).toEqual({ farmId: 'f1', name: 'North', size: 4.5, cropType: 'Maize', plantingDate: '2026-03-10' });
  });
});
