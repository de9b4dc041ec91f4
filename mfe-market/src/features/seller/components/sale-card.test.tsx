import { act, screen, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import { renderPage, signInAs } from '@shambasoko/shared/testing';
import { saleOf } from '../../../testing/fixtures';
import { SaleCard } from './sale-card';

// The API writes a sale's next step and a buyer's cancellation in English from its catalog; a
// Kiswahili seller reads both in Kiswahili.
beforeEach(async () => {
  signInAs();
  await act(() => setLocale('sw'));
});
afterEach(async () => {
  await act(() => setLocale('en'));
});

const card = (sale: ReturnType<typeof saleOf>) =>
  renderPage(
    <ul>
      <SaleCard sale={sale} busy={false} onAction={jest.fn()} />
    </ul>,
    { url: '/seller/sales' },
  );

it("reads the API's next step in Kiswahili", async () => {
  card(saleOf({ status: 'paid', nextStep: 'Accept the order', actions: ['accept', 'cancel'] }));
  expect(await screen.findByTestId('next-step')).toHaveTextContent('Kubali agizo');
});

it("reads a buyer's cancellation the API wrote in Kiswahili", async () => {
  card(saleOf({ status: 'cancelled', cancelReason: 'Cancelled by the buyer', nextStep: null, actions: [] }));
  const sale = within(await screen.findByRole('listitem', { name: 'Agizo SS-000042' }));
  expect(sale.getByText('Imeghairiwa: Imeghairiwa na mnunuzi')).toBeInTheDocument();
});
