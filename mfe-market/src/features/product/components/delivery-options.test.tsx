import { act, render, screen } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import { DeliveryOptions } from './delivery-options';

const delivery = { standard: { price: 350, time: '5-7 business days' }, express: { price: 700, time: '2-3 business days' } };

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('DeliveryOptions', () => {
  it('gives the same-county fee as a starting price, since the real fee depends on county and weight', () => {
    render(<DeliveryOptions delivery={delivery} />);
    const section = screen.getByRole('region', { name: 'Delivery options' });
    expect(section).toHaveTextContent(/from Ksh\s?350/);
    expect(section).toHaveTextContent(/from Ksh\s?700/);
    expect(section).toHaveTextContent('5-7 business days');
    expect(section).toHaveTextContent('Checkout shows the exact fee.');
  });

  it('reads the times the API words in English in Kiswahili, and keeps any other wording as sent', async () => {
    await act(() => setLocale('sw'));
    render(<DeliveryOptions delivery={{ ...delivery, express: { price: 900, time: 'Next morning' } }} />);
    const section = screen.getByRole('region', { name: 'Njia za usafirishaji' });
    expect(section).toHaveTextContent('Siku 5-7 za kazi');
    expect(section).toHaveTextContent('Next morning');
    expect(section).not.toHaveTextContent('business days');
  });
});
