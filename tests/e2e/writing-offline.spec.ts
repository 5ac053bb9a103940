import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEntries, resetJournal } from "../support/e2e";
import { editor, pngBytes, titleInput } from "../support/journal-e2e";
import { startAppServer, type AppServer } from "../support/app-server";

/**
 * Writing offline (issue "Write anywhere"): entries written while the server cannot be reached stay on
 * the device (IndexedDB), are shown as waiting, survive a reload, and land exactly once when the server
 * is back, with the network cut (the context offline) and, separately, with the server stopped.
 */

const base = Number(process.env.E2E_PORT ?? 3100);

interface ApiEntry {
  id: string;
  title: string;
  content: string;
  ai_mood_score: number | null;
  conflict_of: string | null;
  media_files: { id: string; filename: string }[];
  updated_at: string;
}

async function allEntries(request: APIRequestContext, url = ""): Promise<ApiEntry[]> {
  const res = await request.get(`${url}/api/entries`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Reads a store of the device's IndexedDB without creating the database when it is not there. */
async function deviceStore(page: Page, store: string): Promise<unknown[]> {
  return page.evaluate(async (name) => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === "reverie-device")) return [];
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open("reverie-device");
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    try {
      if (!db.objectStoreNames.contains(name)) return [];
      return await new Promise<unknown[]>((res, rej) => {
        const r = db.transaction(name).objectStore(name).getAll();
        r.onsuccess = () => res(r.result);
        r.onerror = () => rej(r.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

/** The app under the service worker's control, with the writing screens kept for offline use. */
async function underServiceWorker(page: Page, url = "") {
  await page.goto(`${url}/timeline`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  // The shells the service worker keeps from the start, and this page's lazy parts.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const paths: string[] = [];
        for (const n of names) for (const r of await (await caches.open(n)).keys()) paths.push(new URL(r.url).pathname);
        return ["/", "/journal", "/timeline"].every((p) => paths.includes(p));
      }),
    )
    .toBe(true);
}

async function writeEntry(page: Page, title: string, content: string, photo?: Buffer) {
  await page.goto("/journal").catch(() => {});
  await expect(page.getByRole("heading", { name: "New Entry" })).toBeVisible();
  await titleInput(page).fill(title);
  await editor(page).fill(content);
  if (photo)
    await page
      .getByLabel("Add photos, video or audio")
      .setInputFiles([{ name: "harbour.png", mimeType: "image/png", buffer: photo }]);
  await page.getByRole("button", { name: "Save Entry" }).click();
  await expect(
    toast(page, "Saved on this device. It will be added to your journal when the connection returns."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/timeline/);
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first();
const waitingCard = (page: Page, title: string) =>
  page.getByTestId("waiting-section").getByTestId("device-card").filter({ hasText: title });

test.describe.configure({ mode: "serial" });

test.beforeEach(() => resetJournal({ keepConfig: false }));

test("network cut: three entries (one with a photo), an edit and a delete wait on the device, survive a reload, and land once", async ({
  page,
  context,
  request,
}) => {
  const [older, toEdit] = await createEntries(request, [
    {
      title: "An older entry",
      content: "Written last week about the garden and the first frost on the lettuce.",
      created_at: "2026-11-17T09:00:00.000Z",
    },
    {
      title: "Evening notes",
      content: "Quiet evening. Read two chapters and went to bed early for once.",
      created_at: "2026-11-20T21:00:00.000Z",
    },
  ]);
  // The older entry has a photo: its thumbnail is kept for reading offline.
  const form = { file: { name: "frost.png", mimeType: "image/png", buffer: await pngBytes(80) } };
  expect((await request.post(`/api/entries/${older!.id}/media`, { multipart: form })).status()).toBe(201);
  await underServiceWorker(page);
  // The reading copy of recent entries is kept (no passcode, no encryption).
  await expect.poll(async () => (await deviceStore(page, "reading")).length).toBe(2);
  await expect.poll(async () => (await deviceStore(page, "thumbs")).length).toBe(1);

  await context.setOffline(true);
  await writeEntry(
    page,
    "Train home",
    "The train stopped outside Leeds for forty minutes and I finally wrote the letter to Gran.",
  );
  await writeEntry(
    page,
    "Harbour walk",
    "Walked the harbour wall at dusk. The boats knocking together sounded like wind chimes.",
    await pngBytes(64),
  );
  await writeEntry(
    page,
    "Small win",
    "Asked for help at work today instead of staying late alone. It went fine, better than fine.",
  );

  // Offline, the Timeline shows what waits, and the reading copy, searchable.
  await expect(page.getByTestId("offline-banner")).toContainText("3 entries are saved on this device");
  for (const t of ["Train home", "Harbour walk", "Small win"])
    await expect(waitingCard(page, t)).toContainText("Waiting to sync");
  await expect(
    waitingCard(page, "Harbour walk").getByRole("img", { name: "harbour.png (waiting to be added)" }),
  ).toBeVisible();
  await expect(page.getByTestId("offline-list").getByTestId("device-card")).toHaveCount(2);
  await expect(page.getByTestId("offline-list").getByRole("img", { name: "frost.png" })).toBeVisible();
  // Background Sync is asked for, where the browser has it.
  expect(
    await page.evaluate(async () => {
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync?: { getTags(): Promise<string[]> };
      };
      return reg.sync ? await reg.sync.getTags() : ["no Background Sync"];
    }),
  ).toContain("reverie-outbox");
  await page.getByRole("searchbox").fill("frost");
  await expect(page.getByTestId("offline-list").getByTestId("device-card")).toHaveCount(1);
  await expect(page.getByTestId("offline-count")).toContainText("1 entry found on this device");
  await page.getByRole("searchbox").fill("");

  // Edit a kept entry: the reader, then the editor, both offline.
  await page.getByTestId("offline-list").getByRole("link", { name: "Evening notes" }).click();
  await expect(page.getByTestId("entry-reader")).toContainText("Offline copy");
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Entry" })).toBeVisible();
  await expect(editor(page)).toHaveValue(/Quiet evening/);
  await editor(page).fill("Quiet evening. Read two chapters, then called Mum back. She sounded well.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    toast(page, "Saved on this device. It will be added to your journal when the connection returns."),
  ).toBeVisible();
  await expect(waitingCard(page, "Evening notes")).toContainText("called Mum back");

  // Delete an older one.
  await page.getByTestId("offline-list").getByRole("link", { name: "An older entry" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "The entry will be deleted from your journal when the connection returns.")).toBeVisible();
  await expect(page.getByTestId("offline-list").getByRole("link", { name: "An older entry" })).toHaveCount(0);

  // A reload while offline: everything is still there, marked waiting.
  await page.reload();
  for (const t of ["Train home", "Harbour walk", "Small win", "Evening notes"])
    await expect(waitingCard(page, t)).toBeVisible();
  await expect(page.getByTestId("offline-list").getByRole("link", { name: "An older entry" })).toHaveCount(0);
  await page.goto("/");
  await expect(page.getByTestId("home-waiting")).toContainText("4 entries waiting to sync");
  expect((await deviceStore(page, "ops")).length).toBe(6); // 3 creates, 1 upload, 1 edit, 1 delete

  // Back online: the server holds exactly that result, once.
  await context.setOffline(false);
  await expect(page.getByTestId("home-waiting")).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => (await deviceStore(page, "ops")).length, { timeout: 30_000 }).toBe(0);
  const entries = await allEntries(request);
  expect(entries.map((e) => e.title).sort()).toEqual(["Evening notes", "Harbour walk", "Small win", "Train home"]);
  expect(entries.find((e) => e.title === "Harbour walk")!.media_files.map((m) => m.filename)).toEqual(["harbour.png"]);
  expect(entries.find((e) => e.id === toEdit!.id)!.content).toContain("called Mum back");
  expect(entries.some((e) => e.id === older!.id)).toBe(false);
  const trash = await (await request.get("/api/trash")).json();
  expect(JSON.stringify(trash)).toContain(older!.id);
  // Once synced, the analysis runs as for any saved entry.
  await expect
    .poll(
      async () =>
        (await allEntries(request)).filter(
          (e) => ["Train home", "Small win"].includes(e.title) && e.ai_mood_score !== null,
        ).length,
      { timeout: 30_000 },
    )
    .toBe(2);
  // Nothing waits on the device any more; the Timeline lists the server's entries.
  expect(await deviceStore(page, "device")).toEqual([]);
  expect(await deviceStore(page, "files")).toEqual([]);
  await page.goto("/timeline?view=list");
  await expect(page.getByTestId("entry-card")).toHaveCount(4);
  await expect(page.getByTestId("waiting-section")).toHaveCount(0);
});

test("a lost answer and ten network flaps during sync: no duplicate, nothing lost", async ({
  page,
  context,
  request,
}) => {
  await underServiceWorker(page);
  await context.setOffline(true);
  const titles = Array.from({ length: 8 }, (_, i) => `Flap ${i + 1}`);
  for (const t of titles)
    await writeEntry(
      page,
      t,
      `${t}: a few lines about the day, long enough to be a real entry with some words in it.`,
      t === "Flap 3" ? await pngBytes(40) : undefined,
    );
  await expect(page.getByTestId("waiting-section").getByTestId("device-card")).toHaveCount(8);

  // The first two creates and the upload reach the server, but their answers are lost on the way back.
  let lost = 0;
  let lostUpload = false;
  await page.route("**/api/entries**", async (route) => {
    const req = route.request();
    const isCreate = req.method() === "POST" && new URL(req.url()).pathname === "/api/entries";
    const isUpload = req.method() === "POST" && /\/media$/.test(new URL(req.url()).pathname);
    if ((isCreate && lost < 2) || (isUpload && !lostUpload)) {
      await route.fetch(); // the server does the work...
      if (isCreate) lost += 1;
      else lostUpload = true;
      await route.abort("connectionreset"); // ...and the answer never arrives
      return;
    }
    await route.continue();
  });

  await context.setOffline(false);
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(120 + ((i * 37) % 90));
    await context.setOffline(true);
    await page.waitForTimeout(60 + ((i * 53) % 70));
    await context.setOffline(false);
  }
  // Sync resumes on the next try (the `online` event or the backoff timer).
  await expect.poll(async () => (await deviceStore(page, "ops")).length, { timeout: 60_000 }).toBe(0);
  expect(lost).toBe(2);
  expect(lostUpload).toBe(true);
  const entries = await allEntries(request);
  expect(entries.map((e) => e.title).sort()).toEqual([...titles].sort());
  expect(entries.find((e) => e.title === "Flap 3")!.media_files).toHaveLength(1);
  await page.unroute("**/api/entries**");
});

test("an entry changed on the server while edited offline: the server's version stays, the device's becomes a flagged copy", async ({
  page,
  context,
  request,
}) => {
  const [entry] = await createEntries(request, [
    { title: "Sunday", content: "Slow morning, pancakes, a long walk in the park with the dog." },
  ]);
  await underServiceWorker(page);
  await expect.poll(async () => (await deviceStore(page, "reading")).length).toBe(1);
  await context.setOffline(true);
  await page.goto(`/journal/edit/${entry!.id}`);
  // The edit address needs the server: the service worker opens the entry in the editor shell instead.
  await expect(page).toHaveURL(new RegExp(`/journal#entry=${entry!.id}`));
  await editor(page).fill("Slow morning, pancakes, then the rain came and we stayed in with a film. (phone)");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Saved on this device.")).toBeVisible();

  // Meanwhile, on another device:
  const put = await request.put(`/api/entries/${entry!.id}`, {
    data: { content: "Slow morning, pancakes, then visited Dad in the afternoon. (laptop)" },
  });
  expect(put.status()).toBe(200);

  await context.setOffline(false);
  await expect.poll(async () => (await deviceStore(page, "ops")).length, { timeout: 30_000 }).toBe(0);
  const entries = await allEntries(request);
  expect(entries).toHaveLength(2);
  const original = entries.find((e) => e.id === entry!.id)!;
  const copy = entries.find((e) => e.id !== entry!.id)!;
  expect(original.content).toContain("(laptop)");
  expect(copy.content).toContain("(phone)");
  expect(copy.conflict_of).toBe(entry!.id);
  expect(copy.title).toBe("Sunday (copy from this device)");
  await expect(toast(page, "Both versions are kept")).toBeVisible();

  await page.goto("/timeline?view=list");
  await expect(
    page.getByTestId("entry-card").filter({ hasText: "Sunday (copy from this device)" }).getByTestId("conflict-badge"),
  ).toHaveText("Conflicted copy");
  await page.goto(`/entry/${copy.id}`);
  await expect(page.getByTestId("conflict-note")).toContainText("nothing was overwritten");
  await page.getByRole("link", { name: "Open the other version" }).click();
  await expect(page.getByRole("heading", { name: "Sunday", exact: true })).toBeVisible();
});

test.describe("with the server stopped", () => {
  let server: AppServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  test("an entry saved while the server is down waits on the device and lands once after the restart", async ({
    page,
  }) => {
    test.setTimeout(120_000); // two server starts
    server = await startAppServer(base + 61, { REVERIE_E2E: "1" });
    const { url, dataDir } = server;
    await underServiceWorker(page, url);
    await page.goto(`${url}/journal`);
    await expect(page.getByRole("heading", { name: "New Entry" })).toBeVisible();

    await server.stop({ keepData: true });
    await titleInput(page).fill("While the server restarted");
    await editor(page).fill("Wrote this while the home server was rebooting after the update. Nothing should be lost.");
    await page.getByRole("button", { name: "Save Entry" }).click();
    await expect(
      toast(page, "Saved on this device. It will be added to your journal when the connection returns."),
    ).toBeVisible();
    await expect(waitingCard(page, "While the server restarted")).toBeVisible();
    await expect(page.getByTestId("offline-banner")).toContainText("1 entry is saved on this device");
    await page.reload(); // from the service worker's cache: the server is still down
    await expect(waitingCard(page, "While the server restarted")).toBeVisible();

    server = await startAppServer(base + 61, { REVERIE_E2E: "1" }, { dataDir });
    // Sent once the app sees the server again (its connection check, or the next try) without any action from the person.
    await expect.poll(async () => (await deviceStore(page, "ops")).length, { timeout: 60_000 }).toBe(0);
    const entries = (await (await fetch(`${url}/api/entries`)).json()) as ApiEntry[];
    expect(entries.map((e) => e.title)).toEqual(["While the server restarted"]);
    await expect(page.getByTestId("waiting-section")).toHaveCount(0);
  });

  test("with a passcode the device keeps no reading copy, and Lock removes what waits after asking", async ({
    page,
    context,
  }) => {
    server = await startAppServer(base + 62, { APP_PASSWORD: "correct horse battery", REVERIE_E2E: "1" });
    const { url } = server;
    await page.goto(`${url}/lock`);
    await page.getByLabel("Passcode").fill("correct horse battery");
    await page.getByRole("button", { name: /unlock/i }).click();
    await expect(page).toHaveURL(`${url}/`);
    const res = await page.request.post(`${url}/api/entries`, {
      data: { title: "Kept on the server", content: "An entry the server has." },
      headers: { origin: url },
    });
    expect(res.status()).toBe(201);
    await underServiceWorker(page, url);
    // No reading copy with a passcode.
    await page.waitForTimeout(1500);
    expect(await deviceStore(page, "reading")).toEqual([]);

    await context.setOffline(true);
    await page.goto(`${url}/journal`);
    await titleInput(page).fill("Not yet sent");
    await editor(page).fill("Written offline with the passcode on.");
    await page.getByRole("button", { name: "Save Entry" }).click();
    await expect(toast(page, "Saved on this device.")).toBeVisible();
    // The server answers again, but refuses to take writes for a while (503): the entry still waits.
    await page.route("**/api/entries**", (route) =>
      route.request().method() === "GET"
        ? route.continue()
        : route.fulfill({
            status: 503,
            contentType: "application/json",
            body: JSON.stringify({ error: { message: "Busy", code: "UNAVAILABLE" } }),
          }),
    );
    await context.setOffline(false);
    await page.getByRole("button", { name: "Lock" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("1 entry written on this device has not reached your journal yet");
    await dialog.getByRole("button", { name: "Keep them for now" }).click();
    expect((await deviceStore(page, "ops")).length).toBe(1);
    await page.getByRole("button", { name: "Lock" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Lock and remove them" }).click();
    await expect(page).toHaveURL(/\/lock/);
    const dbs = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(dbs).not.toContain("reverie-device");
  });
});

test("Clear All Data removes what the device keeps", async ({ page, request }) => {
  await createEntries(request, [
    { title: "Kept for reading", content: "An entry the reading copy keeps on the device." },
  ]);
  await underServiceWorker(page);
  await expect.poll(async () => (await deviceStore(page, "reading")).length).toBe(1);
  await page.goto("/settings");
  await page.getByRole("button", { name: "Clear All Data" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: "Type delete to confirm" }).fill("delete");
  await dialog.getByRole("button", { name: "Clear All Data" }).click();
  await expect(page.getByTestId("toast").getByText("All data has been cleared.")).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
    .not.toContain("reverie-device");
});

test("on a phone, a save offline is kept and shown as waiting", async ({ page, context, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await underServiceWorker(page);
  await context.setOffline(true);
  await writeEntry(page, "On the bus", "Wrote this on the bus with no signal between the two villages.");
  await expect(waitingCard(page, "On the bus")).toBeInViewport();
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await context.setOffline(false);
  await expect.poll(async () => (await deviceStore(page, "ops")).length, { timeout: 30_000 }).toBe(0);
  expect((await allEntries(request)).map((e) => e.title)).toEqual(["On the bus"]);
});

test("another tab of the same browser shows what this one keeps, and hears when it synced", async ({
  page,
  context,
  request,
}) => {
  await underServiceWorker(page);
  const other = await context.newPage();
  await other.goto("/timeline?view=list");
  await expect(other.getByRole("heading", { name: "Timeline" })).toBeVisible();
  await context.setOffline(true);
  await writeEntry(
    page,
    "Written in one tab",
    "Two tabs open on the laptop; this one was written while the wifi was down.",
  );
  await expect(other.getByTestId("waiting-section")).toContainText("Written in one tab");
  await context.setOffline(false);
  await expect
    .poll(async () => (await allEntries(request)).map((e) => e.title), { timeout: 30_000 })
    .toEqual(["Written in one tab"]);
  await expect(other.getByTestId("waiting-section")).toHaveCount(0, { timeout: 30_000 });
  await expect(other.getByTestId("entry-card").filter({ hasText: "Written in one tab" })).toBeVisible();
  await other.close();
});

test("Settings says what the device keeps, and the reading copy can be turned off for this device", async ({
  page,
  request,
}) => {
  await createEntries(request, [
    { title: "Kept for reading", content: "An entry the reading copy keeps on the device." },
  ]);
  await underServiceWorker(page);
  await expect.poll(async () => (await deviceStore(page, "reading")).length).toBe(1);
  await page.goto("/settings");
  await expect(page.getByTestId("device-waiting")).toHaveText("Nothing waits to sync.");
  await expect(page.getByTestId("device-reading")).toContainText("A reading copy of 1 recent entry");
  const toggle = page.getByRole("switch", { name: "Keep recent entries for reading offline" });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByTestId("device-reading")).toHaveText("No reading copy is kept.");
  expect(await deviceStore(page, "reading")).toEqual([]);
  // It stays off on this device: opening the app again keeps nothing.
  await page.goto("/timeline");
  await page.goto("/settings");
  await expect(page.getByRole("switch", { name: "Keep recent entries for reading offline" })).not.toBeChecked();
  await expect(page.getByTestId("device-reading")).toHaveText("No reading copy is kept.");
  await page.getByRole("switch", { name: "Keep recent entries for reading offline" }).click();
  await expect(page.getByTestId("device-reading")).toContainText("A reading copy of 1 recent entry");
});
