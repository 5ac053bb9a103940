import sharp from "sharp";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { encodeWav } from "../../src/domain/wav";

/** Helpers of the journal editor and entry detail browser tests. */

export const FAKE_URL = `http://127.0.0.1:${process.env.FAKE_MODEL_PORT ?? 4010}`;

export interface FakeRequest {
  provider: string;
  path: string;
  task?: string;
  prompt: string;
  images: number;
}

export async function resetFake(request: APIRequestContext) {
  const res = await request.post(`${FAKE_URL}/__reset`);
  expect(res.ok()).toBe(true);
}

export async function scriptFake(request: APIRequestContext, rules: unknown) {
  const res = await request.post(`${FAKE_URL}/__script`, { data: rules });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function fakeRequests(request: APIRequestContext, task?: string): Promise<FakeRequest[]> {
  const res = await request.get(`${FAKE_URL}/__requests`);
  const all = (await res.json()) as FakeRequest[];
  return task ? all.filter((r) => r.task === task) : all;
}

/** A small real PNG (a violet square). */
export async function pngBytes(size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 124, g: 58, b: 237 } } })
    .png()
    .toBuffer();
}

/** A short real WAV file (a quiet tone). */
export function wavBytes(seconds = 0.5, rate = 16_000): Buffer {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.2 * Math.sin((2 * Math.PI * 440 * i) / rate);
  return Buffer.from(encodeWav([samples], rate));
}

/** Counts the page's own requests to an API path (issued, whether or not they finish). */
export function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === path) seen.push(r.url());
  });
  return seen;
}

export const editor = (page: Page) => page.getByRole("textbox", { name: "Entry", exact: true });
export const titleInput = (page: Page) => page.getByRole("textbox", { name: "Title", exact: true });
export const tagsInput = (page: Page) => page.getByRole("textbox", { name: "Tags", exact: true });
export const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

export const LONG_TEXT = "Today I walked along the river with my sister and we talked about our plans for the summer.";

/**
 * Console errors and page errors of a journey, like watchPage, but without the browser's own
 * request for /favicon.ico (the app declares its icons; Chromium still asks for that file at times).
 */
export function watchJourney(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico"))
      errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  return errors;
}
