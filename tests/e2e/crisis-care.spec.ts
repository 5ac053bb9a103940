import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";
import { createEntries, e2eDbFile, resetJournal } from "../support/e2e";
import { assistantMessages, fakeRequests, input, resetFake, sendMessage } from "../support/chat-e2e";
import { editor } from "../support/journal-e2e";

const SHOTS = "test-results/crisis-care";

async function seriousA11yProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
const RISK_ENTRY = "Everything feels pointless lately and I want to end my life tonight.";
const RISK_CHAT = "I want to kill myself tonight.";

function clearSafetyPlan() {
  const db = new Database(e2eDbFile(), { timeout: 10_000 });
  try {
    db.exec(`DELETE FROM "safety_plan"`);
  } finally {
    db.close();
  }
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  clearSafetyPlan();
  await resetFake(request);
});

const LOCALES = [
  { locale: "en-GB", timezoneId: "Europe/London", tel: "116123", display: "116 123", country: "United Kingdom" },
  { locale: "de-DE", timezoneId: "Europe/Berlin", tel: "08001110111", display: "0800 111 0 111", country: "Germany" },
  { locale: "fr-FR", timezoneId: "Europe/Paris", tel: "3114", display: "3114", country: "France" },
  { locale: "en-AU", timezoneId: "Australia/Sydney", tel: "131114", display: "13 11 14", country: "Australia" },
];

async function openSupportModal(page: Page) {
  await page.goto("/journal");
  await editor(page).fill(RISK_ENTRY);
  const modal = page.getByRole("dialog", { name: "You're Not Alone" });
  await expect(modal).toBeVisible();
  return modal;
}

for (const l of LOCALES) {
  test.describe(`support modal in ${l.locale}`, () => {
    test.use({ locale: l.locale, timezoneId: l.timezoneId });

    test(`shows ${l.display} beside 988`, async ({ page }) => {
      const modal = await openSupportModal(page);
      await expect(modal.getByRole("link", { name: "Crisis Hotline: 988" })).toHaveAttribute("href", "tel:988");
      const local = modal.getByTestId("support-local-line");
      await expect(local).toBeVisible();
      await expect(local).toHaveText(`${l.country}: ${l.display}`);
      await expect(local).toHaveAttribute("href", `tel:${l.tel}`);
      if (l.locale === "en-GB") await modal.screenshot({ path: `${SHOTS}/support-modal-en-GB.png` });
    });
  });
}

test.describe("support modal in en-US", () => {
  test.use({ locale: "en-US", timezoneId: "America/Chicago" });
  test("988 is the local line: shown once, with 911 for emergencies in the note", async ({ page }) => {
    const modal = await openSupportModal(page);
    await expect(modal.getByRole("link", { name: "Crisis Hotline: 988" })).toHaveAttribute("href", "tel:988");
    await expect(modal.getByTestId("support-local-line")).toHaveCount(0);
    await expect(modal.getByText("call or text 988 now")).toBeVisible();
  });
});

test.describe("Just Chatting answers risk with the local line", () => {
  test.use({ locale: "en-GB", timezoneId: "Europe/London" });

  test("offline companion", async ({ page, request }) => {
    expect((await request.put("/api/config", { data: { key: "ai_model", value: "local/offline" } })).ok()).toBe(true);
    await page.goto("/chat");
    await sendMessage(page, RISK_CHAT);
    const reply = assistantMessages(page).last();
    await expect(reply).toContainText("116 123");
    await expect(reply).toContainText("safe right now?");
    await expect(reply).not.toContainText("What stood out to you");
    const card = page.getByTestId("support-card");
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Call 116 123" })).toHaveAttribute("href", "tel:116123");
    await expect(card.getByRole("link", { name: "Call 999" })).toHaveAttribute("href", "tel:999");
    await page.screenshot({ path: `${SHOTS}/chat-card-en-GB.png` });
    expect(await seriousA11yProblems(page)).toEqual([]);
    await card.getByRole("button", { name: "Open support and my safety plan" }).click();
    const modal = page.getByRole("dialog", { name: "You're Not Alone" });
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId("support-local-line")).toHaveText("United Kingdom: 116 123");
    // The card stays after a reload (kept with the history).
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByTestId("support-card")).toBeVisible();
    await expect(input(page)).toBeEnabled();
  });

  test("cloud model: the model is never called for the risk message", async ({ page, request }) => {
    await page.goto("/chat");
    await sendMessage(page, RISK_CHAT);
    await expect(assistantMessages(page).last()).toContainText("116 123");
    await expect(page.getByTestId("support-card")).toBeVisible();
    expect(await fakeRequests(request, "chat")).toHaveLength(0);
  });
});

