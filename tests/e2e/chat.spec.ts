import { expect, test, type Page } from "@playwright/test";
import { GREETING_PROMPTS } from "../../src/domain/constants";
import { createEntries, resetJournal, watchPage } from "../support/e2e";
import {
  alertWith,
  assistantMessages,
  conversation,
  fakeRequests,
  HISTORY_KEY,
  input,
  resetFake,
  scriptFake,
  seedHistory,
  sendButton,
  sendMessage,
  seriousAxeViolations,
  storedHistory,
  userMessages,
} from "../support/chat-e2e";

const DEFAULT_REPLY = "Thank you for sharing that with me. How are you feeling about it now?";
const TOAST = "Journal entry created successfully from your conversation!";

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

/** Records every text the newest assistant message shows, to see the reply grow. */
async function recordAssistantTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as any).__assistantTexts = seen;
    new MutationObserver(() => {
      const all = document.querySelectorAll('[data-role="assistant"], [data-role="typing"]');
      const last = all[all.length - 1] as HTMLElement | undefined;
      const text = last?.innerText.trim() ?? "";
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

test("an empty conversation greets with one of the five prompts", async ({ page }) => {
  const errors = watchPage(page);
  await page.goto("/chat");
  const greeting = page.getByTestId("chat-greeting");
  await expect(greeting).toBeVisible();
  expect(GREETING_PROMPTS).toContain((await greeting.innerText()).trim());
  await expect(input(page)).toHaveAttribute("placeholder", "Today I feel good!");
  await expect(page.getByRole("button", { name: "Generate Entry" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New Chat" })).toHaveCount(0);
  await expect(sendButton(page)).toBeDisabled();
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the greeting is picked at random from the five", async ({ page }) => {
  const seen = new Set<string>();
  for (let i = 0; i < 25 && seen.size < 2; i++) {
    await page.goto("/chat");
    seen.add((await page.getByTestId("chat-greeting").innerText()).trim());
  }
  expect(seen.size).toBeGreaterThan(1);
  for (const g of seen) expect(GREETING_PROMPTS).toContain(g);
});

test("sending shows the message at once, the typing indicator, then the reply streamed token by token", async ({
  page,
  request,
}) => {
  const errors = watchPage(page);
  await scriptFake(request, {
    task: "chat",
    reply: {
      chunks: ["It sounds ", "like a **good** ", "day. ", "What made it ", "special?"],
      // Far enough apart that a busy machine still draws the reply part-written at least twice.
      delayMs: 800,
      chunkDelayMs: 400,
    },
  });
  await page.goto("/chat");
  await recordAssistantTexts(page);
  await sendMessage(page, "I finished my first pottery bowl today!");

  await expect(userMessages(page)).toHaveText(["You: I finished my first pottery bowl today!"]);
  await expect(page.getByRole("status").filter({ hasText: "Reverie is writing..." })).toBeVisible();
  // The first reply of a fresh server also loads the chat's code: patience, not a measure of speed.
  await expect(assistantMessages(page).last()).toContainText("It sounds like a good day. What made it special?", {
    timeout: 30_000,
  });
  await expect(page.getByText("Reverie is writing...")).toHaveCount(0);
  await expect(assistantMessages(page).last().locator("strong")).toHaveText("good");

  const texts: string[] = await page.evaluate(() => (window as any).__assistantTexts);
  // The reply was seen part-written before it was whole.
  const replies = texts.filter((t) => !t.includes("is writing"));
  expect(replies.length).toBeGreaterThan(2);
  expect(replies.some((t) => t.includes("It sounds") && !t.includes("special?"))).toBe(true);
  expect(replies.at(-1)).toContain("It sounds like a good day. What made it special?");

  await expect(page.getByRole("heading", { name: "Just Chatting", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate Entry" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "New Chat" })).toBeVisible();
  await expect(input(page)).toHaveAttribute("placeholder", "Type your message...");
  await expect(input(page)).toBeFocused();

  const [sent] = await fakeRequests(request, "chat");
  expect(sent.stream).toBe(true);
  expect(sent.prompt).toContain("I finished my first pottery bowl today!");
  expect(await storedHistory(page)).toMatchObject([
    { role: "user", content: "I finished my first pottery bowl today!" },
    { role: "assistant", content: "It sounds like a **good** day. What made it special?" },
  ]);
  expect(errors).toEqual([]);
});

test("Shift+Enter adds a newline, Enter sends; the input grows up to 120px", async ({ page, request }) => {
  await page.goto("/chat");
  const box = input(page);
  await box.click();
  await box.pressSequentially("line one");
  await box.press("Shift+Enter");
  await box.pressSequentially("line two");
  await expect(box).toHaveValue("line one\nline two");
  expect(await fakeRequests(request, "chat")).toHaveLength(0);

  const oneLine = await box.evaluate((el) => el.getBoundingClientRect().height);
  await box.fill(Array.from({ length: 12 }, (_, i) => `row ${i}`).join("\n"));
  const tall = await box.evaluate((el) => el.getBoundingClientRect().height);
  expect(tall).toBeGreaterThan(oneLine);
  expect(tall).toBeLessThanOrEqual(120);
  await box.fill("line one\nline two");

  await box.press("Enter");
  await expect(assistantMessages(page).last()).toContainText(DEFAULT_REPLY);
  expect(
    await userMessages(page)
      .first()
      .locator("[data-text]")
      .evaluate((el) => (el as HTMLElement).innerText),
  ).toBe("line one\nline two");
  const [sent] = await fakeRequests(request, "chat");
  expect(sent.prompt).toContain("line one\nline two");
});

test("blank messages are not sent; input and send are disabled while a reply is pending", async ({ page, request }) => {
  await page.goto("/chat");
  await input(page).fill("   \n  ");
  await expect(sendButton(page)).toBeDisabled();
  await input(page).press("Enter");
  await expect(userMessages(page)).toHaveCount(0);

  // The reply waits long enough for every check of the pending state to be made on a busy machine.
  await scriptFake(request, { task: "chat", reply: { chunks: ["Take ", "your time."], delayMs: 5000 } });
  await sendMessage(page, "Hello");
  await expect(page.getByText("Reverie is writing...")).toBeVisible();
  await expect(input(page)).toBeDisabled();
  await expect(sendButton(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Generate Entry" })).toBeDisabled();
  await expect(assistantMessages(page).last()).toContainText("Take your time.");
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toHaveValue("");
  await expect(sendButton(page)).toBeDisabled();
  await input(page).fill("Next");
  await expect(sendButton(page)).toBeEnabled();
  expect(await fakeRequests(request, "chat")).toHaveLength(1);
});

test("a model failure appends the error message, keeps it in history, and Try again sends the message again", async ({
  page,
  request,
}) => {
  await scriptFake(request, { task: "chat", reply: { error: { status: 400, message: "model overloaded" } } });
  await page.goto("/chat");
  await sendMessage(page, "Are you there?");

  const failed = assistantMessages(page).last();
  await expect(failed).toContainText("Sorry, I encountered an error:");
  await expect(failed).toContainText("model overloaded");
  await expect(alertWith(page, "Failed to send message")).toBeVisible();
  const stored = await storedHistory(page);
  expect(stored).toHaveLength(2);
  expect(stored![0]).toMatchObject({ role: "user", content: "Are you there?" });
  expect(stored![1]).toMatchObject({ role: "assistant", error: true });
  expect(stored![1].content).toMatch(/^Sorry, I encountered an error: .*model overloaded/u);

  await alertWith(page, "Failed to send message").getByRole("button", { name: "Try again" }).click();
  await expect(assistantMessages(page).last()).toContainText(DEFAULT_REPLY);
  await expect(alertWith(page, "Failed to send message")).toHaveCount(0);
  await expect(userMessages(page)).toHaveCount(1);
  await expect(page.getByText("Sorry, I encountered an error:")).toHaveCount(0);
  expect((await storedHistory(page))!.map((m) => m.role)).toEqual(["user", "assistant"]);
});

test("a failure in the middle of a reply ends in the error message, which survives a reload", async ({
  page,
  request,
}) => {
  await scriptFake(request, {
    task: "chat",
    reply: { chunks: ["I hear ", "you "], streamError: "connection reset by the model" },
  });
  await page.goto("/chat");
  await sendMessage(page, "Tell me something");
  await expect(assistantMessages(page).last()).toContainText("Sorry, I encountered an error: ");
  await expect(assistantMessages(page).last()).toContainText("connection reset by the model");
  await expect(alertWith(page, "Failed to send message").getByRole("button", { name: "Dismiss" })).toBeVisible();
  await alertWith(page, "Failed to send message").getByRole("button", { name: "Dismiss" }).click();
  await expect(alertWith(page, "Failed to send message")).toHaveCount(0);
  await page.reload();
  await expect(assistantMessages(page).last()).toContainText("connection reset by the model");
  await expect(userMessages(page)).toHaveText(["You: Tell me something"]);
});

test("history survives a reload, goes with the next message, and New Chat clears it", async ({ page, request }) => {
  await page.goto("/chat");
  await sendMessage(page, "My sister visited today.");
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(assistantMessages(page).last()).toContainText(DEFAULT_REPLY);

  await page.reload();
  await expect(userMessages(page)).toHaveText(["You: My sister visited today."]);
  await expect(assistantMessages(page)).toHaveCount(1);
  await expect(input(page)).toHaveAttribute("placeholder", "Type your message...");

  await sendMessage(page, "We baked bread together.");
  await expect(assistantMessages(page)).toHaveCount(2);
  const second = (await fakeRequests(request, "chat"))[1];
  expect(second.prompt).toContain("My sister visited today.");
  expect(second.prompt).toContain(DEFAULT_REPLY);
  expect(await storedHistory(page)).toHaveLength(4);

  await page.getByRole("button", { name: "New Chat" }).click();
  const dialog = page.getByRole("dialog", { name: "Start a new chat?" });
  await dialog.getByRole("button", { name: "New Chat" }).click();
  await expect(page.getByTestId("chat-greeting")).toBeVisible();
  await expect(userMessages(page)).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), HISTORY_KEY)).toBeNull();
  await page.reload();
  await expect(page.getByTestId("chat-greeting")).toBeVisible();
});

test("only the last 10 messages go to the model", async ({ page, request }) => {
  await seedHistory(
    page,
    Array.from({ length: 14 }, (_, i) => ({
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content: `note-${String(i).padStart(2, "0")}`,
    })),
  );
  await page.goto("/chat");
  await expect(userMessages(page)).toHaveCount(7);
  await sendMessage(page, "and now?");
  await expect(assistantMessages(page)).toHaveCount(8);
  const [sent] = await fakeRequests(request, "chat");
  for (let i = 0; i < 4; i++) expect(sent.prompt).not.toContain(`note-0${i}`);
  for (let i = 4; i < 14; i++) expect(sent.prompt).toContain(`note-${String(i).padStart(2, "0")}`);
});

test("a message waiting for its reply is not lost when the page is closed", async ({ page, request }) => {
  await scriptFake(request, { task: "chat", reply: { chunks: ["Slow ", "reply"], delayMs: 5000 } });
  await page.goto("/chat");
  await sendMessage(page, "Something I really want to keep");
  await expect(page.getByText("Reverie is writing...")).toBeVisible();
  await page.reload();
  await expect(input(page)).toHaveValue("Something I really want to keep");
  expect(await storedHistory(page)).toBeNull();
});

for (const [score, mood] of [
  [8, "positive"],
  [5, "neutral"],
  [2, "negative"],
] as const) {
  test(`Generate Entry creates the entry with mood ${mood} for a mood score of ${score} and shows the toast`, async ({
    page,
    request,
  }) => {
    await scriptFake(request, {
      task: "summarize-conversation",
      reply: {
        json: {
          title: `Talk about the garden ${score}`,
          content: "We talked about planting tomatoes with Mia.",
          mood_score: score,
          tags: ["garden", "family"],
        },
      },
    });
    await seedHistory(page, [
      { role: "user", content: "We planted tomatoes with Mia." },
      { role: "assistant", content: "That sounds lovely!" },
    ]);
    await page.goto("/chat");
    const before = new Date().toISOString();
    await page.getByRole("button", { name: "Generate Entry" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: TOAST })).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: TOAST })).toContainText("Success");

    const [summarized] = await fakeRequests(request, "summarize-conversation");
    expect(summarized.prompt).toContain("We planted tomatoes with Mia.");
    expect(summarized.prompt).toContain("That sounds lovely!");

    const entries = await (await request.get("/api/entries")).json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      title: `Talk about the garden ${score}`,
      content: "We talked about planting tomatoes with Mia.",
      mood,
      ai_mood_score: score,
      tags: [{ name: "family" }, { name: "garden" }],
    });
    expect(entries[0].created_at >= before.slice(0, 19)).toBe(true);

    await page
      .getByRole("status")
      .filter({ hasText: "Saved to your journal" })
      .getByRole("link", { name: `Talk about the garden ${score}` })
      .click();
    await expect(page).toHaveURL(`/entry/${entries[0].id}`);
    await expect(page.getByText("We talked about planting tomatoes with Mia.")).toBeVisible();
  });
}

test("Generate Entry is disabled while generating, and a failure offers Try again", async ({ page, request }) => {
  await scriptFake(request, [
    { task: "summarize-conversation", reply: { error: { status: 400, message: "summary model down" }, delayMs: 600 } },
    {
      task: "summarize-conversation",
      reply: { delayMs: 800, json: { title: "Second try", content: "A calm chat.", mood_score: 7, tags: ["chat"] } },
    },
  ]);
  await seedHistory(page, [
    { role: "user", content: "Quiet evening." },
    { role: "assistant", content: "Quiet evenings can be restoring." },
  ]);
  await page.goto("/chat");
  const button = page.getByRole("button", { name: "Generate Entry" });
  await button.click();
  await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
  await expect(alertWith(page, "Failed to generate entry")).toBeVisible();
  await expect(alertWith(page, "Failed to generate entry")).toContainText("summary model down");
  expect(await (await request.get("/api/entries")).json()).toEqual([]);

  await alertWith(page, "Failed to generate entry").getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
  await expect(page.getByTestId("toast").filter({ hasText: TOAST })).toBeVisible();
  await expect(alertWith(page, "Failed to generate entry")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Generate Entry" })).toBeEnabled();
  const entries = await (await request.get("/api/entries")).json();
  expect(entries.map((e: { title: string; mood: string }) => [e.title, e.mood])).toEqual([["Second try", "positive"]]);
});

test("a summary that does not report success is a failure and creates nothing", async ({ page, request }) => {
  await page.route("**/api/ai/summarize-conversation", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ success: false, error: "Could not summarise" }),
    }),
  );
  await seedHistory(page, [
    { role: "user", content: "Hi" },
    { role: "assistant", content: "Hello!" },
  ]);
  await page.goto("/chat");
  await page.getByRole("button", { name: "Generate Entry" }).click();
  await expect(alertWith(page, "Failed to generate entry")).toContainText("Could not summarise");
  await expect(page.getByTestId("toast")).toHaveCount(0);
  expect(await (await request.get("/api/entries")).json()).toEqual([]);
});

