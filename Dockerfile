# Production image: the CMS serving the built site, the API, GraphQL and the panel on one port.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY cms/package.json cms/
COPY web/package.json web/
COPY seed/package.json seed/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
ENV NODE_ENV=production
RUN npm run build --workspace contract \
  && npm run build --workspace web -- --emptyOutDir \
  && npm run build --workspace cms \
  && npm run build --workspace seed

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=1337
COPY --from=build /app /app
RUN mkdir -p /app/cms/public/uploads && chown -R node:node /app/cms/public/uploads
USER node
EXPOSE 1337
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||1337)+'/_health').then(r=>process.exit(r.status<400?0:1)).catch(()=>process.exit(1))"
# Seed (idempotent) then serve.
CMD ["sh", "-c", "node seed/dist/run.js && cd cms && exec node ../node_modules/@strapi/strapi/bin/strapi.js start"]
