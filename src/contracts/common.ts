import { z } from "zod";
import { isDayKey, isValidTimeZone, parseIsoInstant } from "@/domain/dates";

/**
 * The small schemas every contract shares: ids made by a device, instants, days and time zones. One
 * definition each, so every route answers the same bad input with the same words.
 */

/** A UUID of any version in its 8-4-4-4-12 hex form (either case; answered in lower case). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;

/** A client-made id (a UUID), kept in lower case. */
export const ClientIdSchema = z
  .string({ message: "must be a UUID such as 0193a0c4-7b2e-7c3d-9f10-2a4b6c8d0e1f" })
  .regex(UUID_RE, "must be a UUID such as 0193a0c4-7b2e-7c3d-9f10-2a4b6c8d0e1f")
  .transform((s) => s.toLowerCase());

/** An instant with its offset, as the API reads and writes them. */
export const IsoInstantSchema = z
  .string()
  .refine(
    (s) => parseIsoInstant(s) !== null,
    "must be an ISO 8601 date-time with a time zone offset (years 0000-9999)",
  );

/** An IANA time zone name (the person's zone: days are their local days). */
export const TimeZoneSchema = z.string().refine(isValidTimeZone, "must be an IANA time zone such as Europe/Paris");

/** A calendar day, "YYYY-MM-DD". */
export const DayKeySchema = z.string().refine(isDayKey, "must be a date as YYYY-MM-DD");

/** A range bound in a query: a whole local day or an exact instant. */
export const DateParamSchema = z
  .string()
  .refine(
    (s) => isDayKey(s) || parseIsoInstant(s) !== null,
    "must be YYYY-MM-DD or an ISO date-time with a time zone offset",
  );
