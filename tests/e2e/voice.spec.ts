import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";
import { resetJournal, SCREEN_FORMS } from "../support/e2e";
import { editor, FAKE_URL, fakeRequests, resetFake, scriptFake } from "../support/journal-e2e";

/**
 * Voice without a cloud key: Ollama for the words and a transcription server of its own (TRANSCRIBE_BASE_URL, here
 * the fake model server's /v1/audio/transcriptions) for recordings; and live dictation where the browser confirms it
 * recognises speech on this device (a stubbed SpeechRecognition), never where it cannot.
 * Screenshots go to test-results/voice.
 */

const SHOTS = path.join("test-results", "voice");
mkdirSync(SHOTS, { recursive: true });
/** A screenshot of the window with `at` in its middle (the editor's action bar and the tabs stay where they are). */
async function shot(page: Page, name: string, at: Locator) {
  await at.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const recorderOf = (page: Page) => page.getByRole("region", { name: "Voice recorder" });
/** What a page decides after its first queries (the model, the transcription setting, the browser's check). */
const FIRST_LOAD = { timeout: 30_000 };

/**
 * A SpeechRecognition that recognises on the device: `available({ processLocally: true })` answers "available",
 * and start() plays two phrases (an interim result, then its final form and a second final phrase at once).
 */
function stubOnDeviceRecognition() {
  type Result = { transcript: string }[] & { isFinal: boolean };
  const result = (transcript: string, isFinal: boolean): Result =>
    Object.assign([{ transcript }], { isFinal }) as Result;
  class FakeRecognition {
    static available = async (o: { processLocally?: boolean }) => (o.processLocally ? "available" : "unavailable");
    static install = async () => true;
    lang = "";
    continuous = false;
    interimResults = false;
    local = false;
    // An accessor on the prototype, as the browser's own is.
    get processLocally() {
      return this.local;
    }
    set processLocally(v: boolean) {
      this.local = v;
    }
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      const w = window as unknown as { __dictation: { started: number; local: boolean[] } };
      w.__dictation.started++;
      w.__dictation.local.push(this.processLocally);
      const all: Result[] = [];
      const emit = (r: Result, replaceLast: boolean) => {
        if (replaceLast) all[all.length - 1] = r;
        else all.push(r);
        this.onresult?.({ resultIndex: all.length - 1, results: all });
      };
      setTimeout(() => emit(result("the river was", false), false), 50);
      // Two phrases finished in two events of the same moment, faster than the page renders between them.
      setTimeout(() => {
        emit(result("The river was calm this morning", true), true);
        emit(result("and I felt light", true), false);
      }, 150);
    }
    stop() {
      setTimeout(() => this.onend?.(), 0);
    }
    abort() {
      this.stop();
    }
  }
  (window as unknown as { __dictation: unknown }).__dictation = { started: 0, local: [] };
  (window as unknown as { webkitSpeechRecognition: unknown }).webkitSpeechRecognition = FakeRecognition;
  (window as unknown as { SpeechRecognition: unknown }).SpeechRecognition = FakeRecognition;
}

