import type { ShippingForm } from '@shambasoko/shared';

/** A delivery address as the buyer reads it back: name, street, town and county, then how to reach them. */
export function ShippingAddress({ address: a, nameClassName = 'font-medium' }: { address: ShippingForm; nameClassName?: string }) {
  return (
    <>
      <p className={nameClassName}>
        {a.firstName} {a.lastName}
      </p>
      <p>{a.address}</p>
      <p>
        {a.city}, {a.state}
        {a.postalCode ? ` ${a.postalCode}` : ''}
      </p>
      <p>
        {a.phone} · {a.email}
      </p>
    </>
  );
}
