import { type Order, type SellerStatement, formatKES } from '@shambasoko/contracts';
import { NAIROBI_TIME_ZONE, nairobiWallTime } from '@shambasoko/contracts/time';
import type { Language } from '../../../http/language';
import { loadOnce } from '../../../load-once';
import { type PaperWord, wordsIn } from './words';

const pdfkit = loadOnce(async () => (await import('pdfkit')).default);

/** What a receipt prints besides the order: the money the books hold for it. */
export interface ReceiptMoney {
  paid: number;
  receipts: string[];
  refundDue: number;
  refunded: number;
}

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;

/** Runs the drawing and collects the bytes. */
export async function render(title: string, draw: (doc: PDFKit.PDFDocument) => Promise<void> | void): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: 'ShambaSoko' } });
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    Promise.resolve(draw(doc)).then(() => doc.end(), reject);
  });
}

/** A busy seller's month runs to thousands of lines: other requests get the loop between slices. */
const LINES_PER_SLICE = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export const dateIn = (language: Language, iso: string | Date, withTime = true) =>
  new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-KE', {
    timeZone: NAIROBI_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
  }).format(new Date(iso));

/** "November 2026" / "Novemba 2026" from YYYY-MM. */
const monthIn = (language: Language, month: string) =>
  new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-KE', { timeZone: NAIROBI_TIME_ZONE, month: 'long', year: 'numeric' }).format(
    new Date(nairobiWallTime(`${month}-15T12:00`)),
  );

/** A label on the left, its figure right-aligned on the same line. */
export function row(doc: PDFKit.PDFDocument, label: string, value: string, bold = false): void {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
  doc.text(label, MARGIN, y, { width: WIDTH * 0.6 });
  const after = doc.y;
  doc.text(value, MARGIN + WIDTH * 0.6, y, { width: WIDTH * 0.4, align: 'right' });
  doc.y = Math.max(after, doc.y);
  doc.font('Helvetica');
}

export function heading(doc: PDFKit.PDFDocument, text: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).text(text, MARGIN).fontSize(10).font('Helvetica').moveDown(0.2);
}

function footer(doc: PDFKit.PDFDocument, t: (key: PaperWord) => string, language: Language, now: Date): void {
  doc.moveDown(1.5).fontSize(8).fillColor('#555555');
  doc.text(`${t('issued')}: ${dateIn(language, now)}`, MARGIN);
  doc.text(t('footer'), MARGIN).fillColor('#000000').fontSize(10);
}

/** The papers' footer (when issued, amounts in shillings) for a paper another module writes. */
export const paperFooter = (doc: PDFKit.PDFDocument, language: Language, now: Date) => footer(doc, wordsIn(language), language, now);

export function receiptPdf(order: Order, money: ReceiptMoney, language: Language, now: Date): Promise<Buffer> {
  const t = wordsIn(language);
  return render(`${t('receipt')} ${order.number}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(20).text('ShambaSoko').fontSize(14).text(t('receipt')).fontSize(10).font('Helvetica').moveDown(0.5);
    row(doc, t('orderNumber'), order.number, true);
    row(doc, t('date'), dateIn(language, order.createdAt));
    row(doc, t('buyer'), `${order.shipping.firstName} ${order.shipping.lastName}`);
    for (const part of order.fulfilments) {
      heading(doc, `${t('seller')}: ${part.seller.name}${part.status === 'cancelled' ? ` (${t('cancelled')})` : ''}`);
      for (const item of part.items) row(doc, `${item.name} × ${item.quantity}`, formatKES(item.price * item.quantity));
      row(doc, t('delivery'), formatKES(part.deliveryFee));
    }
    doc.moveDown(0.6);
    row(doc, t('subtotal'), formatKES(order.subtotal));
    if (order.discount > 0) row(doc, t('discount'), formatKES(-order.discount));
    row(doc, t('delivery'), formatKES(order.deliveryFee));
    row(doc, t('total'), formatKES(order.total), true);
    row(doc, t('totalPaid'), money.paid > 0 ? formatKES(money.paid) : t('notPaid'), true);
    row(doc, t('paymentMethod'), t(order.payment.method));
    if (money.receipts.length > 0)
      row(doc, order.payment.method === 'mpesa' ? t('mpesaReceipt') : t('paymentReference'), money.receipts.join(', '));
    if (money.refundDue > 0) {
      heading(doc, t('refunds'));
      row(doc, t('refundDue'), formatKES(money.refundDue));
      row(doc, t('refunded'), formatKES(money.refunded));
    }
    footer(doc, t, language, now);
  });
}

export function statementPdf(statement: SellerStatement, language: Language, now: Date): Promise<Buffer> {
  const t = wordsIn(language);
  const month = monthIn(language, statement.month);
  return render(`${t('statement')} ${statement.month}`, async (doc) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .text('ShambaSoko')
      .fontSize(14)
      .text(`${t('statement')}: ${month}`);
    doc.fontSize(10).font('Helvetica').text(statement.shopName).moveDown(0.5);
    row(doc, t('openingBalance'), formatKES(statement.opening), true);
    row(doc, t('sales'), formatKES(statement.sales));
    row(doc, t('commission'), formatKES(-statement.commission));
    row(doc, t('deliveryFees'), formatKES(statement.delivery));
    row(doc, t('refunds'), formatKES(-statement.refunds));
    row(doc, t('payouts'), formatKES(-statement.payouts));
    if (statement.adjustments !== 0) row(doc, t('adjustments'), formatKES(statement.adjustments));
    row(doc, t('closingBalance'), formatKES(statement.closing), true);
    heading(doc, t('lines'));
    if (statement.lines.length === 0) doc.text(t('noLines'), MARGIN);
    for (const [i, line] of statement.lines.entries()) {
      if (i > 0 && i % LINES_PER_SLICE === 0) await nextTurn();
      const what = `${dateIn(language, line.at)} · ${t(`line_${line.kind}`)}${line.orderNumber ? ` · ${line.orderNumber}` : ''}`;
      row(doc, what, formatKES(line.amount));
    }
    footer(doc, t, language, now);
  });
}
