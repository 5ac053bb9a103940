import { beforeAll, describe, expect, it } from "vitest";
import { assessConversation, detectRiskLanguage, type CrisisSeverity } from "@/domain/crisis";
import { normalize, sentenceRanges, MAX_SENTENCE_CHARS } from "@/domain/crisis/text";

const sev = (t: string): CrisisSeverity => detectRiskLanguage(t).severity;

// The first check compiles every rule's pattern; on a loaded machine that alone can take seconds.
beforeAll(() => {
  detectRiskLanguage("warm up");
}, 60_000);

describe("categories are named", () => {
  it.each([
    ["I want to kill myself.", "explicit_ideation", "high"],
    ["I wish I could go to sleep and never wake up.", "passive_ideation", "moderate"],
    ["I've got the tablets lined up on the shelf.", "plan_means", "high"],
    ["I wrote a goodbye note and put it in the drawer.", "preparatory_acts", "high"],
    ["Cut my wrist again tonight.", "self_harm", "high"],
    ["Everyone would be better off without me.", "burdensomeness", "moderate"],
    ["There's no way out of this.", "hopelessness_entrapment", "moderate"],
    ["I want the pain to stop, permanently.", "unbearable_pain", "moderate"],
    ["The voices keep telling me to hurt myself.", "command_hallucinations", "high"],
    ["By the time anyone reads this I'll be gone.", "intent_timing", "high"],
  ] as const)("%s -> %s (%s)", (text, category, severity) => {
    const r = detectRiskLanguage(text);
    expect(r.categories).toContain(category);
    expect(r.severity).toBe(severity);
    expect(r.crisis_detected).toBe(severity === "high");
    expect(r.concern_for_other).toBe(false);
  });

  it.each([
    "I'm not sure I want to live anymore.",
    "Why bother living.",
    "I'd be better off gone.",
    "I wish I could just disappear.",
  ])("moderate: %s", (text) => {
    expect(sev(text)).toBe("moderate");
  });

  it("passive ideation with timing or means is high", () => {
    expect(sev("I wouldn't mind if I died in my sleep.")).toBe("moderate");
    expect(sev("I wouldn't mind if I died in my sleep tonight.")).toBe("high");
    expect(sev("Nobody would miss me. The pills are in the drawer.")).toBe("high");
  });
});

describe("how people write", () => {
  it.each([
    "im gonna kms fr",
    "i wanna unalive myself",
    "been thinking about ctb",
    "thinking about sewer slide again",
    "dont want to live anymore",
    "don’t want to live anymore",
    "DON'T WANT TO LIVE ANYMORE",
    "I do not want to live any more",
    "su1c1dal again tonight",
  ])("high: %s", (text) => {
    expect(sev(text)).toBe("high");
  });

  it.each([
    ["es", "Quiero morirme."],
    ["fr", "J'ai envie de me tuer."],
    ["de", "Ich will mich umbringen."],
    ["pt", "Vou me matar."],
    ["it", "Voglio togliermi la vita."],
  ])("%s: %s", (_lang, text) => {
    expect(sev(text)).toBe("high");
  });
});

describe("context that lowers severity", () => {
  it.each([
    "This commute is killing me.",
    "I'm dead tired.",
    "The cake is to die for.",
    "I could kill for a coffee.",
    "I nearly died laughing.",
    "If I have to sit through one more meeting I'll kill myself.",
  ])("figurative is none: %s", (text) => {
    expect(sev(text)).toBe("none");
  });

  it.each([
    "A podcast about suicide prevention made me call my brother.",
    "I read a novel about a girl who wanted to die, beautiful book.",
    "The character in the film kills herself at the end.",
    "We raised money for suicide prevention.",
  ])("reporting is none: %s", (text) => {
    expect(sev(text)).toBe("none");
  });

  it.each([
    "Five years ago I was suicidal; today I'm grateful I stayed.",
    "I used to self-harm. I've been clean for four years.",
    "When I was 16 I wanted to kill myself.",
  ])("history and recovery are low at most: %s", (text) => {
    expect(["none", "low"]).toContain(sev(text));
  });

  it.each([
    "I would never kill myself.",
    "I'm not suicidal, just tired.",
    "I don't want to die.",
    "I have no plans to hurt myself.",
  ])("negated is low: %s", (text) => {
    expect(detectRiskLanguage(text)).toMatchObject({ severity: "low", crisis_detected: false });
  });

  it("negators that do not negate keep the risk", () => {
    expect(sev("I can't stop thinking about killing myself.")).toBe("high");
    expect(sev("I'm not sure I want to be here anymore.")).toBe("moderate");
    expect(sev("I don't know why, but I want to end it all.")).toBe("high");
  });

  it("a friend at risk is concern for someone else, not a first-person high", () => {
    for (const text of [
      "My friend said she wants to die.",
      "I'm worried my brother might hurt himself.",
      "I found cuts on my daughter's arm today.",
    ]) {
      const r = detectRiskLanguage(text);
      expect(r.concern_for_other, text).toBe(true);
      expect(r.severity, text).toBe("low");
    }
  });

  it("a screening question put to the writer is not their answer, unless they answer it", () => {
    expect(
      sev("The nurse asked me the PHQ-9 questions, including whether I'd thought I'd be better off dead. I said no."),
    ).toBe("low");
    expect(sev("The GP asked whether I'd had thoughts of ending my life, and yes, I have.")).toBe("high");
    expect(sev("The therapist asked me about my week and I said I want to die.")).toBe("high");
  });

  it("a thought answered in the same breath is low", () => {
    expect(sev("Sometimes I feel like a burden but I know I'm not, and I'm staying.")).toBe("low");
    expect(sev("I feel like such a burden to everyone.")).toBe("moderate");
  });

  it("illness is not hopelessness; a plural subject setting a date is not intent", () => {
    expect(sev("The cold won't shift, I'm not getting better.")).toBe("low");
    expect(sev("Third bottle this week. Who cares. I'm not getting better.")).toBe("moderate");
    expect(sev("We set the date! Wedding is next June.")).toBe("none");
    expect(sev("I've set the date. Everything's sorted for after.")).toBe("high");
  });

  it("a worry named next to what worries the writer is concern for someone else", () => {
    const r = detectRiskLanguage(
      "Jo's been giving her stuff away and talking about not being around. I'm worried, I'm calling her mum tomorrow.",
    );
    expect(r).toMatchObject({ concern_for_other: true, crisis_detected: false });
  });

  it("everyday words are not risk", () => {
    for (const text of [
      "Drove over the bridge.",
      "Cut the onions.",
      "Bought two tablets for the kids.",
      "The rope swing!",
      "Goodbye party for Priya.",
      "Gave away old clothes.",
    ]) {
      expect(sev(text), text).toBe("none");
    }
  });
});

