import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** Helpers of the chat's browser tests: the fake model server's control API and the screen's parts. */

export const FAKE_URL = `http://127.0.0.1:${process.env.FAKE_MODEL_PORT ?? 4010}`;

export interface FakeRequest {
  provider: string;
  path: string;
  task?: string;
  stream: boolean;
  prompt: string;
  body: any;
}

export async function resetFake(request: APIRequestContext) {
  expect((await request.post(`${FAKE_URL}/__reset`)).ok()).toBe(true);
}

export async function scriptFake(request: APIRequestContext, rules: unknown) {
  const res = await request.post(`${FAKE_URL}/__script`, { data: rules });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function fakeRequests(request: APIRequestContext, task?: string): Promise<FakeRequest[]> {
  const all = (await (await request.get(`${FAKE_URL}/__requests`)).json()) as FakeRequest[];
  return task ? all.filter((r) => r.task === task) : all;
}

export const HISTORY_KEY = "reverie:chat-history";

export const input = (page: Page) => page.getByRole("textbox", { name: "Message" });
export const sendButton = (page: Page) => page.getByRole("button", { name: "Send message" });
export const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
export const userMessages = (page: Page) => conversation(page).locator('[data-role="user"]');
/** Finished assistant messages (not the typing indicator, not a reply still streaming in). */
export const assistantMessages = (page: Page) =>
  conversation(page).locator('[data-role="assistant"]:not([data-streaming])');
export const alertWith = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** Types a message and presses Enter. */
export async function sendMessage(page: Page, text: string) {
  await input(page).fill(text);
  await input(page).press("Enter");
}

/** The conversation stored in the page's localStorage. */
export async function storedHistory(
  page: Page,
): Promise<{ role: string; content: string; error?: boolean; context?: unknown[] }[] | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** Stores a conversation before the page's scripts run (on every load of this page). */
export async function seedHistory(
  page: Page,
  messages: { role: "user" | "assistant"; content: string; error?: boolean; context?: unknown[] }[],
) {
  const value = JSON.stringify(
    messages.map((m, i) => ({ id: `seed-${i}`, timestamp: new Date(Date.UTC(2026, 0, 1, 9, i)).toISOString(), ...m })),
  );
  await page.addInitScript(
    ({ key, value: v }) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, v);
    },
    { key: HISTORY_KEY, value },
  );
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
