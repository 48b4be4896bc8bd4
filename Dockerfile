# Production image: one Node process that migrates, seeds (idempotent) and serves the built site, the API,
# GraphQL and the panel on one port. Stages: the workspaces' manifests and a compiler, on which one stage
# builds everything and another installs only the runtime dependencies, then a slim runtime with nothing
# but those dependencies and the built output.
ARG NODE_VERSION=24

# ---- manifests: the compiler native modules need, and every workspace's package.json (npm ci checks the
# lock file against all of them). A new workspace adds its package.json here.
FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY cms/package.json cms/
COPY web/package.json web/
COPY seed/package.json seed/
COPY tests/package.json tests/

# ---- build: all dependencies, then the site, the CMS (panel included) and the seed command
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY contract contract
COPY cms cms
COPY web web
COPY seed seed
ENV NODE_ENV=production
RUN npm run build --workspace contract \
  && npm run build --workspace web -- --emptyOutDir \
  && npm run build --workspace cms \
  && npm run build --workspace seed

# ---- runtime dependencies: production dependencies of the workspaces the server runs (native modules
# compile here, so the runtime needs no compiler). A new runtime workspace adds a --workspace flag here.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace contract --workspace cms --workspace seed \
  && npm cache clean --force \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete

# ---- runtime
FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
# REQUIRE_PUBLIC_URL: a production server must know its public address (links, and the host it answers for).
# NODE_OPTIONS: the server's V8 heap, capped as `npm start` caps it (scripts/lib/server.mjs, SERVER_HEAP_FLAGS);
# a compose or `docker run -e NODE_OPTIONS=...` value replaces it.
ENV NODE_ENV=production PORT=1337 REQUIRE_PUBLIC_URL=true NODE_OPTIONS="--max-old-space-size=384 --max-semi-space-size=8"
COPY --from=runtime-deps /app/package.json ./
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/contract/package.json contract/
COPY --from=build /app/contract/dist contract/dist
COPY --from=runtime-deps /app/cms/package.json cms/
COPY --from=runtime-deps /app/seed/package.json seed/
COPY --from=build /app/cms/dist cms/dist
COPY --from=build /app/cms/favicon.png cms/
COPY --from=build /app/cms/database cms/database
COPY --from=build /app/web/dist web/dist
# The server renderer: one self-contained bundle (Vite ssr.noExternal), no web dependencies needed.
COPY --from=build /app/web/dist-server web/dist-server
COPY --from=build /app/seed/dist seed/dist
COPY --from=build /app/seed/assets seed/assets
RUN mkdir -p cms/public/uploads && chown node:node cms && chown -R node:node cms/public
USER node
EXPOSE 1337
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||1337)+'/_health').then(r=>process.exit(r.status<400?0:1)).catch(()=>process.exit(1))"
# One boot: schema sync and the idempotent seed run inside the serving process, before it listens.
CMD ["node", "seed/dist/serve.js"]
