# The product as a customer deploys it: one image for the API replicas and the worker.
# Build: docker build -t chatbot-builder .   Run the topology: docker compose up (docker-compose.yml).

# ---- build: install everything, then build the client, the widget and the compiled server
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.base.json relay.config.js schema.graphql ./
COPY prisma ./prisma
COPY common/package.json common/
COPY server/package.json server/
COPY client/package.json client/
COPY widget/package.json widget/
RUN npm ci
COPY . .
RUN npx turbo run build \
 && npm prune --omit=dev \
 && mkdir -p server/node_modules

# ---- runtime: plain Node on the compiled server, production dependencies only
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/prisma ./prisma
# The server reads the bot choices and bounds from common/'s TypeScript (Node strips the types).
COPY --from=build /app/common ./common
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/node_modules ./server/node_modules
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/client/dist ./client/dist
COPY --from=build /app/widget/dist ./widget/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/dist/main.js"]
