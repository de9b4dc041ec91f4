// The parcel icon, which the header, the product photos' stand-in and the orders list show: a module of
// its own, so that none of them takes the other icons (icons.tsx) with it. Decorative.
import { icon } from '@shambasoko/shared/ui';

export const PackageIcon = icon(
  <>
    <path d="M21 16V8a2 2 0 0 0-1-1.7l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.7l7 4a2 2 0 0 0 2 0l7-4a2 2 0 0 0 1-1.7Z" />
    <path d="M3.3 7 12 12l8.7-5M12 22V12" />
  </>,
);
