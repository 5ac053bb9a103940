import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";

/**
 * The person's journey: Settings, Encryption (the warning first), a restart that seals the journal, the
 * unlock screen (it clears what the browser kept; a wrong passphrase, then the right one), nothing of what
 * was written left readable on disk, then Lock (the passphrase is the lock): every session ends and the
 * browser keeps nothing that names an entry; the unlock screen follows only paths of this app.
 */
const PASS = "lanterns over the bay";
const MARKER = "periwinkleharmonica";
const port = Number(process.env.E2E_PORT ?? 3100) + 60;
let server: AppServer;

/** Every address kept in this browser's Cache Storage (the service worker's caches). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys())
      for (const r of await (await caches.open(name)).keys()) out.push(new URL(r.url).pathname);
    return out;
  });

const reverieKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("reverie:"))
      .sort(),
  );

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)],
  );
}

test.afterAll(async () => {
  await server?.stop();
});

test("turn encryption on in Settings, restart sealed, open with the passphrase", async ({ page }) => {
  test.setTimeout(180_000);
  server = await startAppServer(port, { BACKUP_DELAY_SECONDS: "off" });
  const created = await fetch(`${server.url}/api/entries`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ title: "Harbour evening", content: `The ${MARKER} played by the water.` }),
  });
  expect(created.status).toBe(201);
  const entryId = ((await created.json()) as { id: string }).id;

  await page.goto(`${server.url}/settings`);
  const section = page.getByTestId("encryption");
  await expect(section.getByText("If you lose this passphrase, your journal is lost")).toBeVisible();
  await section.getByLabel(/^Passphrase/u).fill(PASS);
  await section.getByLabel("The same passphrase again").fill(PASS);
  const encrypt = section.getByRole("button", { name: "Encrypt my journal" });
  await expect(encrypt).toBeDisabled(); // not before the warning is acknowledged
  await section.getByLabel(/I understand that if I lose this passphrase/u).check();
  await encrypt.click();
  await expect(section.getByRole("heading", { name: "Change the passphrase" })).toBeVisible({ timeout: 60_000 });
  // What this browser keeps while the journal is open: a draft, the chat, a device preference.
  await page.evaluate(() => {
    localStorage.setItem("reverie:journal-draft", JSON.stringify({ content: "a draft I never saved" }));
    localStorage.setItem("reverie:chat-history", JSON.stringify([{ role: "user", content: "a private thought" }]));
    localStorage.setItem("reverie:preferences", JSON.stringify({ minimalNavigation: false }));
  });

  // A restart seals it: the key was only in memory.
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  server = await startAppServer(port, { BACKUP_DELAY_SECONDS: "off" }, { dataDir });
  const hits = files(dataDir).filter((f) => readFileSync(f).includes(Buffer.from(MARKER)));
  expect(hits).toEqual([]);
  expect((await fetch(`${server.url}/api/entries`)).status).toBe(503);

  const checked = page.waitForResponse((r) => r.url().endsWith("/api/auth/status"));
  await page.goto(`${server.url}/timeline`);
  await expect(page).toHaveURL(/\/unlock\?next=%2Ftimeline$/u);
  await expect(page.getByRole("heading", { name: "Your journal is encrypted" })).toBeVisible();
  // The server answered (sealed): the screen does not say the device is offline, and offers no way into the app.
  expect((await checked).status()).toBe(503);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Timeline" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/rough-edges/unlock-phone.png" });
  await page.setViewportSize({ width: 1280, height: 720 });
  // The session is gone: the unlock screen leaves nothing private in the browser, as the lock screen does.
  await expect.poll(() => reverieKeys(page)).toEqual(["reverie:preferences"]);
  await page.getByLabel("Passphrase").fill("not the passphrase");
  await page.getByRole("button", { name: "Open journal" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That passphrase does not open this journal." })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel("Passphrase").fill(PASS);
  await page.getByRole("button", { name: "Open journal" }).click();
  await expect(page).toHaveURL(`${server.url}/timeline`, { timeout: 45_000 });
  await expect(page.getByText("1 entry in your journal")).toBeVisible();
  // Without APP_PASSWORD the passphrase is the lock: another browser (no cookie) is still asked for it.
  expect((await fetch(`${server.url}/api/entries`)).status).toBe(401);

  // Under the service worker, the person opens the entry to read it and to edit it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.goto(`${server.url}/entry/${entryId}`);
  await expect(page.getByRole("heading", { name: "Harbour evening" })).toBeVisible();
  await page.goto(`${server.url}/journal/edit/${entryId}`);
  await expect(page.getByRole("textbox", { name: "Entry", exact: true })).toHaveValue(new RegExp(MARKER, "u"));
  await page.goto(`${server.url}/settings`);
  // Pages are kept in the order they were opened: once Settings is kept, the entry's pages would be too.
  await expect.poll(async () => (await cachedPaths(page)).includes("/settings")).toBe(true);
  expect((await cachedPaths(page)).filter((p) => p.includes(entryId))).toEqual([]);
  // As an earlier version of the app kept them.
  await page.evaluate(async (id) => {
    const old = await caches.open("reverie-shell-v4");
    await old.put(`/entry/${id}`, new Response("<html></html>", { headers: { "content-type": "text/html" } }));
    await old.put(`/journal/edit/${id}`, new Response("<html></html>", { headers: { "content-type": "text/html" } }));
  }, entryId);
  expect((await cachedPaths(page)).filter((p) => p.includes(entryId)).length).toBe(2);

  // Lock, in this mode too: every session ends, this one and any other.
  const unlockCookie = (await page.context().cookies()).find((c) => c.name === "reverie_unlock");
  expect(unlockCookie?.httpOnly).toBe(true);
  expect(
    (await fetch(`${server.url}/api/entries`, { headers: { cookie: `reverie_unlock=${unlockCookie!.value}` } })).status,
  ).toBe(200);
  await page.evaluate(() =>
    localStorage.setItem("reverie:journal-draft", JSON.stringify({ content: "another draft" })),
  );
  await page.getByRole("button", { name: "Lock" }).click();
  await expect(page).toHaveURL(`${server.url}/unlock`);
  await expect(page.getByRole("heading", { name: "Your journal is encrypted" })).toBeVisible();
  expect((await page.request.get(`${server.url}/api/entries`)).status()).toBe(401);
  expect(
    (await fetch(`${server.url}/api/entries`, { headers: { cookie: `reverie_unlock=${unlockCookie!.value}` } })).status,
  ).toBe(401);
  expect((await page.context().cookies()).find((c) => c.name === "reverie_unlock")).toBeUndefined();
  expect(await reverieKeys(page)).toEqual(["reverie:preferences"]);
  expect((await cachedPaths(page)).filter((p) => p.includes(entryId))).toEqual([]);

  // The unlock screen follows only paths of this app: a tab in `next` does not make it another site.
  await page.goto(`${server.url}/unlock?next=%2F%09%2Fevil.example%2F`);
  await page.getByLabel("Passphrase").fill(PASS);
  await page.getByRole("button", { name: "Open journal" }).click();
  await expect(page).toHaveURL(`${server.url}/`, { timeout: 45_000 });
  expect((await page.request.get(`${server.url}/api/entries`)).status()).toBe(200);
});

test("a journal with a passcode, restarted without its passphrase: the unlock screen first, then the passcode", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const PASSCODE = "a quiet harbour";
  const other = Number(process.env.E2E_PORT ?? 3100) + 61;
  let locked = await startAppServer(other, { APP_PASSWORD: PASSCODE, BACKUP_DELAY_SECONDS: "off" });
  try {
    const login = await fetch(`${locked.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ passcode: PASSCODE }),
    });
    const cookie = /^(reverie_session=[^;]+)/u.exec(login.headers.get("set-cookie") ?? "")![1]!;
    const headers = { "content-type": "application/json", origin: locked.url, cookie };
    expect(
      (
        await fetch(`${locked.url}/api/entries`, {
          method: "POST",
          headers,
          body: JSON.stringify({ content: `The ${MARKER} by the lighthouse.` }),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await fetch(`${locked.url}/api/encryption/enable`, {
          method: "POST",
          headers,
          body: JSON.stringify({ passphrase: PASS, understood: true }),
        })
      ).status,
    ).toBe(200);

    const dataDir = locked.dataDir;
    await locked.stop({ keepData: true });
    locked = await startAppServer(other, { APP_PASSWORD: PASSCODE, BACKUP_DELAY_SECONDS: "off" }, { dataDir });
    expect((await fetch(`${locked.url}/api/entries`)).status).toBe(503);

    await page.goto(`${locked.url}/timeline`);
    await expect(page).toHaveURL(/\/unlock\?next=%2Ftimeline$/u);
    await page.getByLabel("Passphrase").fill(PASS);
    await page.getByRole("button", { name: "Open journal" }).click();
    // Unsealed: the passcode comes next, on the lock screen, and leads back to the timeline.
    await expect(page).toHaveURL(/\/lock\?next=%2Ftimeline$/u, { timeout: 45_000 });
    await expect(page.getByRole("heading", { name: "Reverie is locked" })).toBeVisible();
    await page.getByLabel("Passcode").fill(PASSCODE);
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page).toHaveURL(`${locked.url}/timeline`, { timeout: 30_000 });
    await expect(page.getByText("1 entry in your journal")).toBeVisible();
  } finally {
    await locked.stop();
  }
});
