import { expect, test, type Page } from "@playwright/test";
import { resetJournal, watchPage } from "../support/e2e";
import { assistantMessages, resetFake, scriptFake, seedHistory, sendMessage } from "../support/chat-e2e";

/**
 * Replies are written by a model, and a model can be talked into writing anything (a journal entry it
 * reads could carry instructions). Whatever markdown arrives must render inert: no script runs, no
 * dialog opens, no handler attribute survives, no link or image points anywhere but an http(s), irc(s),
 * mailto or xmpp address, and nothing is fetched from a host the text names.
 */
const PAYLOADS: string[] = [
  "<script>window.__pwned = 'script'; alert(1)</script>",
  "<img src=x onerror=\"window.__pwned='img'; alert(1)\">",
  "<svg onload=\"window.__pwned='svg'\"><circle r=5 /></svg>",
  "<svg><script>window.__pwned='svg-script'</script></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>tap</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  "<iframe srcdoc=\"<script>parent.__pwned='srcdoc'</script>\"></iframe>",
  "[click me](javascript:alert(1))",
  "[click me](JaVaScRiPt:alert(1))",
  "[click me](javascript&#58;alert(1))",
  "[click me](&#106;avascript:alert(1))",
  "[click me](<java\tscript:alert(1)>)",
  "[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click me](vbscript:msgbox(1))",
  "[click me](file:///etc/passwd)",
  "[click me](//evil.example/path)",
  "[click me](/api/config/reset)",
  "[ref link][r]\n\n[r]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "![pic](javascript:alert(1))",
  "![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "![tracker](https://evil.example/track.png)",
  '<img src="https://evil.example/raw.png">',
  '<a href="javascript:alert(1)">raw link</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data link</a>',
  '<div onmouseover="window.__pwned=\'hover\'" style="position:fixed;inset:0">hover</div>',
  "<body onload=\"window.__pwned='body'\">",
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__pwned='mxss'\">",
  "<details open ontoggle=\"window.__pwned='details'\">x</details>",
  "<input autofocus onfocus=\"window.__pwned='focus'\">",
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "<style>@import 'https://evil.example/x.css'; body{display:none}</style>",
  '<link rel=stylesheet href="https://evil.example/y.css">',
  '<base href="javascript:alert(1)//">',
  "<video><source onerror=\"window.__pwned='video'\"></video>",
  "<noscript><p title=\"</noscript><img src=x onerror=window.__pwned='noscript'>\"></noscript>",
  "`<script>window.__pwned='inline-code'</script>`",
  "```html\n<script>window.__pwned='fence'</script>\n<img src=x onerror=alert(1)>\n```",
  '[click me](https://example.com/" onclick="alert(1))',
];

/** Everything in the rendered markdown that could run code, navigate oddly or fetch from elsewhere. */
async function dangerIn(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const allowed = /^(https?|ircs?|mailto|xmpp):/iu;
    for (const root of document.querySelectorAll("[data-markdown]")) {
      for (const el of root.querySelectorAll("*")) {
        const tag = el.tagName.toLowerCase();
        if (
          [
            "script",
            "iframe",
            "object",
            "embed",
            "form",
            "input",
            "style",
            "link",
            "meta",
            "base",
            "img",
            "video",
            "audio",
            "source",
            "math",
            "noscript",
            "details",
          ].includes(tag)
        ) {
          found.push(`element <${tag}>`);
        }
        if (tag === "svg" && !el.classList.contains("lucide")) found.push("foreign <svg>");
        for (const attr of el.getAttributeNames()) {
          if (attr.startsWith("on")) found.push(`handler ${attr} on <${tag}>`);
          if (["href", "src", "xlink:href", "action", "formaction", "srcdoc", "data"].includes(attr)) {
            const v = el.getAttribute(attr) ?? "";
            if (!allowed.test(v)) found.push(`${attr}="${v}" on <${tag}>`);
          }
          if (
            attr === "style" &&
            !/^(color|background-color):\s*(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\));?(\s*background-color:\s*(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\));?)?$/iu.test(
              el.getAttribute("style") ?? "",
            )
          )
            found.push(`style="${el.getAttribute("style")}" on <${tag}>`);
        }
        if (tag === "a") {
          if (el.getAttribute("target") !== "_blank")
            found.push(`link without target=_blank: ${el.getAttribute("href")}`);
          if (el.getAttribute("rel") !== "noopener noreferrer")
            found.push(`link without rel: ${el.getAttribute("href")}`);
        }
      }
    }
    return found;
  });
}

