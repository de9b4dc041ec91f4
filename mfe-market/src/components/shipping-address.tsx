import type { ShippingForm } from '@shambasoko/contracts';
import { useT } from '../lib/i18n-buy';

/** A delivery address as the buyer reads it back: name, town and county, landmark, pick-up point, then how to reach them. */
export function ShippingAddress({ address: a, nameClassName = 'font-medium' }: { address: ShippingForm; nameClassName?: string }) {
  const t = useT();
  return (
    <>
      <p className={nameClassName}>
        {a.firstName} {a.lastName}
      </p>
      <p>
        {a.city}, {a.state}
        {a.postalCode ? ` ${a.postalCode}` : ''}
      </p>
      <p>{a.address}</p>
      {a.pickupPoint && <p>{t('address.pickup', { point: a.pickupPoint })}</p>}

      <p>
        {a.phone} · {a.email}
      </p>
    </>
  );
}