test("Generate Entry is disabled when the conversation holds only failure notices", async ({ page }) => {
  await seedHistory(page, [{ role: "assistant", content: "Sorry, I encountered an error: x", error: true }]);
  await page.goto("/chat");
  await expect(page.getByRole("button", { name: "Generate Entry" })).toBeDisabled();
});

test("a reply grounded in the journal cites an entry; the link opens it and unknown citations are dropped", async ({
  page,
  request,
}) => {
  const [trail, other] = await createEntries(request, [
    {
      title: "Ridge trail with Juno",
      content: "Hiked the ridge trail with Juno. She chased a squirrel up a pine.",
      created_at: "2026-03-04T15:00:00.000Z",
    },
    { title: "Groceries", content: "Bought apples and oat milk.", created_at: "2026-03-06T15:00:00.000Z" },
  ]);
  await scriptFake(request, {
    task: "chat",
    reply: {
      chunks: [
        "You hiked the ridge trail ",
        `with Juno [entry:${trail.id}]. `,
        "She chased a squirrel [entry:not-a-real-id].",
      ],
    },
  });
  await page.goto("/chat");
  await sendMessage(page, "Do you remember the ridge trail with Juno?");

  const reply = assistantMessages(page).last();
  await expect(reply).toContainText("You hiked the ridge trail with Juno [1]. She chased a squirrel.");
  await expect(reply).not.toContainText("entry:");
  await expect(reply.getByText("Used 2 entries")).toBeVisible();
  const cited = reply.getByRole("list", { name: "Cited entries" }).getByRole("link");
  await expect(cited).toHaveCount(1);
  await expect(cited).toContainText("Ridge trail with Juno");

  const [sent] = await fakeRequests(request, "chat");
  expect(sent.prompt).toContain(
    `[entry:${trail.id}]\nJournal entry from 2026-03-04 "Ridge trail with Juno":\nHiked the ridge trail with Juno.`,
  );
  expect(sent.prompt).toContain(`[entry:${other.id}]`);

  await reply.getByText("Used 2 entries").click();
  const used = reply.getByRole("list", { name: "Entries used for this reply" }).getByRole("link");
  await expect(used).toHaveCount(2);
  await expect(used.nth(1)).toContainText("Groceries");

  await page.reload();
  await expect(
    assistantMessages(page).last().getByRole("list", { name: "Cited entries" }).getByRole("link"),
  ).toContainText("Ridge trail with Juno");
  await assistantMessages(page).last().getByRole("list", { name: "Cited entries" }).getByRole("link").click();
  await expect(page).toHaveURL(`/entry/${trail.id}`);
  await expect(page.getByText("She chased a squirrel up a pine.")).toBeVisible();
});

