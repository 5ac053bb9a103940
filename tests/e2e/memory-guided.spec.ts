import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { EntryDto } from "@/contracts/entries";
import type { MemoryDto } from "@/contracts/memory";
import { resetJournal, SCREEN_FORMS, watchPage } from "../support/e2e";
import { assistantMessages, fakeRequests, resetFake, scriptFake, sendMessage } from "../support/chat-e2e";

/** What Reverie remembers, and the guided reflections of the offline companion. */

async function memory(request: APIRequestContext): Promise<MemoryDto> {
  const res = await request.get("/api/memory");
  expect(res.status()).toBe(200);
  return (await res.json()) as MemoryDto;
}

async function useModel(request: APIRequestContext, model: string) {
  expect((await request.put("/api/config", { data: { key: "ai_model", value: model } })).ok()).toBe(true);
}

const proposal = (page: Page, fact: string) => page.getByRole("group", { name: `Remember: ${fact}` });

/** Sends a message and waits for its reply (the n-th assistant message). */
async function say(page: Page, text: string, n: number) {
  await sendMessage(page, text);
  // The first reply of a fresh server also loads the chat's code: patience, not a measure of speed.
  await expect(assistantMessages(page)).toHaveCount(n, { timeout: 30_000 });
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

for (const form of SCREEN_FORMS) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("memory with the offline analyzer: confirm a proposed fact, edit it, delete it, switch memory off", async ({
      page,
      request,
    }) => {
      // A long journey (chat, then Settings, then chat again): more time than one screen's test on a busy machine.
      test.setTimeout(120_000);
      const errors = watchPage(page);
      await useModel(request, "local/offline");
      await page.goto("/chat");
      await say(page, "My sister Sam called tonight and we talked for an hour.", 1);
      await expect(proposal(page, "Sam is your sister")).toBeVisible();
      await page.screenshot({ path: `test-results/memory-proposal-${form.name}.png` });
      await proposal(page, "Sam is your sister").getByRole("button", { name: "Remember" }).click();
      await expect(proposal(page, "Sam is your sister")).toBeHidden();
      await expect.poll(async () => (await memory(request)).facts.map((f) => f.text)).toEqual(["Sam is your sister"]);

      // Not now keeps nothing.
      await say(page, "I run every Tuesday with the club by the canal.", 2);
      await proposal(page, "You run on Tuesdays").getByRole("button", { name: "Not now" }).click();
      await expect(proposal(page, "You run on Tuesdays")).toBeHidden();
      expect((await memory(request)).facts).toHaveLength(1);

      await page.goto("/settings");
      const section = page.getByRole("region", { name: "What Reverie remembers" });
      await section.scrollIntoViewIfNeeded();
      // Settings' lower sections load after the page: patience on a busy machine.
      await expect(section.getByRole("list", { name: "Remembered facts" })).toHaveText("Sam is your sister", {
        timeout: 30_000,
      });
      await section.getByRole("button", { name: "Edit: Sam is your sister" }).click();
      await section.getByRole("textbox", { name: "Fact", exact: true }).fill("Sam is your older sister");
      await section.getByRole("button", { name: "Save" }).click();
      await expect(section.getByRole("list", { name: "Remembered facts" })).toHaveText("Sam is your older sister");
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/memory-settings-${form.name}.png` });
      expect((await memory(request)).facts.map((f) => f.text)).toEqual(["Sam is your older sister"]);

      await section.getByRole("button", { name: "Delete: Sam is your older sister" }).click();
      await expect(section).toContainText("Nothing yet");
      expect((await memory(request)).facts).toEqual([]);

      await section.getByRole("switch", { name: "Memory" }).click();
      await expect(section).toContainText("Off: nothing is proposed");
      expect((await memory(request)).enabled).toBe(false);

      // Off: nothing is proposed any more.
      await page.goto("/chat");
      await say(page, "My brother Tom came round for dinner tonight.", 3);
      await expect(page.getByTestId("memory-proposals")).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test("memory with a (fake) cloud model: the model proposes, and remembered facts go with the chat", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      expect((await request.post("/api/memory", { data: { text: "You run on Tuesdays" } })).status()).toBe(201);
      await scriptFake(request, { task: "chat", reply: { text: "That sounds like a lovely lunch." } });
      await page.goto("/chat");
      // Guided reflections are the offline companion's: a model converses instead.
      await expect(page.getByTestId("guided-picker")).toHaveCount(0);
      await say(page, "Lunch with my sister Sam today.", 1);
      await proposal(page, "Sam is your older sister").getByRole("button", { name: "Remember" }).click();
      await expect
        .poll(async () => (await memory(request)).facts.map((f) => f.text))
        .toEqual(["You run on Tuesdays", "Sam is your older sister"]);
      const [sent] = await fakeRequests(request, "chat");
      expect(sent!.prompt).toContain("- You run on Tuesdays");
      expect((await fakeRequests(request, "propose-memory"))[0]!.prompt).toContain("Lunch with my sister Sam today.");
      expect(errors).toEqual([]);
    });

    test("a guided reflection with the offline analyzer, from the first question to a saved entry", async ({
      page,
      request,
    }) => {
      const errors = watchPage(page);
      await useModel(request, "local/offline");
      await page.goto("/chat");
      await page
        .getByRole("list", { name: "Guided reflections" })
        .getByRole("button", { name: "Untangle a worry" })
        .click();
      await expect(assistantMessages(page)).toHaveCount(1, { timeout: 30_000 });
      await expect(assistantMessages(page).last()).toContainText("First, the situation");
      await expect(page.getByTestId("guide-progress")).toContainText("question 1 of 5");
      const answers = [
        "The team presentation on Friday.",
        "Anxious, about 8 out of 10.",
        "I'll freeze and everyone will think I'm useless",
        "I practised twice and my manager liked the draft.",
        "I'm prepared, and one stumble would not undo my work.",
      ];
      await say(page, answers[0]!, 2);
      // A question to the companion mid-way gets the truthful answer; the reflection waits where it was.
      await say(page, "Are you a real person?", 3);
      await expect(assistantMessages(page).last()).toContainText("I'm not a person");
      await expect(assistantMessages(page).last()).toContainText("the reflection carries on where we were");
      await expect(page.getByTestId("guide-progress")).toContainText("question 2 of 5");
      for (const [i, a] of answers.slice(1).entries()) await say(page, a, i + 4);
      await expect(assistantMessages(page).nth(4)).toContainText(
        "You've been telling yourself: \"I'll freeze and everyone will think I'm useless.\"",
      );
      const card = page.getByTestId("guide-summary");
      await expect(card).toContainText("Untangling a worry: The team presentation on Friday");
      await expect(card).toContainText("A kinder view: I'm prepared");
      await expect(page.getByTestId("guide-progress")).toHaveCount(0);
      await card.screenshot({ path: `test-results/guided-summary-${form.name}.png` });
      await card.getByRole("button", { name: "Save as entry" }).click();
      await expect(card.getByRole("button", { name: "Saved" })).toBeDisabled();
      await expect(page.getByRole("status").filter({ hasText: "Saved to your journal" })).toBeVisible();

      const entries = (await (await request.get("/api/entries")).json()) as EntryDto[];
      expect(entries).toHaveLength(1);
      expect(entries[0]!.title).toBe("Untangling a worry: The team presentation on Friday");
      for (const a of answers) expect(entries[0]!.content).toContain(a);
      expect(entries[0]!.content).not.toContain("real person");
      expect(entries[0]!.tags.map((t) => t.name)).toEqual(expect.arrayContaining(["worry", "reflection"]));
      await page.screenshot({ path: `test-results/guided-saved-${form.name}.png` });
      expect(errors).toEqual([]);
    });
  });
}
