import { expect, test } from "@playwright/test";
import { resetJournal, watchPage } from "../support/e2e";

const ROUTES: { path: string; title: string }[] = [
  { path: "/", title: "Reverie - Home" },
  { path: "/journal", title: "Reverie - Journal" },
  { path: "/timeline", title: "Reverie - Timeline" },
  { path: "/chat", title: "Reverie - Just Chatting" },
  { path: "/settings", title: "Reverie - Settings" },
];

test.beforeEach(() => resetJournal());

test("the app boots on an empty database and every screen has its title", async ({ page }) => {
  const errors = watchPage(page);
  for (const r of ROUTES) {
    await page.goto(r.path);
    await expect(page).toHaveTitle(r.title);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("navigation links lead to each screen and mark the current one", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [label, path, title] of [
    ["Journal", "/journal", "Reverie - Journal"],
    ["Timeline", "/timeline", "Reverie - Timeline"],
    ["Just Chatting", "/chat", "Reverie - Just Chatting"],
    ["Settings", "/settings", "Reverie - Settings"],
    ["Home", "/", "Reverie - Home"],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(title);
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
});

test("narrow screens get a row of icon-and-label tabs", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/timeline");
  const tabs = page.getByRole("navigation", { name: "Tabs" });
  await expect(tabs).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Timeline" })).toBeHidden();
  await tabs.getByRole("link", { name: "Chat" }).click();
  await expect(page).toHaveURL("/chat");
});

test("the footer says what the product is and is not", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText("proof-of-concept");
  await expect(page.getByRole("contentinfo")).toContainText("not a medical or therapeutic tool");
});

test("a stored theme value is removed and the theme stays light", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("an unknown address shows the not-found page", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a thrown error shows the error screen with Try again", async ({ page }) => {
  await page.goto("/error-check");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText("This is a deliberate error to check the error screen.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
});
