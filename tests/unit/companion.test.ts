import { describe, expect, it } from "vitest";
import {
  aiNoticeDue,
  aiNoticeText,
  asksIfHuman,
  CHAT_IDLE_GAP_MS,
  cloudProviderName,
  continuingChatStart,
  honestAnswer,
  isCloudModel,
  modelDescription,
  noticeReason,
  parseConsents,
} from "@/domain/companion";

const TZ = "America/New_York";
const at = (iso: string) => new Date(iso).toISOString();
const minutes = (base: string, m: number) => new Date(new Date(base).getTime() + m * 60_000).toISOString();

describe("the AI notice: at the start of a chat, at most once a day, and after every 3 hours of continuing chat", () => {
  const start = at("2026-11-27T14:00:00Z"); // 09:00 in New York

  it("is due the first time ever", () => {
    expect(aiNoticeDue({ now: start, lastShownAt: null, messageTimes: [], timeZone: TZ })).toBe(true);
  });

  it("is not due again for a new chat later the same local day", () => {
    const now = minutes(start, 5 * 60); // 14:00 New York, after a long pause
    const messages = [start, minutes(start, 10)];
    expect(aiNoticeDue({ now, lastShownAt: start, messageTimes: messages, timeZone: TZ })).toBe(false);
  });

  it("is due for the first chat of the next local day, even less than 3 hours later", () => {
    const late = at("2026-11-28T04:30:00Z"); // 23:30 New York
    const next = at("2026-11-28T06:00:00Z"); // 01:00 New York, the next day, 90 minutes later
    expect(aiNoticeDue({ now: next, lastShownAt: late, messageTimes: [late], timeZone: TZ })).toBe(true);
    // In UTC both are the same day: the day is the person's.
    expect(aiNoticeDue({ now: next, lastShownAt: late, messageTimes: [late], timeZone: "UTC" })).toBe(false);
  });

  it("is due again after 3 hours of continuing chat since the last notice", () => {
    const messages = Array.from({ length: 19 }, (_, i) => minutes(start, i * 10)); // every 10 minutes for 3 hours
    expect(aiNoticeDue({ now: minutes(start, 179), lastShownAt: start, messageTimes: messages, timeZone: TZ })).toBe(
      false,
    );
    expect(aiNoticeDue({ now: minutes(start, 180), lastShownAt: start, messageTimes: messages, timeZone: TZ })).toBe(
      true,
    );
    expect(noticeReason({ now: minutes(start, 180), lastShownAt: start, messageTimes: messages, timeZone: TZ })).toBe(
      "continuing",
    );
  });

  it("counts 3 hours from the start of a chat that began without a notice (one was shown earlier that day)", () => {
    const morning = start;
    const chatStart = minutes(start, 4 * 60);
    const messages = [morning, ...Array.from({ length: 19 }, (_, i) => minutes(chatStart, i * 10))];
    expect(
      aiNoticeDue({ now: minutes(chatStart, 170), lastShownAt: morning, messageTimes: messages, timeZone: TZ }),
    ).toBe(false);
    expect(
      aiNoticeDue({ now: minutes(chatStart, 181), lastShownAt: morning, messageTimes: messages, timeZone: TZ }),
    ).toBe(true);
  });

  it("a pause longer than the idle gap ends the chat; shorter pauses continue it", () => {
    const a = start;
    const b = minutes(a, 20);
    const c = new Date(new Date(b).getTime() + CHAT_IDLE_GAP_MS + 60_000).toISOString();
    expect(continuingChatStart([a, b], minutes(b, 5)).toISOString()).toBe(a);
    expect(continuingChatStart([a, b, c], minutes(c, 1)).toISOString()).toBe(c);
    expect(continuingChatStart([a, b], minutes(b, 45)).toISOString()).toBe(minutes(b, 45));
  });

  it("a notice time in the future (a clock that moved) does not silence it", () => {
    expect(aiNoticeDue({ now: start, lastShownAt: minutes(start, 60), messageTimes: [], timeZone: TZ })).toBe(true);
  });
});

describe("who answers, in words", () => {
  it("names the cloud provider with the model id, the person's own Ollama, or the built-in companion", () => {
    expect(modelDescription("gemini/gemma-3n-e4b-it")).toBe("an AI model from Google Gemini (gemma-3n-e4b-it)");
    expect(modelDescription("openai/gpt-4o-mini")).toBe("an AI model from OpenAI (gpt-4o-mini)");
    expect(modelDescription("ollama/gemma3n:e4b")).toBe("an AI model on your own Ollama (gemma3n:e4b)");
    expect(modelDescription("local/offline")).toBe("the built-in offline companion (no AI model)");
  });

  it("the notice says it is an AI and not a person; under 18 it adds a break and that it may not suit minors", () => {
    const adult = aiNoticeText({ model: "openai/gpt-4o", minor: false, reason: "start" }).join(" ");
    expect(adult).toContain("not a human");
    expect(adult).toContain("OpenAI (gpt-4o)");
    expect(adult).not.toMatch(/break|under 18/u);
    const minor = aiNoticeText({ model: "openai/gpt-4o", minor: true, reason: "continuing" }).join(" ");
    expect(minor).toContain("take a break");
    expect(minor).toContain("under 18");
    expect(minor).toContain("not a human");
  });

  it("the honest answer says no, it is an AI, and names the model", () => {
    const a = honestAnswer("gemini/gemini-2.5-flash");
    expect(a).toMatch(/^No, I'm not a person\. I'm an AI/u);
    expect(a).toContain("Google Gemini (gemini-2.5-flash)");
    expect(honestAnswer("local/offline")).toContain("the built-in offline companion");
  });
});

