// The static image's process: the built shell behind the CDN. /remotes.json comes from the API's
// registry and the pages' CSP follows it, as `npm start` does; the API routes are proxied only when
// no Ingress sends them to the API directly.
import path from 'node:path';
import { contentSecurityPolicy, createRemoteOriginsCache } from '../../scripts/csp.mjs';
import { createPageFrame } from '../../scripts/page-frame.mjs';
import { createPageHints, readHeadStart } from '../../scripts/page-hints.mjs';
import { createStaticServer, jsonLogger } from '../../scripts/serve-static.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const apiOrigin = process.env.CORE_API_ORIGIN ?? 'http://core-api:4000';
const originsCache = createRemoteOriginsCache({ apiOrigin });
const firebaseProject = process.env.FIREBASE_PROJECT_ID ?? 'demo-shambasoko';

// One access line per request on stdout (JSON, as the API's), for the cluster's log collector.
const log = jsonLogger();
const server = createStaticServer({
  roots: [path.join(root, 'shell/dist'), path.join(root, 'shell/public')],
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '0.0.0.0',
  apiOrigin,
  csp: async () => contentSecurityPolicy({ remotes: await originsCache.fresh(), firebaseProject }),
  manifest: { path: '/remotes.json', onManifest: originsCache.update },
  pageHints: createPageHints({ manifest: originsCache.manifest, headStart: readHeadStart(path.join(root, 'shell/dist')), apiOrigin }),
  pageFrame: createPageFrame({ manifest: originsCache.manifest }),
  log,
});

await originsCache.start();
await server.listen();
log.info({ apiOrigin }, `shell served on port ${process.env.PORT ?? 8080}, API at ${apiOrigin}`);

const stop = () => {
  originsCache.stop();
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
