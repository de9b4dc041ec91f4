import { readB2cResult } from './b2c-result';

// Daraja's documented Transaction Status result (developer portal, "Callback payload"): the query's own
// OriginatorConversationID outside, the payment's among the result parameters, an Occasion without a value.
const DOCUMENTED_STATUS_RESULT = {
  Result: {
    ConversationID: 'AG_20180223_0000493344ae97d86f75',
    OriginatorConversationID: '3213-416199-2',
    ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
    ResultCode: 0,
    ResultDesc: 'The service request is processed successfully.',
    ResultParameters: {
      ResultParameter: [
        { Key: 'DebitPartyName', Value: '600310 - Safaricom333' },
        { Key: 'DebitPartyName', Value: '254708374149 - John Doe' },
        { Key: 'OriginatorConversationID', Value: '3211-416020-3' },
        { Key: 'InitiatedTime', Value: '20180223054112' },
        { Key: 'DebitAccountType', Value: 'Utility Account' },
        { Key: 'DebitPartyCharges', Value: 'Fee For B2C Payment|KES|22.40' },
        { Key: 'TransactionReason' },
        { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
        { Key: 'TransactionStatus', Value: 'Completed' },
        { Key: 'FinalisedTime', Value: '20180223054112' },
        { Key: 'Amount', Value: '300' },
        { Key: 'ConversationID', Value: 'AG_20180223_000041b09c22e613d6c9' },
        { Key: 'ReceiptNo', Value: 'MBN31H462N' },
      ],
    },
    ResultType: 0,
    TransactionID: 'MBN0000000',
  },
};

describe('Transaction Status results as Daraja documents them', () => {
  it('names our payment by the OriginatorConversationID result parameter, not the Occasion (which comes back empty)', () => {
    expect(readB2cResult(DOCUMENTED_STATUS_RESULT)).toEqual({
      originatorId: '3211-416020-3',
      resultCode: '0',
      resultDesc: 'The service request is processed successfully. (Completed)',
      transactionId: 'MBN31H462N',
      receipt: 'MBN31H462N',
      amount: 300,
      undecided: false,
    });
  });

  it('still reads the Occasion when the parameter is missing, and a Failed status as failed', () => {
    const params = DOCUMENTED_STATUS_RESULT.Result.ResultParameters.ResultParameter.filter((p) => p.Key !== 'OriginatorConversationID').map(
      (p) => (p.Key === 'TransactionStatus' ? { ...p, Value: 'Failed' } : p),
    );
    const result = readB2cResult({
      Result: {
        ...DOCUMENTED_STATUS_RESULT.Result,
        ReferenceData: { ReferenceItem: { Key: 'Occasion', Value: 'ours-1' } },
        ResultParameters: { ResultParameter: params },
      },
    });
    expect(result).toMatchObject({ originatorId: 'ours-1', resultCode: 'status:Failed', undecided: false });
  });
});
