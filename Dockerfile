# syntax=docker/dockerfile:1
# ShambaSoko's images, built from the repository root (deploy/README.md):
#   docker build --target core-api -t shambasoko/core-api:<tag> .
#   docker build --target static -t shambasoko/static:<tag> .
#   docker build --target bundles --output type=local,dest=out .   (the shell's and remotes' dist/)
# BuildKit builds only the stages a target needs; both images share the lock-pinned install.
ARG NODE_IMAGE=node:24-bookworm-slim

# Every workspace's package.json: npm ci checks the whole lock file against them.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY shared/package.json shared/
COPY core-api/package.json core-api/
COPY shell/package.json shell/
COPY mfe-auth/package.json mfe-auth/
COPY mfe-market/package.json mfe-market/
COPY mfe-farm/package.json mfe-farm/
COPY mfe-legal/package.json mfe-legal/
COPY e2e/package.json e2e/
COPY scripts/package.json scripts/

# Build stage: the full install (webpack for the front ends; tsx and esbuild for the API).
FROM manifests AS deps
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS web-build
COPY tsconfig.json ./
COPY scripts scripts
COPY contracts contracts
COPY shared shared
COPY shell shell
COPY mfe-auth mfe-auth
COPY mfe-market mfe-market
COPY mfe-farm mfe-farm
COPY mfe-legal mfe-legal
RUN NODE_ENV=production node scripts/build.mjs --force

# Production dependencies of core-api and of @shambasoko/contracts (zod only), nothing else: no React, no
# design system, no Lingui, no Firebase web SDK (issue 44; sizes in deploy/README.md).
FROM manifests AS prod-deps
# The image brings its own Node: the Node binary the repository pins for development (an optional
# dependency) is not copied into it.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace core-api --workspace contracts \
  && rm -rf node_modules/node-linux-* && npm cache clean --force

# The built shell (its shared-versions.json is registered with the API) and the remotes' builds,
# which the release pipeline versions, uploads to the bucket and registers.
FROM scratch AS bundles
COPY --from=web-build /app/shell/dist /shell/dist
COPY --from=web-build /app/mfe-auth/dist /mfe-auth/dist
COPY --from=web-build /app/mfe-market/dist /mfe-market/dist
COPY --from=web-build /app/mfe-farm/dist /mfe-farm/dist
COPY --from=web-build /app/mfe-legal/dist /mfe-legal/dist

# The core API. It runs its TypeScript through tsx, as `npm start` does: several modules read files
# beside their source (static/, package.json, the PGlite worker), which a bundle would move. tsx
# transpiles each module once at start; nothing is compiled per request.
FROM ${NODE_IMAGE} AS core-api
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    DATA_DIR=/var/lib/shambasoko \
    REMOTES_SEED=/app/no-remotes-seed.json
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=deps /app/node_modules/tsx ./node_modules/tsx
COPY --from=deps /app/node_modules/esbuild ./node_modules/esbuild
COPY --from=deps /app/node_modules/@esbuild ./node_modules/@esbuild
COPY tsconfig.json ./
COPY contracts/src contracts/src
COPY core-api/src core-api/src
COPY core-api/seed core-api/seed
COPY core-api/migrations core-api/migrations
# Operators' commands (photos:to-bucket, admin:grant), run with `node --import tsx core-api/scripts/<name>.ts`.
COPY core-api/scripts core-api/scripts
COPY core-api/static core-api/static
# The node image's unprivileged user (uid 1000); DATA_DIR holds uploaded photos (mount a volume there).
RUN mkdir -p /var/lib/shambasoko && chown 1000:1000 /var/lib/shambasoko
USER 1000:1000
EXPOSE 4000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# No npm in the way: node receives SIGTERM itself and drains requests before closing the database.
CMD ["node", "--import", "tsx", "core-api/src/server.ts"]

# The shell's static server, the CDN's origin for the shell; Node's built-ins only, no node_modules.
FROM ${NODE_IMAGE} AS static
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080
WORKDIR /app
COPY scripts/serve-static.mjs scripts/csp.mjs scripts/page-hints.mjs scripts/page-frame.mjs scripts/
COPY scripts/deploy/store.mjs scripts/deploy/
COPY deploy/static/server.mjs deploy/static/
COPY --from=web-build /app/shell/dist shell/dist
COPY shell/public shell/public
USER 1000:1000
EXPOSE 8080
# Not /health: the server proxies that path to the API.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "deploy/static/server.mjs"]
