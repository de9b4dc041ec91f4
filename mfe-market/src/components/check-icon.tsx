import { icon } from '@shambasoko/shared/ui';

// A tick, decorative: the control or text beside it says what it means. Its own module: the toasts' list
// (a dashboard page loads it with its first toast) and the checkout's steps take it without the frame's icons.
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);
