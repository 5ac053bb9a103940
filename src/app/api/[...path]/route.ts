import { notFound } from "@/server/http/errors";
import { route } from "@/server/http/request";

/** Any other address under /api answers 404 in the one JSON error shape, not with the HTML page for people. */
const unknown = route<{ path: string[] }>(async () => {
  throw notFound("There is no API route at this address.");
});

export const GET = unknown;
export const POST = unknown;
export const PUT = unknown;
export const PATCH = unknown;
export const DELETE = unknown;