describe("mixed texts: context never hides a present line", () => {
  it.each([
    "The podcast about suicide prevention was good. But honestly, I want to die.",
    "Five years ago I was suicidal. Tonight I want to kill myself again.",
    "This commute is killing me, and honestly I want to kill myself.",
    "My friend said she wants to die, and so do I, I want to end my life.",
    "I read a novel about a girl who wanted to die; I've got the tablets lined up on the shelf.",
    "I'm not suicidal. Actually I want to die.",
  ])("%s", (text) => {
    expect(sev(text)).toBe("high");
  });

  it("a present line at the end of a long, happy entry is still found", () => {
    const entry = `${"Lovely walk by the river with the dog, then lunch with Sam. ".repeat(200)}I said my goodbyes today, quietly.`;
    expect(sev(entry)).toBe("high");
  });
});

describe("signals are read together, never alone", () => {
  it("a means next to lingering is a plan; either alone is not", () => {
    expect(sev("Looked at the tablets for an hour tonight.")).toBe("high");
    expect(sev("Walked to the bridge after dinner. Stood there a long time looking at the water.")).toBe("high");
    expect(sev("Bought new tablets for the kids.")).toBe("none");
    expect(sev("Sat on the bench by the bridge for an hour reading.")).toBe("none");
  });

  it("an act next to a farewell is preparation; either alone is not", () => {
    expect(sev("I gave my favourite jumper to Ellie and told her I wouldn't need it.")).toBe("high");
    expect(sev("Gave my old guitar to my nephew, he's started lessons.")).toBe("none");
    expect(sev("Gave away old clothes to the charity shop.")).toBe("none");
  });

  it("a decision is intent only next to a time or a means, not next to an activity", () => {
    expect(sev("I've decided. Tonight, after everyone's asleep.")).toBe("high");
    expect(sev("I've decided! Tonight I'm cooking something new.")).toBe("none");
    expect(sev("I've decided to take the job in Leeds!")).toBe("none");
  });

  it("a subjectless fragment continues the sentence before it", () => {
    expect(sev("Found my old diary from 2014. So many pages about wanting to die.")).not.toMatch(/moderate|high/);
    expect(sev("Years ago I was in a bad place. Wanted to die every day.")).toBe("low");
    expect(sev("Read the news today. Want to die.")).toBe("high");
  });
});

describe("assessConversation", () => {
  it("reads the recent turns together", () => {
    expect(sev("I've decided.")).toBe("none");
    expect(sev("Tonight, after everyone's asleep.")).toBe("none");
    const r = assessConversation(["hi", "I've decided.", "Tonight, after everyone's asleep."]);
    expect(r).toMatchObject({ severity: "high", crisis_detected: true });
    expect(r.categories).toContain("intent_timing");
  });

  it("takes the highest single turn", () => {
    expect(assessConversation(["What a lovely day", "I want to kill myself", "anyway"]).severity).toBe("high");
    expect(assessConversation(["Nobody would miss me"]).severity).toBe("moderate");
  });

  it("old turns beyond the window are still checked alone", () => {
    const turns = ["I want to kill myself", "ok", "thanks", "sure", "fine", "bye"];
    expect(assessConversation(turns).severity).toBe("high");
  });

  it("carries concern for someone else", () => {
    expect(assessConversation(["My friend said she wants to die", "what do I do?"])).toMatchObject({
      concern_for_other: true,
      severity: "low",
    });
  });

  it("an empty conversation is none", () => {
    expect(assessConversation([])).toEqual({
      crisis_detected: false,
      severity: "none",
      categories: [],
      concern_for_other: false,
    });
  });
});

