import { render, screen } from '@testing-library/react';
import { DeliveryOptions } from './delivery-options';

describe('DeliveryOptions', () => {
  it('gives the same-county fee as a starting price, since the real fee depends on county and weight', () => {
    render(
      <DeliveryOptions
        delivery={{ standard: { price: 350, time: '5-7 business days' }, express: { price: 700, time: '2-3 business days' } }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Delivery options' });
    expect(section).toHaveTextContent(/from Ksh\s?350/);
    expect(section).toHaveTextContent(/from Ksh\s?700/);
    expect(section).toHaveTextContent('Checkout shows the exact fee.');
  });
});
