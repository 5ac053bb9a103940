import { expect, test } from "@playwright/test";
import { listAppRoutes } from "../support/app-routes";
import { startAppServer, type AppServer } from "../support/app-server";

const PASSCODE = "a quiet harbour";
const OPEN = new Set(["/lock", "/offline", "/api/auth/login", "/api/auth/status"]);
let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer(Number(process.env.E2E_PORT ?? 3100) + 50, {
    APP_PASSWORD: PASSCODE,
    REVERIE_E2E: "1",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test("every page and API route of the app is closed without a session", async () => {
  const routes = listAppRoutes().filter((r) => !OPEN.has(r.path));
  expect(routes.length).toBeGreaterThan(15);
  for (const r of routes) {
    for (const method of r.methods) {
      const res = await fetch(`${server.url}${r.path}`, {
        method,
        redirect: "manual",
        headers: { "content-type": "application/json" },
      });
      if (r.path.startsWith("/api/reminders/feed/")) {
        // The calendar feed stays open (a calendar app cannot unlock): an unknown link is only a 404.
        expect(res.status, `${method} ${r.path}`).toBe(404);
        continue;
      }
      if (r.kind === "page") {
        expect(res.status, `${method} ${r.path}`).toBe(307);
        expect(res.headers.get("location"), r.path).toContain(`/lock?next=${encodeURIComponent(r.path)}`);
      } else {
        expect(res.status, `${method} ${r.path}`).toBe(401);
        if (method !== "HEAD") expect((await res.json()).error.code).toBe("UNAUTHORIZED");
      }
    }
  }
});

test("media addresses are closed too", async () => {
  const res = await fetch(`${server.url}/api/media/0192d7a0-0000-7000-8000-000000000000?thumb=1`);
  expect(res.status).toBe(401);
});

test("the lock screen opens the journal with the right passcode and Lock ends the session", async ({ page }) => {
  await page.goto(`${server.url}/timeline`);
  await expect(page).toHaveURL(/\/lock\?next=%2Ftimeline$/u);
  await expect(page.getByRole("heading", { name: "Reverie is locked" })).toBeVisible();

  await page.getByLabel("Passcode").fill("not it");
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That passcode is not right." })).toBeVisible();

  await page.getByLabel("Passcode").fill(PASSCODE);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page).toHaveURL(`${server.url}/timeline`);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "reverie_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Strict");
  expect((await page.request.get(`${server.url}/api/entries`)).status()).toBe(200);
  await page.evaluate(() => {
    localStorage.setItem("reverie:chat-history", JSON.stringify([{ role: "user", content: "a private thought" }]));
    localStorage.setItem("reverie:journal-draft", JSON.stringify({ content: "an unsaved draft" }));
    localStorage.setItem("reverie:preferences", JSON.stringify({ minimalNavigation: false }));
  });

  await page.getByRole("button", { name: "Lock" }).click();
  await expect(page).toHaveURL(/\/lock/u);
  expect((await page.request.get(`${server.url}/api/entries`)).status()).toBe(401);
  // The server ended the session: the old cookie no longer opens anything.
  const old = await fetch(`${server.url}/api/entries`, { headers: { cookie: `reverie_session=${session!.value}` } });
  expect(old.status).toBe(401);
  // Nothing private stays in the browser; the device preference does.
  const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("reverie:")));
  expect(keys).toEqual(["reverie:preferences"]);
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the Lock button says what it does, in words and as a tooltip", async ({ page }) => {
    await page.goto(`${server.url}/lock?next=%2Ftimeline`);
    await page.getByLabel("Passcode").fill(PASSCODE);
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page).toHaveURL(`${server.url}/timeline`);
    const lock = page.getByRole("banner").getByRole("button", { name: "Lock", exact: true });
    await expect(lock).toBeVisible();
    await expect(lock.getByText("Lock", { exact: true })).toBeVisible();
    await expect(lock).toHaveAttribute("title", /Lock the journal/u);
    await expect(lock).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/rough-edges/lock-button-phone.png" });
    await lock.click();
    await expect(page).toHaveURL(/\/lock/u);
  });
});

test("repeated wrong passcodes are slowed down", async () => {
  const tries: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      // A forged X-Forwarded-For changes nothing: the client is the socket's address.
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
      body: JSON.stringify({ passcode: `guess ${i}` }),
    });
    tries.push(res.status);
  }
  expect(tries).toEqual([401, 401, 401, 429]);
});
