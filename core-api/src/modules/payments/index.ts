// The payments module's public interface: what other modules (the market) may use. Nothing else in
// payments/ is imported from outside it (scripts/lint/boundaries.mjs).
export { type OrderSide, connectOrderSide } from './order-side';
export { recordManualPayment } from './ledger';
export { paymentProviders } from './providers';
export { type PaymentDeps, startFirstPayment } from './service';
export { type OrderForPayment, orderPaymentOf, paymentsByOrder } from './view';
export type { PaymentRow } from './repository';
