// The market frame's icons (the header's cart and search), apart from the other icons (icons.tsx)
// and the toasts' tick (check-icon.tsx): the frame's chunk takes these and the pages find them there (webpack.config.mjs,
// market-frame). All are decorative: the control that holds one carries the accessible name.
import { icon } from '@shambasoko/shared/ui';

export const CartIcon = icon(
  <>
    <circle cx="9" cy="21" r="1" />
    <circle cx="20" cy="21" r="1" />
    <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
  </>,
);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
