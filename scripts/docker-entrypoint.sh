#!/bin/sh
# Picks where the journal lives: /data when that volume exists and is writable (a Space's
# persistent storage), otherwise /app/data inside the container. Explicit variables win.
set -e
if [ -d /data ] && [ -w /data ]; then base=/data; else base=/app/data; fi
export DATABASE_URL="${DATABASE_URL:-file:$base/journal.db}"
export UPLOAD_DIR="${UPLOAD_DIR:-$base/uploads}"
mkdir -p "$UPLOAD_DIR"
# The early request check (unknown methods, foreign hosts, body limits, the lock) runs before Next.
exec node --import ./server-guard.mjs server.js
