import { expect, test } from "@playwright/test";
import { listAppRoutes } from "../support/app-routes";
import { startAppServer, type AppServer } from "../support/app-server";

/** On a Hugging Face Space (SPACE_ID set) with no passcode, the journal stays closed. */
const base = Number(process.env.E2E_PORT ?? 3100);
let server: AppServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test("a Space without APP_PASSWORD shows the setup screen on every page and closes every API route", async ({
  page,
}) => {
  server = await startAppServer(base + 53, { SPACE_ID: "someone/my-journal", REVERIE_E2E: "1" });
  const { url } = server;
  for (const r of listAppRoutes()) {
    for (const method of r.methods) {
      const res = await fetch(`${url}${r.path}`, {
        method,
        redirect: "manual",
        headers: { "content-type": "application/json", origin: url },
        body: method === "GET" || method === "HEAD" ? undefined : "{}",
      });
      if (r.kind === "page") {
        if (r.path === "/setup") continue;
        expect(res.status, `${method} ${r.path}`).toBe(307);
        expect(new URL(res.headers.get("location")!, url).pathname).toBe("/setup");
      } else {
        expect(res.status, `${method} ${r.path}`).toBe(503);
        if (method !== "HEAD") expect((await res.json()).error.code).toBe("SETUP_REQUIRED");
      }
    }
  }

  await page.goto(`${url}/timeline`);
  await expect(page).toHaveURL(`${url}/setup`);
  await expect(page.getByRole("heading", { name: "One step before Reverie opens" })).toBeVisible();
  await expect(page.getByText("APP_PASSWORD", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "https://huggingface.co/spaces/someone/my-journal/settings" }),
  ).toBeVisible();
  await expect(page.getByRole("navigation")).toHaveCount(0);
});

test("ALLOW_OPEN_JOURNAL=1 opens it on purpose, with a warning that stays", async ({ page }) => {
  server = await startAppServer(base + 53, {
    SPACE_ID: "someone/my-journal",
    ALLOW_OPEN_JOURNAL: "1",
    ISSUE_TRACKER_URL: "https://tracker.example/reverie/issues",
    REVERIE_E2E: "1",
  });
  expect((await fetch(`${server.url}/api/entries`)).status).toBe(200);
  for (const p of ["/", "/settings"]) {
    await page.goto(`${server.url}${p}`);
    await expect(page.getByRole("alert").filter({ hasText: "open to anyone who has its address" })).toBeVisible();
  }
  const setup = await fetch(`${server.url}/setup`, { redirect: "manual" });
  expect(setup.status).toBe(307);

  // ISSUE_TRACKER_URL: the report page keeps its privacy advice and leads on to the tracker.
  await page.goto(`${server.url}/report`);
  await expect(page.getByRole("heading", { name: "What to leave out" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Open the issue tracker/u })).toHaveAttribute(
    "href",
    "https://tracker.example/reverie/issues",
  );
});
