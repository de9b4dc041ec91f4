// `npm start`'s order (issue 43): the services (auth emulator, payments sandbox, core API) start at once
// and become ready while the front ends build; the apps are served once both are done. A failure of
// either rejects at once, so the start stops without waiting for the other.

/**
 * @param {{ startServices: () => void, build: () => Promise<unknown>, servicesReady: () => Promise<unknown>, serveApps: () => Promise<unknown> }} steps
 */
export async function startInOrder({ startServices, build, servicesReady, serveApps }) {
  startServices();
  await Promise.all([build(), servicesReady()]);
  await serveApps();
}
