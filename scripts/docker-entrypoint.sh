#!/bin/sh
# Picks the data folder: DATA_DIR when set, otherwise /data when that volume exists and is writable
# (a Space's persistent storage or storage bucket), otherwise /app/data inside the container.
# The app then decides (src/server/storage/layout.ts): on a real disk the database, uploads and
# snapshots live in the data folder; on a network or object-storage mount (FUSE, NFS, SMB) the live
# database stays on local disk (/app/data), snapshots go to the data folder, and the journal is
# restored from there at start. DATABASE_URL, UPLOAD_DIR and BACKUP_DIR still win when set.
set -e
if [ -z "$DATA_DIR" ]; then
  if [ -d /data ] && [ -w /data ]; then DATA_DIR=/data; else DATA_DIR=/app/data; fi
fi
export DATA_DIR
mkdir -p "$DATA_DIR"
# The early request check (unknown methods, foreign hosts, body limits, the lock) runs before Next.
exec node --import ./server-guard.mjs server.js
