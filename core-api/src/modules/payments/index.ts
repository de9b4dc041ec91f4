// The payments module's public interface: what other modules (the market) may use. Nothing else in
// payments/ is imported from outside it (scripts/lint/boundaries.mjs).
export { type OrderSide, connectOrderSide } from './order-side';
export {
  type PaidPart,
  partPaidMethod,
  partRefundDue,
  recordManualPayment,
  recordPaidPartsCancelled,
  recordPartRefunded,
  recordPartReleased,
  recordPartsPaid,
  recordRefundSettledByHand,
  sellerMoney,
} from './ledger';
export { paymentProviders } from './providers';
export { payRefundsDue } from './refunds';
export { startFirstPayment } from './service';
export { orderPaymentOf, paymentsFromJson } from './view';
export { type PaymentJson, orderPaymentsJson } from './repository';
export { orderMoney, sellerLedgerPeriod } from './statement';
