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

/**
 * The emulator compiles an operation's validator on its first call (auth-emulator-lazy.cjs), holding
 * its event loop; on a busy machine (load 33) one seeding request then ended with "fetch failed" and no
 * answer, most likely a kept-alive connection closed meanwhile. Every call the seeding makes can be
 * repeated safely (sign-up accepts EMAIL_EXISTS), so a request that got no answer is sent again.
 */
export async function retryOnNetworkError(request, attempts = 4) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}
