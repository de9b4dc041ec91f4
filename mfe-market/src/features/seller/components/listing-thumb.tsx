import type { SellerListing } from '@shambasoko/contracts';

/** The listing's first photo, small; a plain tile when it has none. */
export function ListingThumb({ listing }: { listing: SellerListing }) {
  const photo = listing.photos[0];
  return photo ? (
    <img src={photo.url} alt="" width={48} height={48} className="size-12 rounded-md object-cover" loading="lazy" />
  ) : (
    <span aria-hidden="true" className="block size-12 rounded-md bg-stone-200" />
  );
}
