"use client";
import type { ApiRoutes, RawResponse } from "@/contracts/routes";
import { api, buildUrl, type RequestOptions } from "./api";

/**
 * The typed caller of the API: `call("GET /entries/[id]", { params: { id } })` answers an EntryDto.
 * The route's key (method and path) must be a line of the table in src/contracts/routes.ts, so a
 * mistyped path, a wrong method, a missing param or body, or a wrong answer type fails the type check.
 * Under it `api()` stays the transport (timeout, forms, errors).
 */

export type RouteKey = keyof ApiRoutes;
type PathOf<K> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P> = P extends `${string}[${infer N}]${infer Rest}` ? N | ParamNames<Rest> : never;
type ParamsOpt<K> = [ParamNames<PathOf<K>>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<PathOf<K>>, string> };
type BodyOpt<K extends RouteKey> = [ApiRoutes[K]["body"]] extends [undefined]
  ? { body?: undefined }
  : { body: ApiRoutes[K]["body"] };
type QueryOpt<K extends RouteKey> = [ApiRoutes[K]["query"]] extends [undefined]
  ? { query?: undefined }
  : { query?: ApiRoutes[K]["query"] };

export type CallOptions<K extends RouteKey> = ParamsOpt<K> &
  BodyOpt<K> &
  QueryOpt<K> &
  Pick<RequestOptions, "signal" | "timeoutMs" | "headers">;
type Args<K extends RouteKey> = object extends CallOptions<K> ? [opts?: CallOptions<K>] : [opts: CallOptions<K>];

/** What a route answers. */
export type ResponseOf<K extends RouteKey> = ApiRoutes[K]["response"];
/** The routes answered as JSON (the others, streams and files, are read with `routeUrl`). */
export type JsonRoute = { [K in RouteKey]: ApiRoutes[K]["response"] extends RawResponse ? never : K }[RouteKey];

interface Loose {
  params?: Record<string, string>;
  body?: unknown;
  query?: RequestOptions["query"];
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** The method and the path (params filled in, each encoded) of a route. */
export function resolveRoute(key: RouteKey, params: Record<string, string> = {}) {
  const space = key.indexOf(" ");
  const method = key.slice(0, space) as NonNullable<RequestOptions["method"]>;
  const path = key.slice(space + 1).replace(/\[(\w+)\]/gu, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: missing param ${name}`);
    return encodeURIComponent(value);
  });
  return { method, path };
}

/** Calls a route of the API and answers its JSON, typed by the table. */
export function call<K extends JsonRoute>(key: K, ...[opts]: Args<K>): Promise<ResponseOf<K>> {
  const { params, ...rest } = (opts ?? {}) as Loose;
  const { method, path } = resolveRoute(key, params);
  return api<ResponseOf<K>>(path, { ...rest, method });
}

/** The address of a route ("/api/..."), for what fetch or XMLHttpRequest sends itself (streams, files, progress). */
export function routeUrl<K extends RouteKey>(
  key: K,
  ...[opts]: object extends ParamsOpt<K> & QueryOpt<K>
    ? [opts?: ParamsOpt<K> & QueryOpt<K>]
    : [opts: ParamsOpt<K> & QueryOpt<K>]
): string {
  const { params, query } = (opts ?? {}) as Loose;
  return buildUrl(resolveRoute(key, params).path, query);
}
