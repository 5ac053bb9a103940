import { beforeAll, describe, expect, it } from "vitest";
import { assessConversation, detectRiskLanguage, type CrisisCategory, type CrisisSeverity } from "@/domain/crisis";
import { normalize, sentenceRanges } from "@/domain/crisis/text";

const sev = (t: string): CrisisSeverity => detectRiskLanguage(t).severity;
const detected = (t: string) => ["moderate", "high"].includes(sev(t));

// The first check compiles every rule's pattern; on a loaded machine that alone can take seconds.
beforeAll(() => {
  detectRiskLanguage("warm up");
}, 60_000);

describe("text is read the way people type it", () => {
  it.each([
    ["im so tired", "im so tired"],
    ["I’M SO TIRED", "im so tired"],
    ["i didnt", "i didnt"],
    ["I didn’t", "i didnt"],
    ["I did not", "i didnt"],
    ["cant, wont, havent, ive, id", "cant, wont, havent, ive, id"],
    ["sooooo tired", "so tired"],
    ["i just want to diiiie", "i just want to die"],
    ["killlll me", "kill me"],
    ["i feeeeel nothing", "i feel nothing"],
    ["pleeeease", "please"],
    ["suicde", "suicide"],
    ["sucidal thoughts", "suicidal thoughts"],
    ["i wanna kil myslef", "i want to kill myself"],
    ["gonna", "going to"],
    ["definately", "definitely"],
    ["idk tbh", "i dont know to be honest"],
    ["u r", "you r"],
    ["ur mum", "your mum"],
    ["rn", "right now"],
    ["bc cuz cos", "because because because"],
    ["ngl", "not going to lie"],
    ["my .357", "my 357"],
    ["3.5 hours", "3.5 hours"],
    ["skiing, vacuum, bookkeeper", "skiing, vacuum, bookkeeper"],
  ])("%s -> %s", (raw, plain) => {
    expect(normalize(raw)).toBe(plain);
  });

  it("a calibre's point does not end the sentence", () => {
    expect(sentenceRanges(normalize("I sat with my .357 in my lap."))).toHaveLength(1);
  });

  it.each([
    "i wanna kil myself",
    "I WANT TO DIE",
    "i just want to diiiie",
    "ive been having suicdal thoughts",
    "ive thought about suicde every day this week",
    "im sooooo done with living",
    "i dont wanna be alive anymore",
    "i cant do this anymore i want to end it",
    "idk how much longer i can keep going tbh",
    "i want to die rn tbh",
  ])("detected: %s", (text) => {
    expect(detected(text)).toBe(true);
  });
});

