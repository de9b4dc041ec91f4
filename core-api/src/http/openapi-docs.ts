import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

// The human-readable reference at /v1/docs: Swagger UI (swagger-ui-dist) rendering the OpenAPI
// document. Every file comes from this API; nothing is fetched from another origin.

export const DOCS_PREFIX = '/v1/docs';

/**
 * The page runs only our own files: no inline script or style (Swagger UI styles elements through the
 * DOM, which CSP allows), its icons are data: images, and "Try it out" calls this origin only.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** Our own start-up script: kept out of the page so the CSP needs no inline script. */
const initScript = (documentUrl: string) => `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(documentUrl)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    // Tags start folded: past 100 paths, swagger-ui's expanded 'list' default draws only the first tag.
    docExpansion: 'none',
    // Its default sends the document to validator.swagger.io for a badge: never.
    validatorUrl: null,
    persistAuthorization: false,
  });
});
`;

interface Asset {
  file: string;
  contentType: string;
}

const ASSETS: Record<string, Asset> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', contentType: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', contentType: 'text/css; charset=utf-8' },
  'favicon-32x32.png': { file: 'favicon-32x32.png', contentType: 'image/png' },
};

export function registerDocsViewer(app: FastifyInstance, documentUrl: string): void {
  const { version } = JSON.parse(readFileSync(path.join(SWAGGER_UI_DIR, 'package.json'), 'utf8')) as { version: string };
  // The viewer's files carry its version, so a browser may keep each one for a year.
  const assetUrl = (name: string) => `${DOCS_PREFIX}/${name}?v=${version}`;
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ShambaSoko API reference</title>
<link rel="icon" type="image/png" href="${assetUrl('favicon-32x32.png')}">
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('init.js')}"></script>
</body>
</html>
`;
  const script = initScript(documentUrl);
  const longCache = 'public, max-age=31536000, immutable';
  const loaded = new Map<string, Promise<Buffer>>();
  const load = (file: string) => {
    let content = loaded.get(file);
    if (content === undefined) {
      content = readFile(path.join(SWAGGER_UI_DIR, file));
      // A failed read is tried again next time rather than kept.
      content.catch(() => loaded.delete(file));
      loaded.set(file, content);
    }
    return content;
  };

  app.get(DOCS_PREFIX, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', DOCS_CSP)
      .header('cache-control', 'no-cache')
      .send(page),
  );
  app.get(`${DOCS_PREFIX}/init.js`, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  for (const [name, asset] of Object.entries(ASSETS)) {
    app.get(`${DOCS_PREFIX}/${name}`, async (_request, reply) =>
      reply
        .header('content-type', asset.contentType)
        .header('cache-control', longCache)
        .send(await load(asset.file)),
    );
  }
}
