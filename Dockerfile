# Reverie for a Hugging Face Space (or any Docker host).
# A Space's persistent storage or storage bucket is mounted at /data. On a real disk the database,
# uploads and snapshots live there; on a network/object-storage (FUSE) mount only the snapshots do, the
# live database stays in /app/data and is restored from /data at start (see docker-entrypoint.sh).
# Set APP_PASSWORD as a secret (a Space without it stays closed) and the model key
# (GOOGLE_GENERATIVE_AI_API_KEY or OPENAI_API_KEY). `npm run check:docker` runs this run stage without Docker.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.mjs ./scripts/prisma-generate.mjs
RUN npm install --no-audit --no-fund --loglevel=error

FROM deps AS build
COPY . .
ENV NEXT_OUTPUT_STANDALONE=1
RUN npm run build

FROM node:24-bookworm-slim AS run
WORKDIR /app
# HOSTNAME is set explicitly: Docker would otherwise set it to the container id. A Space is reached
# through Hugging Face's proxy, whose Host (SPACE_HOST, set by the Space) is allowed automatically.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=7860 HOSTNAME=0.0.0.0
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/prisma/migrations ./prisma/migrations
COPY --chown=node:node scripts/docker-entrypoint.sh ./docker-entrypoint.sh
COPY --chown=node:node scripts/server-guard.mjs ./server-guard.mjs
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 7860
CMD ["sh", "/app/docker-entrypoint.sh"]
