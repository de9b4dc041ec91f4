import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantitySelector } from './quantity-selector';

function Harness({ max, start = 1 }: { max: number; start?: number }) {
  const [q, setQ] = useState(start);
  return <QuantitySelector label="Quantity" value={q} max={max} onChange={setQ} />;
}

describe('QuantitySelector', () => {
  it('stops at 1 and at the stock quantity', async () => {
    render(<Harness max={3} />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    await userEvent.click(plus);
    await userEvent.click(plus);
    expect(input).toHaveValue('3');
    expect(plus).toBeDisabled();
    await userEvent.click(minus);
    expect(input).toHaveValue('2');
  });

  it('clamps a typed quantity into 1..stock', async () => {
    render(<Harness max={5} />);
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(input);
    await userEvent.type(input, '40{Enter}');
    expect(input).toHaveValue('5');
    await userEvent.clear(input);
    await userEvent.type(input, '0');
    await userEvent.tab();
    expect(input).toHaveValue('1');
  });
});