test.describe("a transcription server beside Ollama", () => {
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer(Number(process.env.E2E_PORT ?? 3100) + 53, {
      REVERIE_E2E: "1",
      OLLAMA_BASE_URL: FAKE_URL,
      DEFAULT_AI_MODEL: "ollama/gemma3:4b",
      TRANSCRIBE_BASE_URL: FAKE_URL,
      TRANSCRIBE_MODEL: "small",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const vp of SCREEN_FORMS) {
    test(`a recording is transcribed into the entry there (${vp.name})`, async ({ page, request }) => {
      test.slow(); // a second server, a recording and two screens
      await page.setViewportSize(vp.viewport);
      await resetFake(request);
      await scriptFake(request, {
        path: "/v1/audio/transcriptions",
        reply: { transcription: "I heard the rain on the window." },
      });
      await page.goto(`${server.url}/journal`);
      await editor(page).fill("Evening.");
      const recorder = recorderOf(page);
      await expect(recorder.getByTestId("transcriber-cue")).toHaveText(
        "Recordings: Sent to 127.0.0.1 for transcription (small).",
        FIRST_LOAD,
      );
      await recorder.getByRole("button", { name: "Record voice" }).click();
      // At least a second of sound, however busy the machine (the timer may pass 0:01 between two looks).
      await expect(recorder.getByRole("timer")).toHaveText(/^0:(0[1-9]|[1-5]\d)$/u, FIRST_LOAD);
      await recorder.getByRole("button", { name: "Stop" }).click();
      await recorder.getByRole("button", { name: "Add to Entry" }).click();
      await expect(editor(page)).toHaveValue("Evening.\n\nI heard the rain on the window.");
      // The recording is kept with the entry too.
      await expect(page.getByTestId("media-item")).toHaveCount(1);
      await expect(page.getByTestId("media-item")).toContainText("recording.wav");
      const sent = (await fakeRequests(request)).filter((r) => r.path === "/v1/audio/transcriptions");
      expect(sent).toHaveLength(1);
      const body = (sent[0] as unknown as { body: { model: string; file: { bytes: number } } }).body;
      expect(body.model).toBe("small");
      expect(body.file.bytes).toBeGreaterThan(16_000);
      await shot(page, `recorder-transcription-server-${vp.name}`, recorder);

      await page.goto(`${server.url}/settings`);
      await expect(page.getByTestId("voice-transcriber")).toHaveText(
        "Voice recordings: Sent to 127.0.0.1 for transcription (small).",
        FIRST_LOAD,
      );
      await shot(page, `settings-voice-${vp.name}`, page.getByTestId("voice-info"));
    });
  }
});

test.describe("live dictation in the browser", () => {
  test.beforeEach(async ({ request }) => {
    resetJournal();
    await resetFake(request);
  });

  for (const vp of SCREEN_FORMS) {
    test(`dictated words land in the entry as they are recognised (${vp.name})`, async ({ page }) => {
      test.slow(); // the editor, then Settings
      await page.setViewportSize(vp.viewport);
      await page.addInitScript(stubOnDeviceRecognition);
      await page.goto("/journal");
      await editor(page).fill("Walk.");
      const recorder = recorderOf(page);
      const dictate = recorder.getByRole("button", { name: "Dictate · runs in your browser" });
      await expect(dictate).toBeVisible(FIRST_LOAD);
      await expect(dictate).toContainText("runs in your browser");
      await expect(recorder.getByTestId("dictation-cue")).toHaveText(
        "Dictation is recognised on this device by your browser; the audio never leaves it.",
      );
      await shot(page, `dictation-offered-${vp.name}`, recorder);
      await dictate.click();
      await expect(editor(page)).toHaveValue("Walk.\n\nThe river was calm this morning and I felt light");
      await expect(recorder.getByTestId("dictation-status")).toContainText("Listening in your browser");
      // Asked to stay on the device.
      expect(
        await page.evaluate(() => (window as unknown as { __dictation: { local: boolean[] } }).__dictation.local),
      ).toEqual([true]);
      await shot(page, `dictation-listening-${vp.name}`, recorder);
      await recorder.getByRole("button", { name: "Stop dictation" }).click();
      await expect(recorder.getByRole("button", { name: "Record voice" })).toBeVisible();
      await expect(editor(page)).toHaveValue("Walk.\n\nThe river was calm this morning and I felt light");

      await page.goto("/settings");
      await expect(page.getByTestId("voice-dictation")).toContainText(
        "offered in the editor; it runs in your browser",
        FIRST_LOAD,
      );
    });
  }

  test("no dictation without on-device recognition: none at all, or one that cannot promise to stay local", async ({
    page,
  }) => {
    test.slow(); // three page loads
    // A browser without the Web Speech API (the test browser has one of its own: it is taken away).
    await page.addInitScript(() => {
      delete (window as unknown as { SpeechRecognition?: unknown }).SpeechRecognition;
      delete (window as unknown as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    });
    await page.goto("/journal");
    const recorder = recorderOf(page);
    await expect(recorder).toHaveAttribute("data-dictation", "none", FIRST_LOAD);
    await expect(recorder.getByTestId("dictate-button")).toHaveCount(0);

    // The older recognizer, which may send audio to the browser maker's service: not offered.
    await page.addInitScript(() => {
      class CloudRecognition {
        lang = "";
        start() {}
        stop() {}
      }
      (window as unknown as { webkitSpeechRecognition: unknown }).webkitSpeechRecognition = CloudRecognition;
      (window as unknown as { SpeechRecognition: unknown }).SpeechRecognition = CloudRecognition;
    });
    await page.goto("/settings");
    await expect(page.getByTestId("voice-dictation")).toContainText("not offered in this browser", FIRST_LOAD);
    await page.goto("/journal");
    await expect(recorder).toHaveAttribute("data-dictation", "none", FIRST_LOAD);
    await expect(recorder.getByTestId("dictate-button")).toHaveCount(0);
    expect(
      await page.evaluate(() => typeof (window as unknown as { SpeechRecognition?: unknown }).SpeechRecognition),
    ).toBe("function");
  });
});
