import type { Order, SellerStatement } from '@shambasoko/contracts';
import { pdfText } from '../../../testing/pdf-text';
import { receiptPdf, statementPdf } from './pdf';

const order = {
  id: 'o1',
  number: 'SS-000042',
  status: 'processing',
  items: [],
  subtotal: 3000,
  discount: 0,
  deliveryFee: 350,
  total: 3350,
  delivery: 'standard',
  shipping: { firstName: 'Wanjiku', lastName: 'Mwangi' },
  payment: { method: 'mpesa' },
  createdAt: '2026-11-03T09:15:00.000Z',
  fulfilments: [
    {
      seller: { name: 'Achieng Farm Shop' },
      status: 'paid',
      items: [{ name: 'Tomatoes', price: 1000, quantity: 3 }],
      subtotal: 3000,
      deliveryFee: 350,
    },
  ],
} as unknown as Order;

const statement = (lines: number): SellerStatement => ({
  month: '2026-11',
  shopName: 'Achieng Farm Shop',
  opening: 0,
  sales: 3000,
  commission: 150,
  delivery: 350,
  refunds: 0,
  payouts: 0,
  adjustments: 0,
  closing: 3200,
  lines: Array.from({ length: lines }, () => ({ at: '2026-11-03T09:15:00.000Z', orderNumber: 'SS-000042', kind: 'sale', amount: 3000 })),
});

describe('the papers as PDFs', () => {
  it('prints a receipt in English and in Kiswahili, money as Ksh', async () => {
    const money = { paid: 3350, receipts: ['SKL3ABC12X'], refundDue: 0, refunded: 0 };
    const en = pdfText(await receiptPdf(order, money, 'en', new Date()));
    expect(en).toContain('Receipt');
    expect(en).toContain('SS-000042');
    expect(en).toContain('Tomatoes × 3');
    expect(en).toContain('Total paid');
    expect(en).toContain('Ksh 3,350');
    expect(en).toContain('M-Pesa receipt');
    expect(en).toContain('SKL3ABC12X');
    const sw = pdfText(await receiptPdf(order, money, 'sw', new Date()));
    expect(sw).toContain('Risiti');
    expect(sw).toContain('Jumla iliyolipwa');
    expect(sw).toContain('Risiti ya M-Pesa');
    expect(sw).toContain('Novemba');
    expect(sw).not.toContain('Total paid');
  });

  it('renders a month of thousands of lines in slices, giving the loop back between them', async () => {
    // Counts turns of the loop, not milliseconds: a timed assertion fails on a busy machine for no fault
    // of the code (stop 55's CI saw a 1.3 s pause from the machine's load, not from the render).
    let turns = 0;
    let running = true;
    const tick = () => {
      turns += 1;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const pdf = await statementPdf(statement(3000), 'en', new Date());
    running = false;
    expect(pdfText(pdf)).toContain('Closing balance');
    // 3,000 lines at 100 a slice: the loop turns between every two slices (29 times); unsliced, it turns not once.
    expect(turns).toBeGreaterThanOrEqual(29);
  });
});
