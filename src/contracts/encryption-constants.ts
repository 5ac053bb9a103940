/** Constants of encryption shared by the browser and the server (zod-free, so the client bundle stays small). */

/** The shortest passphrase accepted when encryption is turned on or the passphrase is changed. */
export const MIN_PASSPHRASE_CHARS = 8;

export const LOST_PASSPHRASE_WARNING =
  "If you lose this passphrase, your journal is lost: every entry, photo and snapshot stays unreadable, and there is no way to recover it. Write it down and keep it somewhere safe.";
