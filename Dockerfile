# syntax=docker/dockerfile:1
# The quiz portal's production image: the built portal and the API server compiled to JavaScript
# (dist/, dist-server/), production dependencies only, run as the unprivileged `node` user.
#   docker build -t quiz-portal .
#   docker run --init -p 3000:3000 --env-file .env quiz-portal            (see README, "Deploy")
# Migrations are a step of their own: `docker run --rm --env-file .env quiz-portal node dist-server/migrate.js`.

# Node 22 LTS, the Node of package.json's "engines", .nvmrc and CI (scripts/use-node22.sh).
ARG NODE_IMAGE=node:22-bookworm-slim

# Production dependencies. better-sqlite3 downloads a prebuilt binary, or compiles one with these tools.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY scripts/apply-patches.mjs scripts/
RUN npm ci --omit=dev && npm cache clean --force

# Every dependency, to build the portal (Vite) and compile the server (esbuild). Nothing here runs the
# server, so no install script is needed (no native module is compiled).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data \
  STATIC_DIR=/app/dist
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY package.json ./
# DATA_DIR: the SQLite file, uploads and mail when no database, bucket or SMTP server is configured.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "dist-server/main.js"]
