import { expect, test } from "@playwright/test";
import { createEntries, resetJournal } from "../support/e2e";

test.beforeEach(() => resetJournal());

test("a walk through every screen talks to no origin but the app's own, with no CSP violations", async ({
  page,
  request,
  baseURL,
}) => {
  const [entry] = await createEntries(request, [
    {
      title: "A private day",
      content: "Walked by the river and thought about my grandmother's garden for a long while.",
      tags: ["family"],
      ai_mood_score: 7,
    },
  ]);
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on("request", (req) => {
    const url = req.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (!url.startsWith(`${baseURL}/`)) foreign.push(url);
  });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/iu.test(m.text())) violations.push(m.text());
  });
  for (const path of [
    "/",
    "/journal",
    "/timeline",
    "/chat",
    "/settings",
    `/entry/${entry.id}`,
    `/journal/edit/${entry.id}`,
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
  expect(violations).toEqual([]);
});

test("opening a dialog breaks no CSP rule (its scroll-lock style carries the nonce)", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/iu.test(m.text())) violations.push(m.text());
  });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Clear All Data" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog")).toContainText(
    "Are you sure you want to clear all data? This action cannot be undone.",
  );
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  // The model list's own style element (radix Select) carries the nonce too.
  await page.getByRole("combobox", { name: "AI model" }).click();
  await expect(page.getByRole("listbox")).toBeVisible();
  await page.keyboard.press("Escape");
  expect(violations).toEqual([]);
});

test("responses carry the privacy headers", async ({ request }) => {
  for (const path of ["/", "/timeline", "/api/entries"]) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h["content-security-policy"], path).toContain("default-src 'self'");
    expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("no-referrer");
    expect(h["permissions-policy"], path).toContain("microphone=(self)");
    expect(h["permissions-policy"], path).toContain("geolocation=(self)");
    expect(h["x-powered-by"], path).toBeUndefined();
  }
});

test("a page elsewhere cannot write into or wipe the journal", async ({ request }) => {
  const evil = { origin: "http://evil.example", "content-type": "application/json" };
  const create = await request.post("/api/entries", { headers: evil, data: { content: "planted" } });
  expect(create.status()).toBe(403);
  expect((await create.json()).error.code).toBe("FORBIDDEN");
  const reset = await request.post("/api/config/reset", { headers: { "sec-fetch-site": "cross-site" } });
  expect(reset.status()).toBe(403);
  const list = await request.get("/api/entries");
  expect(await list.json()).toEqual([]);
  // The app's own pages may write.
  const own = await request.post("/api/entries", {
    headers: { origin: new URL(list.url()).origin },
    data: { content: "mine" },
  });
  expect(own.status()).toBe(201);
});

test("a method an API route does not have is refused in the one error shape", async ({ request }) => {
  const res = await request.fetch("/api/ai/analyze-text", { method: "PATCH", data: { content: "x" } });
  expect(res.status()).toBe(405);
  expect(res.headers()["allow"]).toBe("POST, OPTIONS");
  expect(await res.json()).toEqual({
    error: { code: "METHOD_NOT_ALLOWED", message: "PATCH is not allowed here. Allowed: POST, OPTIONS." },
  });
});