describe("very long input", () => {
  it("a 1,000,000-character entry is checked whole, risk anywhere in it is found", () => {
    const filler = "Went to the shops, made soup, called Mum, read a bit. ";
    const body = filler.repeat(Math.ceil(1_000_000 / filler.length)).slice(0, 1_000_000);
    expect(sev(body)).toBe("none");
    expect(sev(`${body} I want to kill myself.`)).toBe("high");
    expect(sev(`I want to kill myself. ${body}`)).toBe("high");
  }, 60_000);

  it("text without punctuation or spaces is cut into bounded sentences", () => {
    const noStops = "and then we walked ".repeat(60_000);
    for (const r of sentenceRanges(normalize(noStops))) expect(r.end - r.start).toBeLessThanOrEqual(MAX_SENTENCE_CHARS);
    expect(sev("a".repeat(1_000_000))).toBe("none");
    expect(sev(`${"x".repeat(500_000)} i want to die`)).toBe("high");
  }, 60_000);
});

describe("normalize", () => {
  it("reads apostrophes, curly quotes, accents and texting forms one way", () => {
    expect(normalize("I’m NOT gonna")).toBe("im not going to");
    expect(normalize("Je n'en peux plus")).toBe("je nen peux plus");
    expect(normalize("Não aguento")).toBe("nao aguento");
    expect(normalize("I do not want to")).toBe("i dont want to");
  });

  it("reads any run of spaces, tabs and no-break spaces as one space, and keeps line breaks", () => {
    expect(normalize("so  \t tired")).toBe("so tired");
    expect(normalize("so\ttired\u00a0now")).toBe("so tired now");
    expect(normalize("one \n  two\r\nthree")).toBe("one \n two\nthree");
    expect(normalize("a b c")).toBe("a b c");
  });
});

describe("indirect wording: passive ideation, quiet preparation, implied burden, entrapment", () => {
  it.each([
    ["Honestly if I didn't wake up tomorrow I wouldn't really mind.", "passive_ideation"],
    ["I'm fine, I just wouldn't be upset if it all ended.", "passive_ideation"],
    ["I don't think I'll make it to forty and I'm at peace with that.", "passive_ideation"],
    ["My son deserves a dad who isn't like this. They'd be better off with just their mum.", "burdensomeness"],
    ["It would be cheaper for everyone if I just wasn't.", "burdensomeness"],
    ["Everyone would be better off if I had never been born.", "burdensomeness"],
    ["I've run out of reasons to stay.", "hopelessness_entrapment"],
    ["The only way out I can see is a permanent one.", "hopelessness_entrapment"],
    ["Gave my brother the code to my safe and told him he'd know when to use it.", "preparatory_acts"],
    ["Went through my laptop and deleted everything I wouldn't want my parents to see.", "preparatory_acts"],
    ["Wore a hoodie all day so nobody would see my arms.", "self_harm"],
    ["Escribí cartas de despedida para mis hijos.", "preparatory_acts"],
    ["Ho scritto una lettera d'addio a mia madre.", "preparatory_acts"],
    ["I took the rope from the shed and put it in my car.", "plan_means"],
    ["Spent an hour last night reading about how long it takes. Cleared my history after.", "plan_means"],
    ["It's been eleven years of this. I can't do another year of this.", "hopelessness_entrapment"],
  ])("%s", (text, category) => {
    const r = detectRiskLanguage(text);
    expect(r.severity === "moderate" || r.severity === "high", text).toBe(true);
    expect(r.categories).toContain(category);
  });

  it.each([
    "I wouldn't be sad if it stopped raining for once.",
    "It wouldn't be the worst thing if the old printer died.",
    "This job could be my ticket out of this town.",
    "The team will have less stress without me nagging them about deadlines.",
    "My old sofa is taking up space that someone else could use.",
    "I don't have it in me to keep going with this course, switching to part time.",
    "I can't do one more day of this commute, I'm asking to work from home.",
    "I don't know how many more times I'll get to see the northern lights like that.",
    "Hid the tissues in my sleeve before the meeting.",
    "I'll wait until after the wedding so I don't spoil the surprise.",
    "Spent the evening reading about how long it takes to learn Japanese.",
    "Thought about driving off to Cornwall for the weekend.",
    "I'd give anything to not wake up early tomorrow.",
    "J'ai écrit une lettre d'adieu à mes collègues avant de partir.",
    "Quiero desaparecer una semana en la playa.",
    "Life would be easier if I had a car.",
    "It would be easier if I had a bit more money, honestly.",
    "Took the rope from the shed and put it in the car for the camping trip.",
    "Cleared my history after buying her birthday present.",
    "Which ways don't hurt your back when you lift boxes?",
    "I can't do another year of this job, I'm handing in my notice.",
    "I can't face another year of exams.",
  ])("stays below moderate: %s", (text) => {
    expect(["none", "low"]).toContain(sev(text));
  });
});