describe("new classes of risk language, each with its everyday look-alikes", () => {
  const classes: Array<{ name: string; category: CrisisCategory; risk: string[]; everyday: string[] }> = [
    {
      name: "firearms as a means",
      category: "plan_means",
      risk: [
        "I sat with my .357 in my lap for an hour last night.",
        "i started loading the gun tonight",
        "put the barrel in my mouth tonight",
        "Held my dad's pistol to my head and couldn't do it.",
        "The 9mm is in my nightstand and I keep thinking about it.",
        "Bought a gun today, nobody would even miss me.",
        "I'm saving one bullet for myself.",
      ],
      everyday: [
        "Went to the gun range with my dad, great afternoon.",
        "Hunting season opens Saturday, cleaned the rifle.",
        "I bought a gun for home defense after the break-in.",
        "Loaded the shotgun in the game and wiped the squad.",
        "My glue gun is in my hand and the craft table is a mess.",
        "38 people came to the party.",
        "The nerf gun is loaded, the kids are ready.",
        "It's cool and fun but I want my hidden blades back next game.",
      ],
    },
    {
      name: "poison",
      category: "plan_means",
      risk: [
        "I've been researching which poison works fastest.",
        "i drank the bleach",
        "I bought rat poison and I'm going to drink it tonight.",
        "Thinking about drinking antifreeze.",
        "I want to poison myself.",
      ],
      everyday: [
        "Got this poison ivy rash on my arm.",
        "Pick your poison: tea or coffee?",
        "Food poisoning from that burrito.",
        "Bought rat poison for the mice in the shed.",
        "Bleached the grout in the bathroom today.",
        "My toddler drank some bleach by mistake, we're at A&E and he's fine.",
      ],
    },
    {
      name: "a near miss is present risk",
      category: "explicit_ideation",
      risk: [
        "The only reason I didn't kill myself tonight is my dog.",
        "the only reason i didnt kill myself last night was my mom",
        "Almost did it last night.",
        "I came so close to ending it last week.",
        "The only thing that stopped me from ending it was my sister calling.",
        "nearly overdosed again yesterday",
      ],
      everyday: [
        "The only reason I didn't go to the party tonight is my cold.",
        "I almost did it last night, the marathon, but my knee gave out.",
        "We almost did it! So close to the title.",
        "I came so close to winning the raffle.",
        "Nearly jumped out of my skin when the door slammed.",
      ],
    },
    {
      name: "a negated capability still says 'I want to'",
      category: "explicit_ideation",
      risk: [
        "I'm not even strong enough to kill myself.",
        "im too much of a coward to end it",
        "havent had the guts to kill myself",
        "I'm too scared to end my life but I think about it every day.",
        "I wish I had the courage to pull the trigger.",
      ],
      everyday: [
        "I'm not strong enough to lift that.",
        "I haven't had the guts to ask her out.",
        "I'm too much of a coward to ride the big rollercoaster.",
        "I'm too scared to jump off the high dive.",
        "Not strong enough to end it with him yet, but I will.",
      ],
    },
    {
      name: "considering suicide and urges",
      category: "self_harm",
      risk: [
        "I feel like hurting myself.",
        "the want of self-harm is so strong today",
        "I have the urge to cut.",
        "urge to cut again",
        "The need to hurt myself won't go away.",
      ],
      everyday: [
        "I feel like hurting myself laughing at this.",
        "Sorry to OP, need to cut the heat down.",
        "I have the urge to cut my hair short.",
        "I need to cut back on sugar.",
      ],
    },
    {
      name: "considering it",
      category: "explicit_ideation",
      risk: [
        "I've been considering suicide.",
        "im considering suicide",
        "I'm contemplating ending it all.",
        "why wont i just fucking die",
      ],
      everyday: ["I'm considering a new job.", "Contemplating ending the subscription."],
    },
    {
      name: "a night of intent",
      category: "intent_timing",
      risk: ["Tonight might be the night I finally do it.", "Tomorrow could be the day I go through with it."],
      everyday: [
        "Tonight might be the night I finally finish the book.",
        "Today could be the day I finally do it, the bungee jump!",
        "I hope it ends soon, this meeting.",
        "I feel horrible for the workers caught in the middle of this. I hope it ends soon.",
      ],
    },
    {
      name: "meds stopped and hoarded",
      category: "plan_means",
      risk: [
        "I stopped taking my meds on purpose and I'm hoarding them instead.",
        "I've been stockpiling my sleeping pills.",
      ],
      everyday: ["I stopped taking my meds because my doctor told me to.", "Hoarding toilet paper again, classic me."],
    },
    {
      name: "a milestone not expected to be reached",
      category: "passive_ideation",
      risk: [
        "I can't see myself making it to my birthday.",
        "i dont see myself making it to christmas",
        "I don't think I'll be here for next summer.",
      ],
      everyday: [
        "I can't see myself making it to the gym before work.",
        "I don't think I'll be here for the next meeting, dentist.",
      ],
    },
  ];

  for (const c of classes) {
    describe(c.name, () => {
      it.each(c.risk)(`found (${c.category}): %s`, (text) => {
        const r = detectRiskLanguage(text);
        expect(["moderate", "high"], text).toContain(r.severity);
        expect(r.categories.length).toBeGreaterThan(0);
      });
      it.each(c.everyday)("stays quiet: %s", (text) => {
        expect(["none", "low"]).toContain(sev(text));
      });
    });
  }

  it("names the category of each class", () => {
    expect(detectRiskLanguage("I sat with my .357 in my lap.").categories).toContain("plan_means");
    expect(detectRiskLanguage("I've been researching which poison works fastest.").categories).toContain("plan_means");
    expect(detectRiskLanguage("The only reason I didn't kill myself tonight is my dog.").categories).toContain(
      "explicit_ideation",
    );
    expect(detectRiskLanguage("I'm not even strong enough to kill myself.").categories).toContain("explicit_ideation");
    expect(detectRiskLanguage("I have the urge to cut.").categories).toContain("self_harm");
    expect(detectRiskLanguage("Tonight might be the night I finally do it.").categories).toContain("intent_timing");
    expect(
      detectRiskLanguage("I stopped taking my meds on purpose and I'm hoarding them instead.").categories,
    ).toContain("plan_means");
    expect(detectRiskLanguage("I can't see myself making it to my birthday.").categories).toContain("passive_ideation");
  });

  it("the issue's plain warning signs are high or moderate", () => {
    expect(sev("Tonight might be the night I finally do it.")).toBe("high");
    expect(sev("I stopped taking my meds on purpose and I'm hoarding them instead.")).toBe("high");
    expect(sev("I can't see myself making it to my birthday.")).toBe("moderate");
    expect(sev("I sat with my .357 in my lap for an hour last night.")).toBe("high");
    expect(sev("The only reason I didn't kill myself tonight is my dog.")).toBe("high");
    expect(sev("I'm not even strong enough to kill myself.")).toBe("high");
  });

  it("a past near miss stays history", () => {
    expect(sev("Five years ago I almost killed myself; today I'm grateful.")).toBe("low");
  });

  it.each([
    "Killing it at work this week!",
    "I could kill for a coffee.",
    "Ugh, I died in the boss fight again, respawned with a pistol.",
    "Shotgun stories is a great film.",
    "He nearly died in the war, Grandad told me today.",
  ])("everyday and history stay quiet: %s", (text) => {
    expect(["none", "low"]).toContain(sev(text));
  });
});

