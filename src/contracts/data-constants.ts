/**
 * Names and limits of /api/data/* that the browser needs as well as the server. This module must not
 * import zod (or anything heavy): client code imports it, and @/contracts/data (the schemas) re-exports it.
 */

/** Headers of GET /data/export. */
export const EXPORT_ESTIMATE_HEADER = "X-Export-Estimated-Size";

// ---------- limits of an import (documented in the README) ----------

const MB = 1024 * 1024;
/** The largest import file, and the most an archive may hold once uncompressed. */
export const MAX_IMPORT_BYTES = 2 * 1024 * MB;
export const MAX_IMPORT_LABEL = "2 GB";
/** The most files (folders included) an archive may list. */
export const MAX_ARCHIVE_FILES = 10_000;
/** The largest journal JSON (ours, Day One's or jrnl's), alone or inside an archive. */
export const MAX_JOURNAL_JSON_BYTES = 200 * MB;
/** A file over this size that shrank more than MAX_COMPRESSION_RATIO times in the archive is refused. */
export const COMPRESSION_RATIO_MIN_BYTES = 1 * MB;
export const MAX_COMPRESSION_RATIO = 100;
/** A large import file is sent in parts of this size (each passes the request size limit). */
export const IMPORT_PART_BYTES = 8 * MB;
/** At most this many issues are listed in a report; the rest are counted. */
export const MAX_REPORTED_ISSUES = 200;
