# syntax=docker/dockerfile:1
# Two stages: install and build with every dependency; run with only the files the server loads.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The dependency patches npm install applies (patch-package; docs/decisions/104).
COPY patches ./patches
# `npm install`, not `npm ci`: see docs/decisions/006-npm-install.md
RUN npm install --no-audit --no-fund --loglevel=error
COPY . .
# The built server and app, static files, migrations and the traced files of node_modules
# (scripts/runtime-files.js; no build tools, tests, type definitions or source maps):
# docs/decisions/064-runtime-image.md
RUN npm run build && node scripts/runtime-files.js /runtime && mkdir /runtime/data

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /runtime ./
RUN chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The same command as `npm start` runs after its build step.
CMD ["node", "build/server.js"]