test("with the journal switched off no entry goes to the model, and the switch remembers", async ({
  page,
  request,
}) => {
  await createEntries(request, [{ title: "Private plans", content: "Surprise party for Leo on Friday." }]);
  await page.goto("/chat");
  const toggle = page.getByRole("switch", { name: "Use my journal in chat" });
  await expect(toggle).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/config") && r.request().method() === "PUT");
  await toggle.click();
  expect((await saved).ok()).toBe(true);
  await expect(toggle).not.toBeChecked();
  expect((await (await request.get("/api/config")).json()).config.chat_use_journal).toBe("false");

  await sendMessage(page, "What about the surprise party for Leo?");
  await expect(assistantMessages(page).last()).toContainText(DEFAULT_REPLY);
  await expect(page.getByText(/Used \d+ entr/u)).toHaveCount(0);
  const [sent] = await fakeRequests(request, "chat");
  expect(sent.prompt).not.toContain("Surprise party for Leo on Friday.");

  await page.reload();
  await expect(page.getByRole("switch", { name: "Use my journal in chat" })).not.toBeChecked();
  await page.getByRole("switch", { name: "Use my journal in chat" }).click();
  await expect(page.getByRole("switch", { name: "Use my journal in chat" })).toBeChecked();
  await sendMessage(page, "And the surprise party?");
  await expect(assistantMessages(page).last().getByText("Used 1 entry")).toBeVisible();
  expect((await fakeRequests(request, "chat"))[1].prompt).toContain("Surprise party for Leo on Friday.");
});