describe("are you a real person? (asked in any form)", () => {
  const asks = [
    "Are you a real person?",
    "are you real?",
    "Are you human?",
    "are you a human",
    "r u real",
    "r u a bot",
    "ru a bot?",
    "are u human lol",
    "are you even human",
    "Are you a bot?",
    "are you a robot",
    "Are you an AI?",
    "are you ai",
    "Are you an A.I.?",
    "are you a machine?",
    "are you a computer program?",
    "Are you a real human being?",
    "are you really a person?",
    "are you actually real or just a program?",
    "Are you a person or a bot?",
    "are you human or ai",
    "are you real or fake",
    "are you alive?",
    "is this a real person?",
    "Is this a person",
    "is this a bot?",
    "is this an AI",
    "is this chatgpt",
    "is it a human or a bot?",
    "Is this a real person responding?",
    "am i talking to a machine?",
    "am i talking to a real person",
    "Am I chatting with a bot?",
    "am i speaking with a human right now?",
    "im talking to a bot arent i? am i talking to a bot",
    "talking to a human?",
    "who am i talking to?",
    "who are you?",
    "what are you?",
    "is there a real person behind this?",
    "is a human reading this?",
    "does a person read this?",
    "does anyone read my messages?",
    "human or bot?",
    "bot or human?",
    "you a bot?",
    "you real?",
    "you're a bot, aren't you?",
    "youre not real are you",
    "you are just an AI right?",
    "you are a robot?",
    // typos and no apostrophes
    "are yuo human",
    "are you hman?",
    "are you a real perosn?",
    "ar you a robot",
    "are you a reeeal person???",
    "arent you a bot?",
    "Are you a real person? I had a long day.",
    "I had a rough day. honestly, are you even real?",
    "hey, quick question - are you a bot",
    "You\u2019re a bot, aren\u2019t you?",
  ];
  const not = [
    "are you real busy today?",
    "are you real sure about that?",
    "Are you really going to ask me that?",
    "are you for real?",
    "Are you busy?",
    "are you there?",
    "are you listening?",
    "are you okay?",
    "are you an AI researcher?",
    "are you a human rights lawyer?",
    "are you human resources?",
    "are you a person who likes dogs?",
    "Are you a people person?",
    "are you a person of faith?",
    "am I a bad person?",
    "am i even human anymore",
    "Am I a real person to them?",
    "I am a real person with real feelings.",
    "I feel like a robot at work.",
    "My boss treats us like machines.",
    "Talking to my mom felt like talking to a robot.",
    "is this real life?",
    "I got the job. Is this real?",
    "is this AI generated art any good",
    "is it human nature to worry?",
    "I met someone online, is this person real?",
    "is she a real person?",
    "are they human?",
    "do you think AI will replace humans?",
    "You are a real friend.",
    "youre a real one",
    "who are you to tell me that?",
    "what are you doing today?",
    "what are you up to",
    "I'm talking to a human resources person tomorrow.",
    "Is anyone there for me? I feel so alone.",
    "my robot vacuum broke again",
    "Are you a gemini? I'm a leo.",
    "the bot at work sent me 40 emails",
    "Are you humane?",
  ];
  it.each(asks)("asks: %s", (m) => expect(asksIfHuman(m)).toBe(true));
  it.each(not)("does not ask: %s", (m) => expect(asksIfHuman(m)).toBe(false));
});

describe("consent before a cloud model", () => {
  it("cloud models are gemini/ and openai/; ollama and the offline companion are not", () => {
    expect(isCloudModel("gemini/gemini-2.5-flash")).toBe(true);
    expect(isCloudModel("openai/gpt-4o")).toBe(true);
    expect(isCloudModel("ollama/gemma3n:e4b")).toBe(false);
    expect(isCloudModel("local/offline")).toBe(false);
    expect(isCloudModel("mistral/large")).toBe(false);
    expect(cloudProviderName("gemini/x")).toBe("Google Gemini");
    expect(cloudProviderName("openai/x")).toBe("OpenAI");
  });

  it("the stored consents are read defensively", () => {
    expect(parseConsents(null)).toEqual({});
    expect(parseConsents("not json")).toEqual({});
    expect(parseConsents("[1,2]")).toEqual({});
    expect(
      parseConsents(
        JSON.stringify({
          "gemini/gemini-2.5-flash": "2026-11-27T09:00:00.000Z",
          "ollama/x": "2026-11-27T09:00:00.000Z",
          "openai/gpt-4o": 5,
          "openai/gpt-4o-mini": "yesterday",
        }),
      ),
    ).toEqual({ "gemini/gemini-2.5-flash": "2026-11-27T09:00:00.000Z" });
  });
});