function watchDanger(page: Page) {
  const dialogs: string[] = [];
  const foreign: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("request", (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== "127.0.0.1") foreign.push(r.url());
  });
  return { dialogs, foreign };
}

test.beforeEach(async ({ request }) => {
  resetJournal();
  await resetFake(request);
});

test(`a corpus of ${PAYLOADS.length} hostile markdown replies renders inert`, async ({ page }) => {
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(30);
  const errors = watchPage(page);
  const { dialogs, foreign } = watchDanger(page);
  await seedHistory(
    page,
    PAYLOADS.flatMap((p, i) => [
      { role: "user" as const, content: `payload ${i}` },
      { role: "assistant" as const, content: `Payload ${i}:\n\n${p}\n\nend of payload ${i}.` },
    ]),
  );
  await page.goto("/chat");
  await expect(assistantMessages(page)).toHaveCount(PAYLOADS.length);
  for (let i = 0; i < PAYLOADS.length; i++) await expect(assistantMessages(page).nth(i)).toContainText(`Payload ${i}:`);
  await expect(page.getByTestId("code-block").first()).toHaveAttribute("data-highlighted", "true");

  expect(await dangerIn(page)).toEqual([]);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);

  // The code in the fence is shown as text, exactly.
  await expect(page.getByTestId("code-block").first()).toContainText("<script>window.__pwned='fence'</script>");
  // Refused links keep their words; the allowed one is a link.
  await expect(assistantMessages(page).nth(7)).toContainText("click me");
  await expect(assistantMessages(page).nth(7).getByRole("link")).toHaveCount(0);
  await expect(
    assistantMessages(page)
      .nth(21)
      .getByRole("link", { name: /tracker/u }),
  ).toHaveAttribute("href", "https://evil.example/track.png");
});

test("a hostile reply streamed from the model renders inert too", async ({ page, request }) => {
  const { dialogs, foreign } = watchDanger(page);
  const reply = PAYLOADS.slice(0, 12).join("\n\n");
  await scriptFake(request, {
    task: "chat",
    reply: { chunks: reply.match(/[\s\S]{1,25}/gu) ?? [reply], chunkDelayMs: 5 },
  });
  await page.goto("/chat");
  await sendMessage(page, "Say something");
  await expect(assistantMessages(page).last()).toContainText("click me");
  await expect(page.getByText("Reverie is writing...")).toHaveCount(0);
  expect(await dangerIn(page)).toEqual([]);
  expect(await page.evaluate(() => (window as any).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(foreign).toEqual([]);
});

test("allowed addresses stay links that open in a new tab", async ({ page }) => {
  await seedHistory(page, [
    { role: "user", content: "links?" },
    {
      role: "assistant",
      content:
        "[site](https://example.com/a) [plain](http://example.com/b) [mail](mailto:me@example.com) [chat](xmpp:me@example.com) [irc](ircs://irc.example.com/room) <https://example.com/auto>",
    },
  ]);
  await page.goto("/chat");
  const links = assistantMessages(page).last().getByRole("link");
  await expect(links).toHaveCount(6);
  expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual([
    "https://example.com/a",
    "http://example.com/b",
    "mailto:me@example.com",
    "xmpp:me@example.com",
    "ircs://irc.example.com/room",
    "https://example.com/auto",
  ]);
  expect(await dangerIn(page)).toEqual([]);
});