test("a conversation with markdown and code passes axe and highlights code", async ({ page, request }) => {
  const errors = watchPage(page);
  await scriptFake(request, {
    task: "chat",
    reply: {
      chunks: [
        "Here is a **small** idea, with a [link](https://example.com/journal):\n\n",
        "- write one line\n- breathe\n\n",
        "```ts\nconst mood: number = 7; // a good day\nconsole.log(`mood ${mood}`);\n```\n",
      ],
    },
  });
  await page.goto("/chat");
  await sendMessage(page, "Give me a tiny script");
  const reply = assistantMessages(page).last();
  await expect(reply.getByTestId("code-block")).toHaveAttribute("data-highlighted", "true");
  await expect(reply.getByTestId("code-block").locator("span[style]").first()).toBeVisible();
  await expect(reply.getByTestId("code-block")).toContainText("const mood: number = 7;");
  const link = reply.getByRole("link", { name: /link/u });
  await expect(link).toHaveAttribute("href", "https://example.com/journal");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(reply.locator("li")).toHaveText(["write one line", "breathe"]);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("on a phone the screen fits, the tabs stay, and the conversation scrolls to the newest message", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await seedHistory(
    page,
    Array.from({ length: 20 }, (_, i) => ({
      role: i % 2 ? ("assistant" as const) : ("user" as const),
      content: `Message number ${i}. ${"Some words to fill the line. ".repeat(3)}`,
    })),
  );
  await scriptFake(request, { task: "chat", reply: { chunks: ["The newest ", "reply is here."] } });
  await page.goto("/chat");
  await expect(page.getByRole("navigation", { name: "Tabs" })).toBeVisible();
  await sendMessage(page, "Last one");
  await expect(assistantMessages(page).last()).toContainText("The newest reply is here.");
  await expect(assistantMessages(page).last()).toBeInViewport();
  await expect(input(page)).toBeInViewport();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the conversation region is reachable by keyboard and the composer keeps focus order", async ({ page }) => {
  await page.goto("/chat");
  await expect(conversation(page)).toHaveAttribute("tabindex", "0");
  await input(page).focus();
  await page.keyboard.press("Shift+Tab");
  await expect(conversation(page)).toBeFocused();
});

test.describe("voice input", () => {
  test("records, transcribes into the message box, and the text can be edited and sent", async ({ page, request }) => {
    await scriptFake(request, {
      task: "transcribe-audio",
      reply: { json: { transcription: "I walked by the sea this morning.", confidence: 0.9 } },
    });
    await page.goto("/chat");
    await input(page).fill("Hello.");
    await page.getByRole("button", { name: "Record a voice message" }).click();
    await expect(page.getByText("Listening...")).toBeVisible();
    await expect(page.getByRole("timer", { name: "Recording time" })).toHaveText("0:01", { timeout: 5000 });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect(input(page)).toHaveValue("Hello.\nI walked by the sea this morning.");
    await expect(input(page)).toBeFocused();
    const [sent] = await fakeRequests(request, "transcribe-audio");
    expect(sent).toBeDefined();
    expect(await fakeRequests(request, "chat")).toHaveLength(0);

    await input(page).press("Enter");
    await expect(userMessages(page)).toHaveText(["You: Hello.\nI walked by the sea this morning."]);
  });

  test("a refused microphone says so", async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await page.goto("/chat");
    await page.getByRole("button", { name: "Record a voice message" }).click();
    await expect(alertWith(page, "Could not access microphone. Please check permissions.")).toBeVisible();
    await expect(input(page)).toHaveValue("");
  });

  test("a failed transcription keeps the recording for another try", async ({ page, request }) => {
    await scriptFake(request, [
      { task: "transcribe-audio", reply: { error: { status: 400, message: "audio refused" } } },
      { task: "transcribe-audio", reply: { json: { transcription: "Second time lucky.", confidence: 0.8 } } },
    ]);
    await page.goto("/chat");
    await page.getByRole("button", { name: "Record a voice message" }).click();
    await expect(page.getByRole("timer", { name: "Recording time" })).toHaveText("0:01", { timeout: 5000 });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect(alertWith(page, "Failed to transcribe audio. Please try again.")).toBeVisible();
    await expect(input(page)).toHaveValue("");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(input(page)).toHaveValue("Second time lucky.");
    await expect(alertWith(page, "Failed to transcribe audio. Please try again.")).toHaveCount(0);
    expect(await fakeRequests(request, "transcribe-audio")).toHaveLength(2);
  });
});
