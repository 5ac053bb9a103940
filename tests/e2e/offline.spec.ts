import { expect, test } from "@playwright/test";

test("the app can be installed: a manifest with icons", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    short_name: "Reverie",
    display: "standalone",
    start_url: "/",
    theme_color: "#7c3aed",
  });
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
  }
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
});

test("the app shell opens from cache while the server is unreachable, and says it is offline", async ({
  page,
  context,
}) => {
  await page.goto("/timeline");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Load once more under the service worker's control, so the page and its files are cached.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.goto("/settings");

  await context.setOffline(true);
  await page.goto("/timeline");
  await expect(page).toHaveTitle("Reverie - Timeline");
  await expect(
    page.getByText(
      "You are offline. You can keep writing: new entries are saved on this device and sync when the connection returns.",
    ),
  ).toBeVisible();

  // A page never opened before falls back to the offline page.
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

  await context.setOffline(false);
  await page.goto("/timeline");
  await expect(
    page.getByText(
      "You are offline. You can keep writing: new entries are saved on this device and sync when the connection returns.",
    ),
  ).toBeHidden();
});

test("journal data is never kept in the offline cache", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.request.get("/api/entries");
  await page.evaluate(() => fetch("/api/entries").then((r) => r.text()));
  const cached = await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      for (const req of await c.keys()) out.push(new URL(req.url).pathname);
    }
    return out;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((p) => p.startsWith("/api/"))).toEqual([]);
});