describe("said to someone else, or said of suicide in general: the friend-at-risk case", () => {
  it.each([
    "you want to kill yourself? please don't, call 988.",
    "Suicide is never worth it.",
    "If you're thinking of ending it, call the lifeline.",
    "Please don't do it, you matter.",
    "You're gonna die when the storm arrives.",
    "It's never going to end unless you end it.",
    "Those scars look fairly recent. Just remember there are people who love you.",
    "Self harm is never the answer, talk to someone.",
    "Do you want to die? Then keep texting while driving.",
  ])("never high: %s", (text) => {
    const r = detectRiskLanguage(text);
    expect(r.severity).not.toBe("high");
    expect(r.crisis_detected).toBe(false);
  });

  it("a line said to someone at risk sets concern_for_other", () => {
    expect(detectRiskLanguage("If you're thinking of ending it, call the lifeline.").concern_for_other).toBe(true);
    expect(detectRiskLanguage("It's never going to end unless you end it.").concern_for_other).toBe(true);
  });

  it("is high when the writer's own first-person risk is there too", () => {
    expect(sev("You want to kill yourself too? I want to kill myself every day.")).toBe("high");
    expect(sev("Suicide is never worth it, people say. But I want to die.")).toBe("high");
    expect(sev("you get to a point where you'd rather be dead than feel this, and I'm there")).not.toBe("none");
    expect(sev("Do you ever just want to not be here? Because I do, all the time.")).not.toBe("none");
    expect(sev("It makes me want to die.")).toBe("high");
    expect(sev("You make me want to die.")).toBe("high");
  });

  it("across a chat: the friend's words never make the writer high", () => {
    const r = assessConversation(["My friend keeps saying she wants to die.", "I told her: please don't, you matter."]);
    expect(r.severity).not.toBe("high");
    expect(r.concern_for_other).toBe(true);
  });
});
