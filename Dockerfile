# syntax=docker/dockerfile:1
# The shop server: one market per container (SITE), compiled JavaScript on plain Node, production
# dependencies only, as an unprivileged user. No secret is baked in: every setting comes from the
# environment at run time (README "Container"; compose.yaml).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# the manifests first, so the dependency layer is rebuilt only when they change
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY docs/package.json docs/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/packages/db/package.json packages/db/
COPY --from=build /app/packages/domain/package.json packages/domain/
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
COPY --from=build /app/docs/package.json docs/
RUN npm ci --omit=dev && npm cache clean --force
# the compiled server carries the migrations and geography data (apps/server/build.mjs); the web build is what it serves
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/build apps/web/build
# node's image has the unprivileged user `node`; the embedded database (without DATABASE_URL) writes under /app/data
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# exec form: node is PID 1 and receives `docker stop`'s SIGTERM itself, then drains (SHUTDOWN_TIMEOUT_SECONDS)
CMD ["node", "--max-semi-space-size=64", "--enable-source-maps", "apps/server/dist/main.js"]
