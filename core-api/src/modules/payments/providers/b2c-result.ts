// Daraja's result for a B2C payment or a Transaction Status query, posted to the ResultURL. Read
// strictly: it decides whether money left. Anything unreadable is ignored (the status query settles it).
import { z } from 'zod';
import { wholeShillings } from './types';

const item = z.object({ Key: z.string().max(100), Value: z.unknown().optional() });
const resultSchema = z.object({
  Result: z.object({
    ResultType: z.unknown().optional(),
    ResultCode: z.union([z.number().int(), z.string().regex(/^\d{1,9}$/)]),
    ResultDesc: z.string().max(500),
    OriginatorConversationID: z.string().min(1).max(100),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z.object({ ResultParameter: z.union([item, z.array(item).max(30)]) }).optional(),
    ReferenceData: z.object({ ReferenceItem: z.union([item, z.array(item).max(10)]) }).optional(),
  }),
});

export interface B2cResult {
  /** Our id for the disbursement this is about. */
  originatorId: string;
  /** The result: '0' paid; anything else failed. For a status query, '0' only when it reports Completed. */
  resultCode: string;
  resultDesc: string;
  transactionId: string | null;
  receipt: string | null;
  amount: number | null;
  /** A status query that reports the payment still under way (or not found yet): settles nothing. */
  undecided: boolean;
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);

/** Null when the body is not a B2C result at all. */
export function readB2cResult(body: unknown): B2cResult | null {
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const parameters = list(result.ResultParameters?.ResultParameter);
  const value = (key: string) => parameters.find((p) => p.Key === key)?.Value;
  const reference = (key: string) => text(list(result.ReferenceData?.ReferenceItem).find((p) => p.Key === key)?.Value);
  const code = String(Number(result.ResultCode));
  const status = text(value('TransactionStatus'));
  if (status !== null) {
    // A Transaction Status result. Its own OriginatorConversationID is the query's; the payment's
    // (ours) is the OriginatorConversationID result parameter, as Daraja's documented sample has it,
    // whose ReferenceData echoes the Occasion key without a value. The Occasion we sent is a fallback.
    const originatorId = text(value('OriginatorConversationID')) || reference('Occasion');
    if (originatorId === null) return null;
    const completed = code === '0' && status === 'Completed';
    const failed = code === '0' && /^(Failed|Cancelled|Declined|Reversed)$/i.test(status);
    return {
      originatorId,
      resultCode: completed ? '0' : failed ? `status:${status}` : code,
      resultDesc: `${result.ResultDesc} (${status})`,
      transactionId: text(value('ReceiptNo')),
      receipt: text(value('ReceiptNo')),
      amount: wholeShillings(value('Amount')),
      undecided: !completed && !failed,
    };
  }
  const transactionId = result.TransactionID ?? null;
  return {
    originatorId: result.OriginatorConversationID,
    resultCode: code,
    resultDesc: result.ResultDesc,
    transactionId,
    receipt: text(value('TransactionReceipt')) ?? transactionId,
    amount: wholeShillings(value('TransactionAmount')),
    undecided: false,
  };
}
