import type { PaymentsConfig } from '../../../config';
import { CardGatewayClient } from './card-gateway';
import { DarajaClient } from './daraja';
import type { PaymentProviders } from './types';

const built = new WeakMap<PaymentsConfig, PaymentProviders>();

/** One set of clients per configuration, so the order routes, the payment routes and the job share tokens. */
export function paymentProviders(config: PaymentsConfig): PaymentProviders {
  let providers = built.get(config);
  if (providers === undefined) {
    providers = {
      mpesa: config.mpesa === null ? null : new DarajaClient(config.mpesa),
      card: config.card === null ? null : new CardGatewayClient(config.card),
    };
    built.set(config, providers);
  }
  return providers;
}
