/**
 * Which addresses stay reachable while the journal is locked. Pure: shared by the proxy and the
 * server's early request check.
 */
const OPEN_WHEN_LOCKED = [/^\/lock$/u, /^\/offline$/u, /^\/api\/auth\/(login|status)$/u, /^\/icon\.svg$/u, /^\/manifest\.webmanifest$/u, /^\/robots\.txt$/u, /^\/favicon\.ico$/u, /^\/sw\.js$/u, /^\/icons\//u];

export function isOpenWhenLocked(pathname: string): boolean {
  return OPEN_WHEN_LOCKED.some((re) => re.test(pathname));
}
