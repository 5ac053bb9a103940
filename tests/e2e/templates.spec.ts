import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BUILT_IN_TEMPLATES } from "@/domain/template-builtins";
import { applyTemplate } from "@/domain/templates";
import { resetJournal, watchPage } from "../support/e2e";

const editor = (page: Page) => page.getByRole("textbox", { name: "Entry", exact: true });
const picker = (page: Page) => page.getByRole("group", { name: "Start from a template" });

async function entries(request: APIRequestContext) {
  const res = await request.get("/api/entries");
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: string; content: string }[];
}

const thoughtRecord = BUILT_IN_TEMPLATES.find((t) => t.key === "thought-record")!;
const feeling = thoughtRecord.prompts[1]!;

test.beforeEach(() => resetJournal());

for (const form of [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
]) {
  test.describe(form.name, () => {
    test.use({ viewport: form.viewport });

    test("a template's unanswered prompts are not saved; the answered one is", async ({ page, request }) => {
      const errors = watchPage(page);
      await page.goto("/journal");
      await picker(page).getByRole("button", { name: "Thought record" }).click();
      const applied = applyTemplate(thoughtRecord);
      await expect(editor(page)).toHaveValue(applied);
      await expect(picker(page).getByRole("button", { name: "Thought record" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await page.screenshot({ path: `test-results/templates-applied-${form.name}.png` });

      // Answer one prompt, on the line under it.
      await editor(page).fill(applied.replace(`${feeling}\n`, `${feeling}\nTense, about 70.\n`));
      // Now it holds the person's words: the row steps aside.
      await expect(picker(page)).toBeHidden();
      await page.getByRole("button", { name: "Save Entry" }).click();
      // The first save of a fresh server can take a while on a busy machine.
      await expect(page).toHaveURL("/timeline", { timeout: 30_000 });

      const saved = await entries(request);
      expect(saved).toHaveLength(1);
      expect(saved[0]!.content).toBe(`${thoughtRecord.body}\n\n${feeling}\nTense, about 70.`);

      await page.goto(`/entry/${saved[0]!.id}`);
      const main = page.getByRole("main");
      await expect(main.getByText("Tense, about 70.")).toBeVisible();
      await expect(main).not.toContainText("Situation:");
      await expect(main).not.toContainText("A kinder view:");
      await page.screenshot({ path: `test-results/templates-saved-${form.name}.png`, fullPage: true });
      expect(errors).toEqual([]);
    });

    test("a template added in Settings is offered in the editor, and as the default fills a new entry", async ({
      page,
    }) => {
      const errors = watchPage(page);
      await page.goto("/settings");
      const section = page.getByRole("region", { name: "Templates" });
      await section.getByRole("button", { name: "Add a template" }).click();
      const addForm = section.getByRole("form", { name: "Add template" });
      await addForm.getByLabel("Name").fill("Walk notes");
      await addForm.getByLabel("Text").fill("**On my walk**");
      await addForm.getByLabel("Prompts, one a line").fill("What did I notice?\nHow do I feel now?");
      await addForm.getByRole("button", { name: "Add template" }).click();
      const row = section.getByTestId("template-row").filter({ hasText: "Walk notes" });
      await expect(row).toContainText("2 prompts");
      await page.screenshot({ path: `test-results/templates-settings-${form.name}.png`, fullPage: true });

      // Offered in the editor, in the row of templates.
      await page.goto("/journal");
      await expect(picker(page).getByRole("button", { name: "Walk notes" })).toBeVisible();
      await expect(editor(page)).toHaveValue("");

      // Picked as the default, it fills a new entry as it opens.
      await page.goto("/settings");
      // The choice shows once the server has it.
      await row.getByRole("radio", { name: "Start new entries with Walk notes" }).click();
      await expect(row.getByRole("radio", { name: "Start new entries with Walk notes" })).toBeChecked();
      await page.goto("/journal");
      await expect(editor(page)).toHaveValue("**On my walk**\n\nWhat did I notice?\n\nHow do I feel now?\n");
      await expect(picker(page).getByRole("button", { name: "Walk notes" })).toHaveAttribute("aria-pressed", "true");
      await page.screenshot({ path: `test-results/templates-default-${form.name}.png` });
      // Untouched, it is not the person's words: nothing to save yet.
      await expect(page.getByRole("button", { name: "Save Entry" })).toBeDisabled();
      expect(errors).toEqual([]);
    });
  });
}
