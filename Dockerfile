# Multi-stage image of the whole product: web app, lawyer console and server in one Node process.
# Not built or run on the development machines (no container daemon there); the bare-metal path
# `npm ci && npm run build && npm prune --omit=dev && npm run start:prod` that it wraps is tested in CI.

FROM node:20-bookworm AS build
WORKDIR /app
# Native addons (better-sqlite3, argon2) build or fetch their binaries here.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY packages/adapters/package.json packages/adapters/
COPY packages/web/package.json packages/web/
COPY packages/console/package.json packages/console/
COPY packages/server/package.json packages/server/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages packages
# The server's own versions of some packages (npm installs them beside it when the root holds another version) must
# reach the runtime image; the folder exists even when there are none, so the COPY below never fails.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && mkdir -p packages/server/node_modules

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    CHAT_PORT=8081 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/.npmrc ./
COPY --from=build --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/packages/core/package.json packages/core/
COPY --from=build --chown=node:node /app/packages/adapters/package.json packages/adapters/
COPY --from=build --chown=node:node /app/packages/web/package.json packages/web/
COPY --from=build --chown=node:node /app/packages/web/dist packages/web/dist
COPY --from=build --chown=node:node /app/packages/console/package.json packages/console/
COPY --from=build --chown=node:node /app/packages/console/dist packages/console/dist
COPY --from=build --chown=node:node /app/packages/server/package.json packages/server/
COPY --from=build --chown=node:node /app/packages/server/dist packages/server/dist
COPY --from=build --chown=node:node /app/packages/server/node_modules packages/server/node_modules
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080 8081
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "packages/server/dist/main.js"]