const SCREENS = ["/", "/journal", "/timeline", "/chat", "/settings", "/help"];

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test.describe(`Get help on every screen (${viewport.name})`, () => {
    test.use({ viewport: viewport.size, locale: "de-DE", timezoneId: "Europe/Berlin" });

    test("one click away, and the page holds the local line", async ({ page, request }) => {
      const [entry] = await createEntries(request, [{ title: "A day", content: "A quiet day by the lake." }]);
      for (const path of [...SCREENS, `/entry/${entry!.id}`, `/journal/edit/${entry!.id}`]) {
        await page.goto(path);
        const link = page.getByTestId("get-help-link");
        await expect(link, path).toBeVisible();
        await link.click();
        await expect(page).toHaveURL(/\/get-help$/u);
        await expect(page.getByRole("heading", { level: 1, name: "Get help" })).toBeVisible();
        await expect(page.getByTestId("local-line").first()).toContainText("0800 111 0 111");
      }
      await expect(page.getByRole("link", { name: "Call 112" }).first()).toHaveAttribute("href", "tel:112");
      await page.screenshot({ path: `${SHOTS}/get-help-${viewport.name}.png`, fullPage: true });
      expect(await seriousA11yProblems(page)).toEqual([]);
    });
  });
}

test.describe("safety plan", () => {
  test.use({ locale: "en-AU", timezoneId: "Australia/Melbourne" });

  test("written on Get help, kept in this browser, shown in the modal's Tonight tab", async ({ page }) => {
    await page.goto("/get-help");
    await page.getByRole("button", { name: "Write my plan" }).click();
    await page.getByLabel("1. Warning signs").fill("Not sleeping\nSkipping meals");
    await page.getByLabel("4. People I can ask for help").fill("Priya 0400 000 000");
    await page.getByLabel("6. Making my surroundings safer").fill("Ask Priya to hold my spare keys");
    await page.getByRole("button", { name: "Save my plan" }).click();
    const view = page.getByTestId("safety-plan-view");
    await expect(view).toContainText("Skipping meals");
    await expect(view).toContainText("Priya 0400 000 000");
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("reverie:safety-plan") ?? "null"));
    expect(kept?.warning_signs).toBe("Not sleeping\nSkipping meals");

    // Changing a step is saved too.
    await page.getByRole("button", { name: "Edit my plan" }).click();
    await page.getByLabel("2. Things I can do on my own").fill("Walk to the park");
    await page.getByRole("button", { name: "Save my plan" }).click();
    await expect(view).toContainText("Walk to the park");
    await page.screenshot({ path: `${SHOTS}/get-help-with-plan.png`, fullPage: true });

    const modal = await openSupportModal(page);
    await modal.getByRole("tab", { name: "Tonight" }).click();
    const plan = modal.getByTestId("support-safety-plan");
    await expect(plan).toContainText("Skipping meals");
    await expect(plan).toContainText("Walk to the park");
    await expect(modal.getByTestId("support-local-line")).toHaveText("Australia: 13 11 14");
    await modal.screenshot({ path: `${SHOTS}/support-modal-tonight-plan.png` });
    expect(await seriousA11yProblems(page)).toEqual([]);
  });

  test("the country chosen in Settings wins over the browser's guess", async ({ page }) => {
    await page.goto("/settings");
    const select = page.getByLabel("Country for crisis lines");
    await expect(select).toContainText("Automatic (Australia)");
    await select.selectOption("IE");
    await expect
      .poll(async () => (await (await page.request.get("/api/config")).json()).config.crisis_country)
      .toBe("IE");
    await page.goto("/get-help");
    await expect(page.getByTestId("local-line").first()).toHaveAttribute("data-country", "IE");
    await expect(page.getByText("Country chosen in Settings.")).toBeVisible();
  });
});

test("Get help opens with no connection once the app was visited", async ({ page, context }) => {
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await context.setOffline(true);
  await page.goto("/get-help");
  await expect(page.getByRole("heading", { level: 1, name: "Get help" })).toBeVisible();
  await expect(page.getByTestId("local-line").first()).toContainText("988");
  await context.setOffline(false);
});

test.describe("the lock screen", () => {
  test.use({ locale: "en-GB", timezoneId: "Europe/London" });
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer(Number(process.env.E2E_PORT ?? 3100) + 60, {
      APP_PASSWORD: "a quiet harbour",
      REVERIE_E2E: "1",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("shows the local crisis line without unlocking and without reading the journal's settings", async ({ page }) => {
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith("/api/") && url.pathname !== "/api/auth/status") apiCalls.push(url.pathname);
    });
    await page.goto(`${server.url}/get-help`);
    await expect(page).toHaveURL(/\/lock\?next=%2Fget-help$/u);
    await expect(page.getByRole("heading", { name: "Reverie is locked" })).toBeVisible();
    const line = page.getByTestId("local-line");
    await expect(line.getByRole("link", { name: "Call 116 123" })).toHaveAttribute("href", "tel:116123");
    await expect(line.getByRole("link", { name: "Call 999" })).toHaveAttribute("href", "tel:999");
    expect(apiCalls).toEqual([]);
  });
});
