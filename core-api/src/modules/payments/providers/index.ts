import type { PaymentsConfig } from '../../../config';
import { CardGatewayClient } from './card-gateway';
import { B2cClient } from './b2c';
import { DarajaClient } from './daraja';
import type { PaymentProviders } from './types';

const built = new WeakMap<PaymentsConfig, PaymentProviders>();

/** One set of clients per configuration, so the order routes, the payment routes and the job share tokens. */
export function paymentProviders(config: PaymentsConfig): PaymentProviders {
  let providers = built.get(config);
  if (providers === undefined) {
    const daraja = config.mpesa === null ? null : new DarajaClient(config.mpesa);
    const b2c = config.b2c;
    providers = {
      mpesa: daraja,
      card: config.card === null ? null : new CardGatewayClient(config.card),
      // The same Daraja app as the STK push when its key is the same: one token cache.
      b2c:
        b2c === null
          ? null
          : new B2cClient(
              b2c,
              daraja !== null && config.mpesa?.consumerKey === b2c.consumerKey && config.mpesa.baseUrl === b2c.baseUrl
                ? daraja
                : new DarajaClient({ ...b2c, passkey: '' }),
            ),
    };
    built.set(config, providers);
  }
  return providers;
}
