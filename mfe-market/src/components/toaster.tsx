import { ToastItems } from './toast-items';
import { ToastRegion } from './toast-region';

/** The market frame's toasts: the region and its list, both loaded with the frame. */
export function Toaster() {
  return (
    <ToastRegion>
      <ToastItems />
    </ToastRegion>
  );
}
