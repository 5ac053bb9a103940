import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";

const BANNER = /no passcode and other devices on your network can open it/u;

test("a journal on loopback shows no warning", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading").first()).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test.describe("a journal with no passcode that listens on every interface", () => {
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer(Number(process.env.E2E_PORT ?? 3100) + 51, { HOSTNAME: "0.0.0.0", REVERIE_E2E: "1" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("warns on every page", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(page.getByText(BANNER)).toBeVisible();
    await page.goto(`${server.url}/settings`);
    await expect(page.getByText(BANNER)).toBeVisible();
  });
});
