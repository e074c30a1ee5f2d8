# Hostdeck: one image for the API, the workers and the web client. See docs/operations/deploy.md.
# Debian slim rather than Alpine: sharp, @node-rs/argon2 and PGlite all ship glibc builds for it.
# Pin the base to a digest (node:20-bookworm-slim@sha256:...) for reproducible builds.
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Build: every dependency (dev ones too), then the web client and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# The manifests first, so the npm ci layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/plugin-sdk/package.json packages/plugin-sdk/
COPY tools/pterodactyl-sim/package.json tools/pterodactyl-sim/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies of the server only (the bundle keeps npm packages external).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/plugin-sdk/package.json packages/plugin-sdk/
COPY tools/pterodactyl-sim/package.json tools/pterodactyl-sim/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace @hostdeck/api --no-audit --no-fund && npm cache clean --force

# 3. Runtime: node_modules, the bundle, the migrations and the built client; nothing else.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./
# The workspace packages are compiled into the bundle; npm's links to them only need their manifests.
COPY --from=deps /app/packages/contracts/package.json packages/contracts/
COPY --from=deps /app/tools/pterodactyl-sim/package.json tools/pterodactyl-sim/
# Plugins run as they are (no build): the SDK they import at run time, and the shipped plugins.
COPY --from=build /app/packages/plugin-sdk packages/plugin-sdk
COPY --from=build /app/plugins plugins
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
# The server finds its migrations beside dist/ (apps/api/drizzle) and the client at apps/web/dist.
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR holds uploads, local backups and (without DATABASE_URL) the embedded database.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
# The node user (uid 1000) of the base image: the server never needs root.
USER node
EXPOSE 3000
# /healthz touches nothing but the process; readiness (/readyz) is for the load balancer.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
