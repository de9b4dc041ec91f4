// `npm start`'s order (issue 43): the services (auth emulator, payments sandbox, core API) start at once
// and become ready while the front ends build. The apps a first visit needs (the shell and the first
// remotes) are served as soon as they and the services are ready, which is when the URL is printed; the
// others are served when their builds end. A failure of any step rejects at once, so the start stops
// without waiting for the others.

/**
 * @param {{
 *   startServices: () => void,
 *   build: () => { first: Promise<unknown>, rest: Promise<unknown> },
 *   servicesReady: () => Promise<unknown>,
 *   serveApps: () => Promise<unknown>,
 *   serveRest?: () => Promise<unknown>,
 * }} steps  `build().first` settles when the first apps are built, `rest` when every build has ended
 */
export async function startInOrder({ startServices, build, servicesReady, serveApps, serveRest = async () => {} }) {
  startServices();
  const { first, rest } = build();
  const restFailed = new Promise((_, reject) => rest.catch(reject));
  await Promise.race([Promise.all([first, servicesReady()]), restFailed]);
  await serveApps();
  await rest;
  await serveRest();
}

/**
 * Runs `buildAll(onBuilt)`, which calls `onBuilt(dir)` as each app's bundle becomes current, and
 * answers `first` (every app of `firstDirs` current, or the whole build ended) and `rest` (the whole
 * build ended); a failed build rejects both.
 * @param {(onBuilt: (dir: string) => void) => Promise<unknown>} buildAll
 * @param {string[]} firstDirs
 */
export function splitBuild(buildAll, firstDirs) {
  const pending = new Set(firstDirs);
  /** @type {() => void} */
  let markFirst = () => {};
  const firstBuilt = new Promise((resolve) => (markFirst = () => resolve(undefined)));
  if (pending.size === 0) markFirst();
  const rest = Promise.resolve().then(() =>
    buildAll((dir) => {
      pending.delete(dir);
      if (pending.size === 0) markFirst();
    }),
  );
  return { first: Promise.race([firstBuilt, rest]), rest };
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
