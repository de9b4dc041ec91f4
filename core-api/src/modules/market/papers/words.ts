import type { Language } from '../../../http/language';

/**
 * Every word a receipt or statement prints, in English and Kiswahili, so a PDF reads wholly in its
 * reader's language (words.test.ts holds both filled). Figures and names are printed as they are.
 */
export const PAPER_WORDS = {
  receipt: { en: 'Receipt', sw: 'Risiti' },
  orderNumber: { en: 'Order number', sw: 'Nambari ya oda' },
  date: { en: 'Date', sw: 'Tarehe' },
  buyer: { en: 'Buyer', sw: 'Mnunuzi' },
  seller: { en: 'Seller', sw: 'Muuzaji' },
  item: { en: 'Item', sw: 'Bidhaa' },
  quantity: { en: 'Qty', sw: 'Idadi' },
  amount: { en: 'Amount', sw: 'Kiasi' },
  subtotal: { en: 'Subtotal', sw: 'Jumla ndogo' },
  discount: { en: 'Discount', sw: 'Punguzo' },
  delivery: { en: 'Delivery', sw: 'Usafirishaji' },
  total: { en: 'Total', sw: 'Jumla' },
  totalPaid: { en: 'Total paid', sw: 'Jumla iliyolipwa' },
  paymentMethod: { en: 'Payment method', sw: 'Njia ya malipo' },
  mpesaReceipt: { en: 'M-Pesa receipt', sw: 'Risiti ya M-Pesa' },
  paymentReference: { en: 'Payment reference', sw: 'Kumbukumbu ya malipo' },
  notPaid: { en: 'Not paid', sw: 'Haijalipwa' },
  cancelled: { en: 'Cancelled', sw: 'Imeghairiwa' },
  refunds: { en: 'Refunds', sw: 'Marejesho ya pesa' },
  refundDue: { en: 'Refund due', sw: 'Marejesho yanayodaiwa' },
  refunded: { en: 'Refunded', sw: 'Yamerejeshwa' },
  mpesa: { en: 'M-Pesa', sw: 'M-Pesa' },
  card: { en: 'Card', sw: 'Kadi' },
  bank: { en: 'Bank transfer', sw: 'Uhamisho wa benki' },
  statement: { en: 'Statement', sw: 'Taarifa ya mauzo' },
  month: { en: 'Month', sw: 'Mwezi' },
  openingBalance: { en: 'Opening balance', sw: 'Salio la mwanzo' },
  sales: { en: 'Sales', sw: 'Mauzo' },
  commission: { en: 'Commission', sw: 'Kamisheni' },
  deliveryFees: { en: 'Delivery fees', sw: 'Ada za usafirishaji' },
  payouts: { en: 'Payouts', sw: 'Malipo yaliyotumwa' },
  adjustments: { en: 'Adjustments', sw: 'Marekebisho' },
  closingBalance: { en: 'Closing balance', sw: 'Salio la mwisho' },
  lines: { en: 'Transactions', sw: 'Miamala' },
  noLines: { en: 'No transactions this month.', sw: 'Hakuna miamala mwezi huu.' },
  line_sale: { en: 'Sale', sw: 'Mauzo' },
  line_commission: { en: 'Commission', sw: 'Kamisheni' },
  line_delivery: { en: 'Delivery fee', sw: 'Ada ya usafirishaji' },
  line_refund: { en: 'Refund', sw: 'Marejesho' },
  line_payout: { en: 'Payout', sw: 'Malipo kwako' },
  line_adjustment: { en: 'Adjustment', sw: 'Marekebisho' },
  issued: { en: 'Issued', sw: 'Imetolewa' },
  footer: {
    en: 'ShambaSoko · amounts in Kenya shillings · times in Nairobi time',
    sw: 'ShambaSoko · kiasi kwa shilingi za Kenya · saa za Nairobi',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type PaperWord = keyof typeof PAPER_WORDS;

/** The words of one language. */
export const wordsIn =
  (language: Language) =>
  (key: PaperWord): string =>
    PAPER_WORDS[key][language];
