/**
 * Reading /proc/mounts: is a folder on a network or object-storage mount (FUSE, NFS, SMB...)? A live
 * SQLite database with WAL does not belong there; snapshots do.
 */

export interface Mount {
  device: string;
  mountPoint: string;
  type: string;
}

/** /proc/mounts escapes space, tab, newline and backslash in octal. */
const unescape = (s: string) => s.replace(/\\([0-7]{3})/gu, (_, o: string) => String.fromCharCode(parseInt(o, 8)));

export function parseMounts(text: string): Mount[] {
  const out: Mount[] = [];
  for (const line of text.split("\n")) {
    const [device, mountPoint, type] = line.trim().split(/\s+/u);
    if (device && mountPoint && type) out.push({ device: unescape(device), mountPoint: unescape(mountPoint), type });
  }
  return out;
}

/** The mount a folder lives on: the longest mount point that contains it (the last one mounted wins). */
export function mountOf(dir: string, mounts: readonly Mount[]): Mount | null {
  const clean = dir.length > 1 ? dir.replace(/\/+$/u, "") : dir;
  let best: Mount | null = null;
  for (const m of mounts) {
    const mp = m.mountPoint.length > 1 ? m.mountPoint.replace(/\/+$/u, "") : m.mountPoint;
    const inside = mp === "/" || clean === mp || clean.startsWith(`${mp}/`);
    if (inside && (!best || mp.length >= best.mountPoint.replace(/\/+$/u, "").length)) best = m;
  }
  return best;
}

const NETWORK_TYPES = new Set([
  "nfs",
  "nfs4",
  "cifs",
  "smb3",
  "smbfs",
  "9p",
  "ceph",
  "glusterfs",
  "afs",
  "davfs",
  "lustre",
  "beegfs",
  "gpfs",
]);

/**
 * A network or object-storage file system. FUSE file systems count (s3fs, gcsfuse, sshfs, a Space's
 * storage bucket...), except `fuseblk`, which is a local block device read through FUSE (NTFS, exFAT).
 */
export function isNetworkType(type: string): boolean {
  const t = type.toLowerCase();
  if (t === "fuseblk") return false;
  if (t === "fuse" || t.startsWith("fuse.")) return true;
  return NETWORK_TYPES.has(t.split(".")[0]!);
}

export function isOnNetworkMount(dir: string, mountsText: string): boolean {
  const m = mountOf(dir, parseMounts(mountsText));
  return m ? isNetworkType(m.type) : false;
}
