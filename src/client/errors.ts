"use client";
/** How a failed request reads on screen. Screens import these from here, never the request helper itself. */

/** An API failure as the screens see it (spec section 8): a message, the status and the server's code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
  get isNetwork(): boolean {
    return this.code === "NETWORK_ERROR";
  }
}

export const NETWORK_ERROR_MESSAGE = "Network error. Please check your connection.";
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred.";

export function errorMessage(err: unknown, fallback = "An unexpected error occurred"): string {
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/** Extra advice the error box adds (spec section 8). */
export function errorAdvice(err: unknown): string[] {
  const out: string[] = [];
  const msg = err instanceof Error ? err.message.toLowerCase() : "";
  if (msg.includes("network error") || msg.includes("failed to fetch") || msg.includes("fetch failed")) {
    out.push("Please check your internet connection and try again.");
  }
  if (err instanceof ApiError && (err.status ?? 0) >= 500)
    out.push("The server is experiencing issues. Please try again later.");
  return out;
}
