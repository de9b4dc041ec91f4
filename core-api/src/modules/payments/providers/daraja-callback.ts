// Daraja's STK result callback, read strictly: it is the one message that can mark an order paid, and
// Daraja signs nothing. Anything that does not read cleanly is a problem to flag, never a payment.
import { z } from 'zod';
import { wholeShillings } from './types';
import { forOperators } from '../../../http/language';

/** What every callback carries; the fields that decide a payment are read one by one below. */
const envelopeSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.unknown().optional(),
      ResultDesc: z.string().max(500),
      CallbackMetadata: z.unknown().optional(),
    }),
  }),
});
const metadataSchema = z.object({ Item: z.array(z.object({ Name: z.string().max(100), Value: z.unknown().optional() })).max(20) });

export const CALLBACK_PROBLEMS = {
  resultCode: forOperators('M-Pesa sent a result code that is not a whole number'),
  noDetails: forOperators('M-Pesa reported a payment without its details'),
  amount: forOperators('M-Pesa reported an amount that is not whole shillings'),
} as const;

export interface StkResult {
  checkoutRequestId: string;
  /** Daraja's ResultCode as digits ("0", "1032"); null when it is not a whole number. */
  resultCode: string | null;
  resultDesc: string;
  /** Whole shillings, or null when absent or unreadable. */
  amount: number | null;
  receipt: string | null;
  phone: string | null;
  /** Why this result must be flagged rather than applied; null when it reads cleanly. */
  problem: string | null;
  /** The values that made it unreadable, as text for the ledger. */
  raw: Record<string, string>;
}

/** A JSON number that is a whole number, or a string of digits (Safaricom's samples send "1" too). */
function resultCodeOf(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return String(Number(value));
  return null;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
const shown = (value: unknown) => (value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value)).slice(0, 40));

/** Null when the body is not an STK callback at all (the route answers 400). */
export function readStkCallback(body: unknown): StkResult | null {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) return null;
  const callback = parsed.data.Body.stkCallback;
  const raw: Record<string, string> = {};
  const resultCode = resultCodeOf(callback.ResultCode);
  if (resultCode === null) raw.resultCode = shown(callback.ResultCode);

  const metadata = metadataSchema.safeParse(callback.CallbackMetadata);
  const items = metadata.success ? metadata.data.Item : [];
  // A value-less item (Safaricom's samples have `{ "Name": "Balance" }`) is simply absent.
  const value = (name: string) => items.find((i) => i.Name === name)?.Value;
  const givenAmount = value('Amount');
  const amount = wholeShillings(givenAmount);
  const receipt = text(value('MpesaReceiptNumber'));
  const phone = text(value('PhoneNumber'));

  let problem: string | null = null;
  if (resultCode === null) problem = CALLBACK_PROBLEMS.resultCode;
  else if (resultCode === '0') {
    if (!metadata.success || givenAmount === undefined) {
      problem = CALLBACK_PROBLEMS.noDetails;
      if (callback.CallbackMetadata !== undefined) raw.metadata = shown(callback.CallbackMetadata);
    } else if (amount === null) {
      problem = CALLBACK_PROBLEMS.amount;
      raw.amount = shown(givenAmount);
    }
  }
  return {
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode,
    resultDesc: callback.ResultDesc,
    amount,
    receipt: receipt === null ? null : receipt.slice(0, 40),
    phone,
    problem,
    raw,
  };
}
