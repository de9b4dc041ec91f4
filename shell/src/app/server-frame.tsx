import { HeldServerFrame, PageSpinner, hasServerFrame } from '@shambasoko/shared';

/**
 * The app area's loading frame on the first render: the frame the server painted into the page
 * (shared/src/page/server-frame.tsx), else a spinner.
 */
export function ServerFrame() {
  return hasServerFrame() ? <HeldServerFrame /> : <PageSpinner />;
}
