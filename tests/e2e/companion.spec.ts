import { expect, test } from "@playwright/test";
import { resetJournal } from "../support/e2e";
import { assistantMessages, conversation, fakeRequests, input, resetFake, sendMessage } from "../support/chat-e2e";

const SHOTS = "test-results/companion";

test.beforeEach(async ({ request }) => {
  // A journal as it is on first start with a cloud model: nothing allowed yet.
  resetJournal({ withoutConsent: true });
  await resetFake(request);
});

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 860 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test.describe(`the AI companion's duties (${viewport.name})`, () => {
    test.use({ viewport: viewport.size });

    test("notice naming the provider, one consent step for the model, the honest answer, the protocol link, and Revoke in Settings", async ({
      page,
      request,
    }) => {
      await page.goto("/chat");
      await expect(page.getByText("Replies come from an AI, not a person.")).toBeVisible();
      await expect(page.getByText(/Reverie listens/u)).toHaveCount(0);

      // The first message: the notice joins the conversation, and nothing leaves before the consent step.
      await sendMessage(page, "I baked bread today and it came out well.");
      // (The notice sits in the conversation, behind the consent step while that is open.)
      const notice = page.getByTestId("ai-notice");
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText("You are chatting with an AI, not a person");
      await expect(notice).toContainText("Google Gemini (gemma-3n-e4b-it)");
      const step = page.getByRole("dialog", { name: "Send to Google Gemini?" });
      // The first chat request of a fresh server reads the crisis rules in first: it may take a while.
      await expect(step).toBeVisible({ timeout: 30_000 });
      await expect(step).toContainText("gemini/gemma-3n-e4b-it");
      await expect(step).toContainText("journal entries");
      await expect(step).toContainText("chats");
      await expect(step).toContainText("photos");
      await expect(step).toContainText("voice");
      expect(await fakeRequests(request)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/consent-${viewport.name}.png` });
      await step.getByRole("button", { name: "Allow Google Gemini" }).click();
      await expect(step).toBeHidden();
      await expect(assistantMessages(page)).toHaveCount(1);
      await expect(notice.getByRole("link", { name: "How Reverie responds when you're struggling" })).toHaveAttribute(
        "href",
        "/get-help/how-reverie-responds",
      );
      expect(await fakeRequests(request, "chat")).toHaveLength(1);

      // Asked once per model: the next message goes straight through, with no second notice the same day.
      await sendMessage(page, "Then I went for a walk.");
      await expect(assistantMessages(page)).toHaveCount(2);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(notice).toHaveCount(1);

      // The honest answer, from the app, without a model call.
      await sendMessage(page, "r u a real person??");
      await expect(assistantMessages(page)).toHaveCount(3);
      await expect(assistantMessages(page).last()).toContainText("No, I'm not a person. I'm an AI");
      await expect(assistantMessages(page).last()).toContainText("Google Gemini (gemma-3n-e4b-it)");
      expect(await fakeRequests(request, "chat")).toHaveLength(2);
      await expect(input(page)).toBeEnabled();
      await page.screenshot({ path: `${SHOTS}/chat-${viewport.name}.png`, fullPage: true });

      // Settings: the consent is listed, with Revoke.
      await page.goto("/settings#companion");
      const section = page.getByRole("region", { name: "AI companion" });
      await expect(section.getByRole("switch", { name: "I am under 18" })).not.toBeChecked();
      const allowed = section.getByRole("list", { name: "Cloud models you allowed" });
      await expect(allowed.getByRole("listitem")).toHaveCount(1);
      await expect(allowed).toContainText("Google Gemini");
      await expect(allowed).toContainText("gemini/gemma-3n-e4b-it");
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/settings-${viewport.name}.png` });
      await allowed.getByRole("button", { name: "Revoke Google Gemini gemini/gemma-3n-e4b-it" }).click();
      await expect(section.getByTestId("consents-empty")).toBeVisible();
      expect((await (await request.get("/api/ai/consent")).json()).consents).toEqual([]);

      // Under 18: stored in the journal's settings.
      await section.getByRole("switch", { name: "I am under 18" }).click();
      await expect
        .poll(async () => (await (await request.get("/api/config")).json()).config.companion_under_18)
        .toBe("true");

      // Revoked: the next message asks again, and "Not now" sends nothing.
      await page.goto("/chat");
      await sendMessage(page, "One more thing about the bread.");
      const again = page.getByRole("dialog", { name: "Send to Google Gemini?" });
      await expect(again).toBeVisible();
      await again.getByRole("button", { name: "Not now" }).click();
      await expect(conversation(page).locator('[data-role="assistant"][data-error="true"]')).toContainText(
        "Nothing was sent",
      );
      expect(await fakeRequests(request, "chat")).toHaveLength(2);
    });
  });
}
