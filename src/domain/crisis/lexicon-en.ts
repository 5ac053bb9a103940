import { anyOf, notFollowedBy, type RuleSpec } from "./rules";

/**
 * English phrasings per category, from clinical screening language (C-SSRS, PHQ-9 item 9, the 988 Lifeline
 * and AFSP warning signs) and from how people write: texting forms, slang (kms, unalive, ctb, "sewer slide"),
 * third-person forms where the subject decides (see context.ts).
 */

const SELF = "(?:myself|himself|herself|themselves|themself)";
const POSS = "(?:my|his|her|their)";
const PILLS = anyOf([
  `pills?`,
  `tablets?`,
  `meds`,
  `medications?`,
  `medicines?`,
  `paracetamol`,
  `acetaminophen`,
  `tylenol`,
  `ibuprofen`,
  `painkillers?`,
  `sleeping pills`,
  `sleeping tablets`,
  `sleepers`,
  `antidepressants`,
  `insulin`,
  `codeine`,
  `co codamol`,
  `opioids`,
  `oxy`,
  `oxycodone`,
  `benzos`,
  `xanax`,
  `valium`,
  `diazepam`,
  `lorazepam`,
  `zopiclone`,
  `zolpidem`,
  `ambien`,
  `tramadol`,
  `morphine`,
  `fentanyl`,
  `aspirin`,
  `naproxen`,
  `sertraline`,
  `citalopram`,
  `escitalopram`,
  `fluoxetine`,
  `prozac`,
  `zoloft`,
  `lexapro`,
  `amitriptyline`,
  `mirtazapine`,
  `quetiapine`,
  `seroquel`,
  `lithium`,
  `venlafaxine`,
  `propranolol`,
  `gabapentin`,
  `pregabalin`,
  `benadryl`,
  `prescriptions?`,
]);

/** Firearms by name, make or calibre ("my .357", "the 9mm": text.ts drops the calibre's point). */
const FIREARM = anyOf([
  `guns?`,
  `handguns?`,
  `pistols?`,
  `revolvers?`,
  `shotguns?`,
  `rifles?`,
  `firearms?`,
  `glock`,
  `magnum`,
  `9 ?mm`,
  `357`,
  `38`,
  `45`,
  `22`,
  `12 gauge`,
  `smith and wesson`,
  `beretta`,
]);
/** Whose firearm: a possessive or article, so a bare number ("38 people") is never read as one. */
const A_FIREARM = `(?:my|the|a|his|dads|my dads|that|this|our) ${FIREARM}`;
/** Where a held firearm points at the writer. */
const AT_ME = anyOf([
  `in my (?:lap|hand|hands|mouth)`,
  `(?:to|against|at) my (?:head|temple|chin|chest|heart|mouth)`,
  `under my chin`,
  `on my (?:lap|chest|bed|pillow)`,
]);
/** Poisons people use on themselves; never poison ivy or oak, food poisoning or "pick your poison". */
const POISON = anyOf([
  `poison(?! (?:ivy|oak|sumac|dart|frogs?|control|centre|center))`,
  `rat poison`,
  `weed ?killer`,
  `antifreeze`,
  `anti freeze`,
  `cyanide`,
  `arsenic`,
  `pesticides?`,
  `insecticide`,
  `paraquat`,
  `drain cleaner`,
  `bleach`,
]);
/** Acts of dying, named ("end it" only when nothing ordinary follows: "end it with him"). */
const THE_ACT = anyOf([
  `kill myself`,
  `end it(?: all)?(?! (?:with|between|early|off|up|for (?:the|this)))`,
  `end my life`,
  `end things(?! (?:with|between))`,
  `take my (?:own )?life`,
  `pull the trigger`,
  `overdose`,
  `hang myself`,
  `slit my wrists`,
  `commit suicide`,
  `die`,
]);
/** The same acts in the past ("the only reason I didn't kill myself", "almost ended it"). */
const THE_ACT_DONE = anyOf([
  `killed myself`,
  `ended it(?: all)?(?! (?:with|between|early|off|up))`,
  `ended my life`,
  `took my (?:own )?life`,
  `pulled the trigger`,
  `overdosed`,
  `hanged myself`,
  `took the (?:pills|tablets)`,
  `jumped(?! (?:in|into|on|at|over|up|out|ship|the gun|to))`,
]);
/** Near now: a near miss that happened in these is present risk, not history. */
const LATELY = anyOf([
  `tonight`,
  `last night`,
  `yesterday`,
  `today`,
  `this morning`,
  `this afternoon`,
  `this evening`,
  `earlier`,
  `this week`,
  `this weekend`,
  `last week`,
  `again`,
  `the other night`,
  `the other day`,
  `a few days ago`,
  `on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`,
]);
/** A milestone the writer does not expect to reach. */
const MILESTONE = anyOf([
  `my (?:next )?birthday`,
  `(?:christmas|xmas|new year|new years|easter|summer|spring|autumn|fall|winter|graduation|the holidays)`,
  `(?:the )?(?:end of|next) (?:the )?(?:year|month|week|summer|term|semester)`,
  `next (?:year|month|week|summer|christmas)`,
  `(?:20|25|30|40|18|21|twenty|thirty|forty|eighteen|twenty one)`,
  `(?:my )?(?:twenties|thirties|forties)`,
]);

/** Firearms as a means: held at the writer, loaded, or kept close; a range, a hunt, a game or home defence cancels it (EVERYDAY_REASON_RE in context.ts). */
const FIREARM_MEANS_PHRASES: readonly string[] = [
  anyOf([
    `held`,
    `holding`,
    `hold`,
    `had`,
    `sat with`,
    `sitting with`,
    `sit with`,
    `put`,
    `putting`,
    `pressed`,
    `pressing`,
    `pointed`,
    `pointing`,
  ]) + ` ~1${A_FIREARM} ~3${AT_ME}`,
  `${A_FIREARM} (?:is |was |sitting |resting |lying )?${AT_ME}`,
  anyOf([`put`, `putting`, `stuck`, `held`, `holding`, `pressed`, `pressing`, `had`]) +
    ` (?:the|a|my) (?:barrel|muzzle) (?:in|into|against|to|under) my (?:mouth|head|temple|chin)`,
  anyOf([
    `loaded`,
    `loading`,
    `load`,
    `unlocked`,
    `took out`,
    `taking out`,
    `got out`,
    `getting out`,
    `cleaned and loaded`,
  ]) + ` ${A_FIREARM}(?! (?:for|at|in the game|into the car)\\b)`,
  `${A_FIREARM} (?:is |was )?(?:loaded|cocked)(?! (?:for|at)\\b)`,
  `(?:one|a|the) (?:bullet|round) (?:in|left in) ${A_FIREARM}`,
  `(?:saving|saved|kept) (?:one|a|the last) (?:bullet|round) for (?:me|myself)`,
  `(?:keep|kept|cant stop|been) (?:thinking about|looking at|staring at|holding) ${A_FIREARM}`,
];
/** Poison as a means: drunk, bought or looked up to die by. */
const POISON_MEANS_PHRASES: readonly string[] = [
  anyOf([
    `drink`,
    `drank`,
    `drinking`,
    `drunk`,
    `swallow`,
    `swallowed`,
    `swallowing`,
    `ingest`,
    `ingested`,
    `take`,
    `took`,
    `taking`,
    `eat`,
    `ate`,
    `mix`,
    `mixed`,
  ]) +
    ` (?:the |some |a (?:bottle|cup|glass|capful) of |the whole bottle of )?${POISON}(?! (?:by mistake|accidentally)\\b)`,
  `(?:which|what|how much|what kind of) ${POISON} ~3(?:works?|would work|kills?|would kill|is (?:fastest|quickest|painless))`,
  `${POISON} ~3(?:would|will|could) (?:kill me|do it|be enough)`,
  anyOf([`bought`, `buying`, `got`, `ordered`, `getting`]) +
    ` (?:some )?${POISON} ~4(?:for myself|to drink|to take|so i can|and (?:im|i am) going to (?:drink|take) it)`,
  `(?:poison|poisoning) myself`,
];
/** Near misses that are present risk: stopped short lately, or kept alive tonight by one reason. */
const NEAR_MISS_PHRASES: readonly string[] = [
  `(?:the )?only (?:reason|thing) (?:that |why )?(?:i|im|i am) ` +
    anyOf([`didnt`, `did not`, `havent`, `have not`, `dont`, `do not`, `wont`, `couldnt`]) +
    ` (?:actually |just |finally )?${THE_ACT}`,
  `(?:the )?only (?:reason|thing) (?:that |why )?(?:i|im|i am) (?:still (?:here|alive|breathing)|here|alive)`,
  `(?:the )?only (?:reason|thing) (?:that )?(?:kept|keeping|keeps|stopped|stopping|stops) me (?:from )?` +
    anyOf([`killing myself`, `ending it`, `ending my life`, `going through with it`, `alive`, `here`]),
  // "Almost did it last night.": at the start of a sentence or after "I", ending the sentence; "we almost did it!"
  // is a near win.
  `(?:(?<![a-z0-9] )|(?<=\\bi ))(?:almost|nearly) (?:did it|done it|went through with it|do it)(?: ${LATELY})?(?= *(?:[.;\\n]|$))`,
  anyOf([`almost`, `nearly`]) +
    ` ${THE_ACT_DONE}(?: ${LATELY})?(?= *(?:[.!?;,\\n]|$| and| but| because| when| after| before))`,
  anyOf([`almost`, `nearly`]) + ` ${THE_ACT_DONE} ${LATELY}`,
  `(?:came|come|was|got|been) (?:so |really |very |this )?close to ` +
    anyOf([
      `ending it`,
      `killing myself`,
      `doing it`,
      `ending my life`,
      `overdosing`,
      `taking the pills`,
      `pulling the trigger`,
    ]),
  `(?:stopped|talked) myself (?:out of it|down)(?: ${LATELY})`,
];
/** "Not strong enough to kill myself" still says "I want to": a negated capability to die. */
const NEGATED_CAPABILITY_PHRASES: readonly string[] = [
  `(?:not|never been|arent|isnt|wasnt) (?:even |ever )?(?:strong|brave|man|woman|tough|bold) enough to (?:actually |even )?${THE_ACT}`,
  `too (?:much of a |big of a )?(?:coward|cowardly|scared|afraid|weak|chicken|pussy|wimp|chickenshit) to (?:actually |even |just )?${THE_ACT}`,
  anyOf([`havent`, `have not`, `dont`, `do not`, `didnt`, `did not`, `never`, `cant`, `couldnt`, `wish i`, `if i`]) +
    ` (?:had|have|got|find|found|get|muster|work up) (?:up )?(?:the |enough )?(?:guts|courage|balls|nerve|strength|bravery) to (?:actually |finally |just )?` +
    anyOf([
      `kill myself`,
      `end it(?: all)?`,
      `end my life`,
      `take my (?:own )?life`,
      `pull the trigger`,
      `jump`,
      `go through with it`,
      `commit suicide`,
    ]),
  // "i had" reads "id" (text.ts): "I wish I had the courage to...".
  `(?:wish|if) id (?:the |enough )?(?:guts|courage|balls|nerve|strength|bravery) to (?:actually |finally |just )?` +
    anyOf([
      `kill myself`,
      `end it(?: all)?`,
      `end my life`,
      `take my (?:own )?life`,
      `pull the trigger`,
      `commit suicide`,
    ]),
  `(?:lack|lacking) (?:the )?(?:guts|courage|balls|nerve) to (?:actually )?` +
    anyOf([`kill myself`, `end it`, `end my life`, `pull the trigger`, `go through with it`]),
  `(?:cant|couldnt|cannot) even (?:kill myself|end it|end my life|commit suicide) (?:right|properly)`,
];
/** Considering it, and the urge to die. */
const CONSIDERING_PHRASES: readonly string[] = [
  anyOf([`considering`, `considered`, `contemplating`, `contemplated`, `consider`, `contemplate`, `weighing up`]) +
    ` (?:ending it(?: all)?|ending my life|killing myself|taking my (?:own )?life|not being here|whether to (?:live|end it))`,
  `(?:the )?(?:want|wanting|need|urge|urges|pull|itch) (?:of|for|to) (?:die|dying|end it)`,
  `why (?:wont|cant|doesnt|dont|cannot) (?:i|my (?:heart|body)) (?:just )?(?:[a-z]+ )?(?:die|stop beating|give out)(?= *(?:[.!?;,\\n]|$| already))`,
];
/** A night of intent: "Tonight might be the night I finally do it." */
const NIGHT_OF_INTENT_PHRASES: readonly string[] = [
  anyOf([`tonight`, `today`, `tomorrow`, `this weekend`, `this week`, `sunday`, `friday`, `saturday`]) +
    ` (?:might|could|may|will|is going to|feels like it will) be (?:the (?:night|day)|it) (?:that )?(?:i )?(?:finally |actually )?` +
    anyOf([
      `do it`,
      `go through with it`,
      `end it(?: all)?`,
      `end things`,
      `end everything`,
      `let go`,
      `kill myself`,
      `give up for good`,
    ]) +
    `(?= *(?:[.;\\n]|$| tonight| today| tomorrow))`,
  `(?:the (?:night|day)|its the (?:night|day)) (?:that )?i (?:finally )?(?:do it|go through with it|end it|kill myself)(?= *(?:[.!?;\\n]|$))`,
];
/** Medication stopped and hoarded. */
const HOARDED_MEDS_PHRASES: readonly string[] = [
  anyOf([
    `hoarding`,
    `hoarded`,
    `hoard`,
    `stockpiling`,
    `stockpiled`,
    `stashing`,
    `stashed`,
    `saving up`,
    `squirrelling away`,
    `hiding`,
  ]) + ` (?:up )?(?:all )?(?:my |the |of my )?${PILLS}`,
  `(?:stopped|quit|stop|not) taking (?:my |the )?${PILLS} ~3(?:on purpose|deliberately|so (?:i|that i) (?:can|could) (?:save|keep|have|hoard|stockpile))`,
  `(?:stopped|quit) taking (?:my |the )?${PILLS} ~8(?:hoard|hoarding|saving|stockpiling|stashing|keeping) (?:them|it)`,
];
/** A milestone the writer does not expect to reach: "I can't see myself making it to my birthday." */
const MILESTONE_UNREACHED_PHRASES: readonly string[] = [
  `(?:happy|glad|relieved|comforted|comforts me|cant wait|looking forward to the day) (?:that |knowing )?(?:ill|i will|im going to|i get to) (?:one day |someday |eventually |at least )?die(?= *(?:[.!?;,\\n]|$))`,
  anyOf([`cant`, `can not`, `cannot`, `dont`, `do not`, `couldnt`]) +
    ` (?:really |honestly |even )?(?:see|picture|imagine) (?:myself|me) (?:making it|living|surviving|being (?:here|alive|around)|lasting|still being here) (?:to|until|till|past|through|for|another|much past) (?:another )?${MILESTONE}`,
  `(?:wont|will not|dont think ill|dont think i will|dont think im going to) (?:make it|be (?:here|alive|around)) (?:to|until|till|for|past|through) ${MILESTONE}`,
];
/** Barely holding on, said of oneself. */
const BARELY_HOLDING_ON_PHRASES: readonly string[] = [
  `(?:im|i am|i was|ive been|i have been|were|we are|of us are) (?:just |only )?(?:barely|only just|just barely) (?:hanging on|holding on|holding it together|keeping my head above water|surviving)`,
];
/** Urges to self-harm in the words people use for them ("the want of self-harm", "urge to cut"). */
const SELF_HARM_URGE_PHRASES: readonly string[] = [
  `(?:the )?(?:want|wanting|need|urge|urges|pull|itch) (?:of|for|to) ` +
    anyOf([
      `self harm\\w*`,
      `hurt(?:ing)? myself`,
      `harm(?:ing)? myself`,
      `cut(?:ting)? myself`,
      `cut(?:ting)?(?= *(?:[.!?;,\\n]|$| again| tonight| so bad| right now| is))`,
    ]),
];

export const EN_RULES: readonly RuleSpec[] = [
  {
    kind: "explicit_ideation",
    src: [
      `ways to (?:die|kill myself|end (?:it|my life)|commit suicide)(?! (?:in|on) (?:the game|minecraft))`,
      `(?:planning|planned|plan|plotting|imagining|picturing) (?:out )?my (?:own )?(?:death|suicide|exit)`,
      `(?:not|no longer) wanting to (?:live|be alive|exist|keep living)`,
      `(?:take|taking|took) the (?:easy|cowards|only) way out`,
      `(?:neck|top|end|delete) myself(?! (?:from|off (?:social|the app|instagram|facebook)))`,
      `do myself in`,
      `self ?delet(?:e|ion|ing)`,
      `yeet(?:ing)? myself (?:off|into|in front)`,
      `(?:want|wanna|going|about|ready|might) to rope(?! (?:in|off|them|him|her|the|together))`,
      anyOf([`dying`, `death`, `being dead`, `suicide`, `killing myself`, `ending it`]) +
        ` (?:is|seems|feels|looks) (?:like )?(?:the|my) (?:only|best|easiest|last) ` +
        anyOf([`way`, `option`, `answer`, `choice`, `escape`, `way out`, `solution`]),
      `attempts? on my (?:own )?life`,
      `permanent (?:solution|way out|escape|sleep)`,
      `(?:act|acting) on (?:these|the|my|those|them|it|this) ?(?:thoughts|urges|feelings|plan)?(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` tonight`, ` soon`, ` this`, ` tomorrow`]) +
        `)`,
      `(?:tried|trying|try|attempted|attempt) to (?:kill|hang|end|overdose|drown|hurt) ~1(?:myself|it|my life)`,
      `kill(?:s|ing|ed)? ~2${SELF}`,
      `(?:end|ending|ended|take|taking|took) ${POSS} (?:own )?life`,
      `(?:end|ending) ~1${POSS} (?:own )?(?:life|existence)`,
      `suicid(?:e|al|ality)`,
      `su[i1!]c[i1!]d(?:e|al)`,
      `sewer ?slide`,
      anyOf([
        `want`,
        `wants`,
        `wanted`,
        `wanting`,
        `need`,
        `needs`,
        `ready`,
        `going`,
        `trying`,
        `planning`,
        `urge`,
        `desire`,
        `decided`,
        `deserve`,
      ]) + `(?: ~2)? to (?:die|be dead)(?! (?:of|from|laughing|in a|for))`,
      `(?:just|really|honestly|seriously|literally|badly) want to die`,
      `(?:dont|doesnt|didnt|no longer|never) (?:really |even |actually )?want(?:s|ed)? to ` +
        anyOf([`live`, `be alive`, `stay alive`, `keep living`, `go on living`, `exist`]),
      `wish(?:es|ed|ing)? (?:i|he|she|they|that i) (?:was|were|could be|would be) dead`,
      `(?:better|rather be) off dead`,
      `(?:id|i would|youd|you would) rather (?:be dead|die)(?= *` +
        anyOf([
          `[.!?;,\\n]`,
          `$`,
          ` than (?:go on|keep|live|living|feel|continue|be like|spend another|wake up|face|go back|return)`,
        ]) +
        `)`,
      `(?:kms(?! (?:on|away|from|per|of|to|in|each|every|driven|left|down the road)\\b)|kys myself|unalive ?(?:myself)?|unaliving|off ${SELF}|ctb|catch(?:ing)? the bus,? the ctb)`,
      `(?:end|ending) it all`,
      `(?:end|ending) (?:it|things|everything)(?! (?:with|between|off|up|early|for (?:the|this|today)))(?= *` +
        anyOf([
          `[.!?;,\\n]`,
          `$`,
          ` soon`,
          ` tonight`,
          ` tomorrow`,
          ` now`,
          ` today`,
          ` on `,
          ` this `,
          ` when `,
          ` after `,
          ` before `,
          ` and `,
          ` i `,
          ` for good`,
          ` once`,
          ` already`,
          ` forever`,
          ` for real`,
          ` this time`,
          ` properly`,
        ]) +
        `)`,
      `dying is the only`,
      `(?:want|wants|wanted) ~1(?:my|his|her|their) (?:own )?death`,
      `(?:hang|hanging|hung) ${SELF}`,
      `(?:shoot|shooting) ${SELF}(?! (?:in the foot|a message|an email|a text))`,
      `(?:slit|cut|slash) (?:my|his|her|their) (?:wrists?|throat)`,
      `commit (?:suicide|die)`,
      `(?:my|a|his|her|their) (?:suicide )?attempts?\\b(?= (?:last|on|this|yesterday|tonight|again))`,
      `how (?:id|i would|i could) (?:do it|end it|kill myself)`,
      `how to (?:end it all|end my life|kill myself)`,
      `urge to (?:die|end it)`,
      `welcome death`,
      `(?:life|living) (?:isnt|is not) worth (?:living|it)`,
    ],
  },
  {
    kind: "passive_ideation",
    src: [
      `(?:angry|upset|sad|disappointed|annoyed|gutted) (?:that )?i (?:woke up|wake up|am still here|survived)`,
      `(?:relieved|glad|happy|fine|okay|ok) (?:not to|to not|if i didnt|if i dont) wake up`,
      `(?:existing|living|being alive) (?:feels|is) (?:like )?(?:too much|too hard|unbearable|exhausting)`,
      `(?:not sure|dont know) (?:if |whether )?(?:i|id) (?:still )?(?:want|wanna|want to) (?:to )?` +
        anyOf([`live`, `be alive`, `keep living`, `go on living`, `be here`]),
      `(?:im|i am|id be|i would be) better off gone`,
      anyOf([`welcome it`, `be relieved`, `be glad`, `be happy`, `wouldnt mind`, `be okay`, `be fine`, `not mind`]) +
        ` if i (?:didnt|dont|never|wouldnt) (?:survive|wake up|make it|come back|pull through)`,
      `(?:wouldnt|would not|dont) (?:mind|care about) (?:dying|being dead|not waking up|if i died)`,
      `if i (?:just )?(?:stopped existing|ceased to exist|didnt exist|wasnt alive|vanished)`,
      `(?:whether|if) i live or die`,
      `(?:hope|hoping|wish|wishing|pray|praying) (?:that )?(?:something|anything) (?:bad )?` +
        anyOf([`happens`, `would happen`, `will happen`, `happened`]) +
        ` to me`,
      `(?:wish|wishing|wished|hope|hoping) (?:the |a |that )?` +
        anyOf([`lorry`, `truck`, `bus`, `car`, `train`, `plane`, `van`]) +
        ` ~4(?:would|to|could|will) ~6` +
        anyOf([`hit me`, `crash`, `into it`, `into me`, `kill me`]),
      `(?:id|i would|i) (?:be|feel) (?:okay|ok|fine|relieved|glad|happy|at peace) if i ` +
        anyOf([`died`, `was dead`, `were dead`, `didnt wake up`, `never woke up`, `was gone`]),
      `wish(?:es|ed|ing)? ` +
        anyOf([`i`, `id`, `shed`, `hed`, `theyd`, `she`, `he`, `they`]) +
        ` (?:were|was|had)? ?never (?:been )?born(?= *(?:[.!?;,\\n]|$| at all))`,
      `wish(?:es|ed|ing)? (?:id|hed|shed|i would|he would|she would) (?:just )?(?:disappear|vanish|die|stop existing)`,
      anyOf([`hope`, `hoping`, `wish`, `wishing`, `pray`, `praying`]) +
        ` (?:that )?(?:i )?(?:get|gets|would get|could get|got) (?:hit|run over|killed)`,
      `(?:hoping|hope|pray|praying|wish) ` +
        anyOf([`its`, `it is`, `this is`, `that this is`, `tonight is`]) +
        ` (?:the )?last time i (?:wake up|see|open my eyes|go to sleep)`,
      `(?:just )?waiting to die`,
      `(?:(?<![a-z0-9] )|(?:to|just|and|or) )not exist(?= *(?:[.!?;,\\n]|$))`,
      `(?:id|i would) rather (?:not be alive|not exist|not be here|be gone|be dead)(?! tired)`,
      `(?:living|life|being alive|staying alive) (?:feels|is|seems) (?:so )?` +
        anyOf([`optional`, `pointless`, `like a chore`, `not worth it`, `too hard`]),
      `if i (?:died|was dead|were dead|didnt wake up|wasnt here|was gone|were gone) ~6` +
        anyOf([`relief`, `relieved`, `better`, `easier`, `fine`, `okay`, `peaceful`, `wouldnt mind`, `ok`, `glad`]),
      anyOf([`hope`, `hoping`, `hoped`, `pray`, `praying`, `wish`, `wishing`, `wished`]) +
        ` (?:that )?(?:ill|i|id|i would|i could|i will)? ?(?:just |simply )?` +
        anyOf([`die`, `pass away`, `stop breathing`, `not survive`, `dont survive`, `be dead`]) +
        `(?! (?:of|from|laughing))`,
      anyOf([`wish`, `wishes`, `wished`, `hope`, `hoping`, `pray`, `praying`]) +
        ` ~4(?:would|to|could|will) ~3take me(?= *(?:[.!?;,\\n]|$| away| too| with))`,
      anyOf([`want`, `wanna`, `wish i could`, `wish i could just`]) +
        ` (?:to )?(?:just )?(?:go away|leave|be gone) (?:forever|for good|and never come back)`,
      `(?:dont|do not|doesnt) deserve to (?:live|be alive|be here|exist)`,
      `(?:i|id|maybe i|i really) should (?:just )?(?:die|be dead)`,
      `(?:tired|sick|exhausted|weary) of ` +
        anyOf([`fighting`, `trying`, `everything`, `it all`, `being me`, `being here`, `this life`, `waking up`]) +
        notFollowedBy([
          ` to`,
          ` with`,
          ` of`,
          ` being so`,
          ` about`,
          ` at work`,
          ` at`,
          ` early`,
          ` so early`,
          ` for`,
          ` before`,
          ` in the`,
          ` on`,
          ` every time`,
        ]),
      `(?:dont|doesnt|didnt|cant|cannot) see (?:the|any) point (?:in|of) ` +
        anyOf([`living`, `life`, `going on`, `being alive`, `existing`, `carrying on`, `staying alive`]),
      anyOf([
        `disappointed`,
        `sad`,
        `angry`,
        `annoyed`,
        `upset`,
        `gutted`,
        `hate`,
        `hating`,
        `cheated`,
        `robbed`,
        `resentful`,
        `bitter`,
        `furious`,
        `let down`,
      ]) + ` (?:that )?(?:im|i am|i was|to be) still (?:alive|here|breathing)`,
      `(?:wake|woke|waking) up (?:and im |and i am )?` +
        anyOf([`disappointed`, `sad`, `angry`, `upset`, `gutted`]) +
        ` (?:that )?(?:im |i am )?(?:still )?(?:alive|here)`,
      `why am i still (?:alive|here)(?= *(?:[.!?;,\\n]|$))`,
      anyOf([`easier`, `better`, `nice`, `fine`, `relief`, `okay`, `ok`, `good`, `mind`]) +
        ` ~3if i (?:just )?(?:didnt|dont|never|wouldnt) (?:wake|woke) up(?! (?:on time|early|in time|at))`,
      `(?:if|when) i (?:got|get|was|were) (?:hit|run over|killed) ~10` +
        anyOf([
          `wouldnt mind`,
          `wouldnt care`,
          `dont care`,
          `be fine`,
          `be okay`,
          `be relieved`,
          `be glad`,
          `wouldnt be sad`,
        ]),
      `wish(?:es|ed|ing)? (?:i|he|she) ` +
        anyOf([`didnt`, `did not`, `could just not`, `could stop`, `wasnt`, `werent`]) +
        ` (?:exist|existing|alive|be alive)`,
      `(?:lost|losing|lose) (?:all )?(?:the |my )?will to live`,
      `wish(?:es|ed|ing)? (?:i|he|she) (?:could|would) (?:just )?(?:die|not wake up|fall asleep forever|be dead)`,
      `(?:want|wanted|wanting) to (?:just )?(?:disappear|vanish)(?= *` +
        anyOf([
          `[.!?;,\\n]`,
          `$`,
          ` from (?:this|the) (?:world|earth|planet|face)`,
          ` forever`,
          ` for good`,
          ` completely`,
          ` and never`,
        ]) +
        `)`,
      `(?:dont|never) want to wake up(?= *(?:[.!?;,\\n]|$| again| tomorrow| ever| any ?more| in the morning))`,
      `(?:dont|doesnt|wouldnt) (?:really |even )?(?:care|matter) (?:if|whether) i ` +
        anyOf([
          `wake up`,
          `live`,
          `die`,
          `make it`,
          `survive`,
          `get hit`,
          `crash`,
          `never woke up`,
          `never wake up`,
          `didnt wake up`,
          `dont wake up`,
        ]),
      `(?:dont|doesnt) think (?:ill|i will|i can) (?:make it|be here|be around|last|survive|hold on) ` +
        anyOf([
          `much longer`,
          `another`,
          `to (?:christmas|my birthday|the end|next|new year)`,
          `until`,
          `past`,
          `through`,
        ]),
      anyOf([`death`, `dying`, `being dead`, `not waking up`, `not existing`]) +
        ` (?:would be|seems|sounds|feels|would feel|looks) (?:like )?(?:a |such a )?` +
        anyOf([`relief`, `peaceful`, `nice`, `better`, `easier`, `a release`, `welcome`, `like rest`]),
      anyOf([`keep`, `cant stop`, `constantly`, `always`, `obsessively`, `obsessing`, `fixated on`]) +
        ` (?:thinking |think )?(?:about|of) (?:death|dying|being dead|not being here)`,
      `(?:fantasi[sz]ing|dreaming|daydreaming) (?:about|of) (?:my own )?(?:death|dying|being dead|my funeral)`,
      `thoughts (?:of|about) (?:my own )?(?:death|dying|being dead)`,
      `think about (?:death|dying) (?:a lot|all the time|every day|constantly|more and more)`,
      `wont be (?:here|around)(?= *(?:[.!?;\\n]|$))`,
      `(?:go|going|went|fall|falling) to sleep (?:and|&) (?:never|not) wake up`,
      `(?:fall|falling) asleep (?:and|&) (?:never|not) wake up`,
      anyOf([`want`, `wish`, `wanna`, `long`, `just want`, `need`]) +
        ` (?:to )?(?:i could |could )?(?:(?:go to|fall) )?(?:sleep|asleep) forever`,
      `(?:go to sleep|fall asleep|sleep) forever and`,
      anyOf([`hope`, `hoping`, `pray`, `praying`, `wish`, `wishing`]) +
        ` ~3(?:that )?(?:i |id |ill )?(?:just |simply |would |could )?` +
        anyOf([`dont`, `wont`, `never`, `didnt`, `wouldnt`, `not`]) +
        ` (?:ever )?wake up`,
      `(?:if|when) i (?:dont|didnt) wake up`,
      `(?:wouldnt mind|would not mind|dont care|dont mind) if i ` +
        anyOf([`died`, `didnt wake up`, `dont wake up`, `was dead`, `wasnt here`, `never woke up`, `got hit`]),
      anyOf([`dont`, `doesnt`, `didnt`, `no longer`, `not sure (?:if )?(?:i|he|she)`]) +
        ` (?:really |even )?want(?:s)? to be (?:here|around)(?: any ?more| any longer)?(?! ` +
        anyOf([
          `at`,
          `in`,
          `for`,
          `with`,
          `on`,
          `during`,
          `when`,
          `alone`,
          `today`,
          `tonight`,
          `right now`,
          `because`,
        ]) +
        `)`,
      `(?:not|never) (?:be|being) (?:here|around) any ?(?:more|longer)`,
      `(?:if|when) (?:i|id) (?:just )?(?:wasnt|werent|wasnt even|was not|am not|was no longer) (?:here|around|alive)`,
      `(?:wont|will not|not going to) be (?:here|around|alive)(?: much| for)? (?:longer|long)`,
      `(?:wont|will not|not going to) be (?:here|around|alive) (?:any ?more|to see)`,
      `(?:not|never) going to be (?:here|around)(?= (?:by|for|at|next|much|in|after))`,
      `(?:dont|cant) see myself (?:being )?(?:here|around|alive) (?:next|in|by|for)`,
      `(?:just )?(?:disappear|vanish)(?: forever| and never come back| for good|ed forever)`,
      `wish(?:es|ed|ing)? (?:i|he|she) (?:could )?(?:just )?` +
        anyOf([
          `disappear`,
          `vanish`,
          `not exist`,
          `stop existing`,
          `not be here`,
          `wasnt here`,
          `werent here`,
          `wasnt born`,
          `had never been born`,
          `was never born`,
          `never existed`,
        ]) +
        `(?! ` +
        anyOf([
          `to`,
          `into`,
          `under`,
          `on`,
          `in`,
          `for a (?:week|month|weekend|few days|day|holiday|bit)`,
          `from (?:work|school|this (?:party|meeting))`,
        ]) +
        `\\b)`,
      `wish(?:es|ed|ing)? (?:id|i had|i was) never (?:been born|existed|woken up)`,
      `(?:want|wants|wanted|wanting) to (?:stop existing|not exist|cease to exist|not be alive)`,
      `(?:dont|doesnt) want to (?:exist|be alive)`,
      `(?:nice|easier|better|peaceful|relief) ~3to ` +
        anyOf([`not exist`, `not be here`, `just be gone`, `be gone`, `disappear`, `stop existing`, `not wake up`]),
      `(?:tired|sick|exhausted) of (?:being alive|living|life|existing)`,
      `(?:whats|what is|is there|theres|there is) (?:no |even )?(?:the )?point (?:of|in) ` +
        anyOf([`being alive`, `living`, `life`, `existing`, `me being here`, `going on`, `staying`]),
      `(?:nothing|no reason|no reasons|not much|nothing left) (?:left )?to live for`,
      `no reason to (?:live|stay|go on|keep living)`,
      `done with (?:life|living|being alive|existing)`,
      `(?:bus|car|lorry|truck|train|something) (?:would |could |to )?(?:hit|hits|crash(?:es)? into|kill) me`,
      `hoping (?:something|someone|a car|a bus|the plane) (?:hits|crashes|kills)`,
      `(?:get|got|getting) sick and die`,
      `(?:ill|id|to|just|want to|wanna|could) (?:just )?be gone(?= *(?:[.!?;,\\n]|$| forever| for good| soon| by))`,
      `(?:id|i would) be (?:fine|okay|ok|happy|relieved) if (?:a|the|something) ~2(?:hit|killed|crashed)`,
      `(?:relieved|glad|happy) if i (?:didnt|dont|never) (?:wake|woke)`,
    ],
  },
  {
    kind: "burdensomeness",
    src: [
      `better off with (?:someone|somebody) else`,
      `(?:ruin|ruining|ruined) my (?:familys|parents|partners|kids|childrens|husbands|wifes|mums|dads) (?:life|lives)`,
      `(?:im|i am|feel like im) (?:just |always |only )?in (?:everyones|everybodys|their|the) way`,
      `(?:feels|feel|felt|feeling) like (?:such )?(?:a|an) (?:burden|weight|drain)`,
      `(?:nobody|no one|noone) (?:will|would|wont) (?:have to|need to|ever have to) ` +
        anyOf([`worry about`, `deal with`, `look after`, `care for`]) +
        ` me`,
      `waste of (?:everyones|peoples|their|your|my familys) (?:time|love|money|effort|energy|space)`,
      `(?:easier|better|happier|simpler|lighter|safer|freer|calmer|healthier) ~2without me`,
      `(?:im|i am) (?:nothing but|just|only|always) (?:trouble|a problem|a pain|a disappointment|bad news) (?:for|to) `,
      `(?:relieved|happier|better|easier|glad)(?: off)? if i (?:just )?` +
        anyOf([`went away`, `left`, `disappeared`, `was gone`, `were gone`, `wasnt here`, `wasnt around`, `died`]),
      `(?:im|i am) (?:just |only |such )?(?:a )?(?:disappointment|failure|waste) (?:to|for) ` +
        anyOf([`everyone`, `everybody`, `my family`, `them`, `people`]),
      `(?:i|im) (?:only |just )?(?:make|making|makes) ~3(?:life|lives|everything|things) (?:worse|harder|miserable)`,
      `(?:nobody|no one|noone)(?: would| will|d)? (?:even |really )?(?:miss|notice|care|realise|realize) ~4` +
        anyOf([`gone`, `dead`, `missing`, `not here`, `not around`, `disappeared`, `died`]),
      `holding (?:everyone|everybody|them|my family|people) back`,
      `too much (?:trouble|of a burden|work|hassle) for (?:everyone|everybody|them|my|people)`,
      `(?:cause|causing|bring|bringing) (?:nothing but|so much|only) (?:pain|trouble|problems|misery|grief)`,
      `(?:im|i am|feel like im) (?:just )?(?:a|the) problem (?:for|in) (?:everyone|my family|their)`,
      anyOf([`better`, `happier`, `easier`, `fine`, `okay`, `relieved`, `better off`]) +
        ` (?:off )?without (?:me|him|her|them)(?! (?:for|at|on|tonight|this|today))`,
      `(?:im|i am|feel like|feeling like|im just|being|i feel like) ` +
        anyOf([`such `, `just `, `only `, `nothing but `, `a huge `, `a big `, `so much of `]) +
        `?(?:a|an) (?:burden|weight|drain|waste of (?:space|air|oxygen|life))`,
      `(?:im|i feel like) (?:such |just |nothing but )?(?:a )?burden`,
      `nothing but a burden`,
      `burden (?:to|on|for) (?:everyone|everybody|my|them|people|the people|you|all)`,
      `(?:waste of (?:space|oxygen|air|a life))`,
      anyOf([`nobody`, `no one`, `noone`, `nobody would`, `no one would`]) +
        ` (?:would )?(?:even )?(?:miss|notice|care) (?:me|him|her|them|if (?:i|he|she|they))`,
      `(?:nobody|no one|noone) (?:would|will|wouldnt) (?:even )?(?:miss|notice|care)(?= *(?:[.!?;,\\n]|$| if))`,
      `(?:relieved|happier|better|easier)(?: off)? if i ` +
        anyOf([
          `was`,
          `were`,
          `wasnt`,
          `werent`,
          `died`,
          `disappeared`,
          `was gone`,
          `were gone`,
          `left for good`,
          `just disappeared`,
          `was dead`,
          `were dead`,
          `wasnt around`,
          `werent around`,
        ]),
      `(?:if|when) i ` +
        anyOf([`disappeared`, `was gone`, `were gone`, `died`, `wasnt around`, `wasnt here`]) +
        `[, ]+(?:~6)(?:easier|better|happier|relieved|fine)`,
      `(?:all i do is|i only|i just) (?:make|cause|ruin|bring) ~3(?:harder|worse|problems|pain|trouble)`,
      `(?:ruin|ruining|ruined) (?:everyones|everything for everyone|their lives|everyones lives)`,
      `(?:just|simply) by existing`,
      `(?:in|out of) (?:the|everyones) way of (?:everyone|everyones)`,
      `(?:drag|dragging|dragged|weighing|weigh) (?:them|everyone|everybody|my family|people) down`,
      `(?:isnt|not) a burden like me`,
      `deserves? (?:better|someone better) than me`,
      `(?:i|im) just in the way`,
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      // Years of it, and no more to be had ("I can't do another year of this."); the sentence ends there.
      `(?:i )?` +
        anyOf([`cant`, `cannot`, `can not`, `couldnt`]) +
        ` (?:do|face|survive|take|live) (?:another|one more) (?:\\w+ )?(?:years?|decades?)(?: of ` +
        anyOf([`this`, `it`, `that`, `my life`, `living like this`]) +
        `)?(?= *(?:[.!?;\\n]|$))`,
      `(?:given|give|giving|gave) up (?:all )?hope`,
      `(?:its|it is|everything is|everything feels|its all|it all feels) (?:all |so |completely |totally )?hopeless`,
      `nothing i do (?:matters|helps|changes anything|makes a difference)`,
      `why (?:even )?bother (?:living|going on|trying|getting up|carrying on)`,
      `no way (?:im|i am|ill|i will) (?:ever )?(?:getting|get|going to get) (?:out|better|through)`,
      `no matter what (?:i do|i try|happens),? (?:nothing|it never|things never|it doesnt) ` +
        anyOf([`changes`, `works`, `gets better`, `helps`, `matters`, `change`]),
      `(?:cant|dont|couldnt) see (?:it|things|this|life) (?:ever )?(?:getting|get) (?:any )?better`,
      `(?:dont|cant) see (?:any|a|the) (?:reason|point) to (?:keep going|go on|live|carry on|try|get up|stay)`,
      `nothing (?:will|is going to|is ever going to|will ever|ever|is ever) (?:ever )?` +
        anyOf([`get better`, `change`, `improve`, `be (?:okay|ok|alright|better|the same|good)`]),
      `(?:cant|couldnt) (?:live|go on living|keep living) ` +
        anyOf([`like this`, `this way`, `with (?:this|myself)`, `any ?more`, `any longer`]),
      `(?:im|i am|ill|i will) never (?:going to )?(?:be )?` +
        anyOf([`happy`, `okay`, `ok`, `better`, `well`, `normal`, `loved`]) +
        `(?! (?:with|about|at|in) )`,
      `(?:things|life|it) (?:will|is going to|are going to|are|is)? ?never (?:going to )?(?:change|get better|improve)`,
      `(?:ive|i have) nothing left(?= *(?:[.!?;,\\n]|$| to give| in me))`,
      `(?:lost|losing|lose) (?:all )?(?:my )?hope`,
      `(?:will|is|are|going to|its) never (?:get|be|going to get|going to be) (?:any )?better`,
      `(?:cant|dont see a way to) (?:get|find a way|see a way|escape) out(?! of bed| of the house| of work| the door)`,
      `prisoner in my own`,
      `nothing matters any ?(?:more|longer)`,
      `(?:whats|what is) the use(?= *(?:[.!?;,\\n]|$))`,
      `(?:cant|couldnt|dont want to) (?:go on|keep going|carry on) (?:living )?(?:like this|any ?more|any longer)`,
      `(?:im|feel|feeling) (?:so |completely )?(?:stuck|trapped) (?:with|and) no (?:way|escape|hope)`,
      `(?:feel|feels|feeling|felt|im|so|completely|totally|utterly) hopeless`,
      `hopelessness`,
      `no (?:way|escape) (?:out|from this|forward)`,
      `no escape`,
      `(?:cant|couldnt) ` +
        anyOf([
          `go on`,
          `keep going`,
          `carry on`,
          `keep doing this`,
          `do this`,
          `take (?:it|this|any of it)`,
          `handle (?:it|this)`,
          `cope`,
        ]) +
        `(?:(?: ~2)? any ?(?:more|longer)| like this| much longer)`,
      `(?:cant|couldnt) (?:go on|keep going|carry on)(?! ` +
        anyOf([
          `with`,
          `about`,
          `at`,
          `to`,
          `in`,
          `for`,
          `holiday`,
          `holidays`,
          `the`,
          `a`,
          `an`,
          `my`,
          `your`,
          `our`,
          `working`,
          `like that`,
          `without`,
          `stage`,
          `air`,
          `tv`,
          `trips?`,
          `dates?`,
          `rides?`,
          `tour`,
          `strike`,
          `leave`,
          `talking`,
          `ignoring`,
          `pretending`,
          `living like that`,
          `this way forever`,
        ]) +
        `\\b)`,
      `(?:dont|dont even) ` +
        anyOf([`think`, `know if`, `know how much longer`]) +
        ` (?:i|id) (?:can|could) (?:go on|keep going|carry on|do this)`,
      `how much longer i can (?:keep going|go on|do this|take)`,
      `nothing (?:is )?(?:ever )?(?:going to|will|is ever going to) (?:get better|change|improve)`,
      `(?:its|it is|things are|life is) (?:never|not ever) going to (?:get better|change|improve)`,
      `never going to (?:get better|change)`,
      `(?:cant|dont|couldnt) see (?:a|any|the) (?:future|way (?:out|forward)|point|light)`,
      `no (?:hope|future|point)(?: left)?(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` for me`, ` left`, ` in (?:anything|trying|living|going on)`, ` anymore`]) +
        `)`,
      `(?:whats|what is|whats even) the point(?: (?:of|in) ` +
        anyOf([`anything`, `trying`, `any of (?:it|this)`, `it all`, `going on`]) +
        `)?(?= *(?:[.!?;,\\n]|$| any ?more))`,
      `(?:given|give|giving|gave) up on ` +
        anyOf([
          `life`,
          `everything`,
          `myself`,
          `living`,
          `getting better`,
          `(?:things |it |me )?(?:ever )?getting better`,
          `feeling better`,
        ]),
      `(?:ive|i have) given up(?= *(?:[.!?;,\\n]|$))`,
      `(?:feel|feeling|felt|im|so) (?:completely |so |totally )?trapped(?! in ` +
        anyOf([`traffic`, `a lift`, `the lift`, `this lease`, `the lease`, `a meeting`, `the car`]) +
        `)`,
      `trapped in my (?:own )?(?:life|head|mind|body)`,
      `(?:feel|feeling|im|so|completely|totally|utterly) worthless`,
      `(?:everything|life|it all) (?:feels|is|seems) (?:so )?(?:pointless|meaningless|hopeless)`,
      `(?:nothing|no one|nobody) left for me`,
      `(?:im|i am|feel|ive run|run|running|completely|totally|so) out of (?:options|reasons|hope)`,
      `run out of (?:reasons|hope|options)`,
      `(?:always|forever) (?:going to |gonna )?(?:feel|be) like this`,
      `(?:always|forever|never) (?:going to|gonna|will|is going to) (?:feel|be|stay) (?:like this|this way|this bad)`,
      `no point (?:in )?` +
        anyOf([
          `anything`,
          `trying`,
          `living`,
          `going on`,
          `carrying on`,
          `bothering`,
          `getting up`,
          `being here`,
          `any of it`,
          `it all`,
        ]),
      `(?:cant|couldnt) do (?:this|it|life) any ?(?:more|longer)`,
      `(?:so )?(?:done|finished) with everything(?= *(?:[.!?;,\\n]|$))`,
    ],
  },
  {
    kind: "unbearable_pain",
    src: [
      `(?:pain|hurt|hurting|suffering|agony) ` +
        anyOf([`inside `, `inside me `, `in my (?:chest|heart) `]) +
        `?(?:is|feels) (?:so )?(?:unbearable|too much|endless)`,
      `(?:cant|couldnt) (?:bear|stand) (?:it|this) any ?(?:more|longer)`,
      `(?:it|everything) hurts (?:so much|too much)(?= *(?:[.!?;,\\n]|$))`,
      `want (?:it|this|the pain|everything|all of it) (?:all )?gone(?: forever| for good| permanently)`,
      `(?:cant|couldnt) (?:stand|bear|take|handle) (?:being|living) ` +
        anyOf([`(?:in|inside) my (?:own )?(?:head|mind|body|skin)`, `me`, `myself`, `alive`]),
      `(?:want|need|wish)(?:s|ed)? (?:this|the|my|all this|all the) ` +
        anyOf([`pain`, `hurt`, `hurting`, `suffering`, `agony`, `torment`, `misery`]) +
        ` (?:to )?(?:just )?(?:stop|end|be over|go away)`,
      `(?:to|it) (?:end|stop|be over),? (?:and )?i dont care how`,
      `(?:pain|hurt|hurting|suffering|agony) (?:is|feels) (?:so )?(?:unbearable|too much|endless|never ending)`,
      `want (?:it|this|everything) (?:all )?(?:to be )?over(?= *(?:[.!?;,\\n]|$| with| now))`,
      `(?:hurts|hurting) (?:so much|too much) ~3(?:to keep going|to carry on|to breathe)`,
      `(?:in|with) (?:so much|such|unbearable|constant) (?:pain|agony) ~4` +
        anyOf([`want it to (?:stop|end)`, `cant (?:take|bear|go on)`]),
      `(?:cant|couldnt) (?:live|go on) (?:like this|with this pain|in this pain)`,
      `(?:want|need|wish|make)(?:s|ed)? ~2` +
        anyOf([
          `pain`,
          `hurting`,
          `hurt`,
          `suffering`,
          `it`,
          `this`,
          `everything`,
          `all of it`,
          `the noise`,
          `my head`,
        ]) +
        ` to (?:stop|end|be over|go away)(?:,? (?:permanently|forever|for good|for ever))`,
      `(?:want|need|wish)(?:s|ed)? ` +
        anyOf([`everything`, `it all`, `all of it`, `this`, `it`, `the pain`, `the hurting`, `the suffering`]) +
        ` (?:to )?(?:just )?(?:stop|end|be over)(?= *(?:[.!?;,\\n]|$| for good| forever| permanently))`,
      `(?:want|need|wish)(?:s|ed)? it all (?:to )?(?:just )?(?:stop|end|be over)`,
      `(?:want|wish) (?:this|it) (?:all )?to (?:be over|end)(?= *(?:[.!?;,\\n]|$))`,
      `just want (?:it|everything|this) to (?:stop|end)`,
      `(?:cant|couldnt) ` +
        anyOf([`bear`, `stand`, `take`, `handle`, `live with`, `cope with`, `endure`]) +
        ` (?:this|the|my|such) ~2(?:pain|hurting|hurt|suffering|feeling)`,
      `(?:cant|couldnt) (?:bear|stand) (?:feeling|being) (?:like this|this way)`,
      `(?:pain|hurting|suffering) (?:is|feels) (?:so )?(?:unbearable|too much|endless|never ending)`,
      `(?:pain|hurt|hurting) ~3(?:never stops|never ends|will never end|wont stop|wont end)`,
      `(?:pain|hurting|suffering) ~2too much to (?:bear|take|live with)`,
      `too much to bear`,
      `(?:hurts|hurting) (?:so much|too much) ~3(?:want it to end|to keep living|to live|to go on)`,
      `(?:stop|end) (?:feeling|the pain|this pain|the hurting) ~1(?:forever|for good|permanently)`,
      `want to stop feeling (?:anything|everything|this)(?: forever| for good)?`,
      `(?:pain|hurting) (?:to )?stop,? (?:forever|for good|permanently)`,
      `quiet forever`,
      `unbearable (?:pain|suffering|emptiness|hurt)`,
    ],
  },
  {
    kind: "self_harm",
    src: [
      `relapsed? ~4(?:of not|without|clean from) (?:cutting|self harm|self harming|hurting myself)`,
      `(?:sliced|slicing|slice|slashed|slashing) ~1(?:myself|my (?:arms?|wrists?|legs?|thighs?|skin|stomach))`,
      `(?:cutting|hurting myself|self harm|self harming|burning myself) (?:is|was) the only (?:thing|way)`,
      `(?:havent|hadnt|didnt|not) (?:cut|self harmed|hurt myself|harmed myself) ~4(?:but|until|and then) ` +
        anyOf([`tonight`, `today`, `last night`, `yesterday`, `this morning`, `this evening`]) +
        ` i (?:did|cut|relapsed|gave in)`,
      `(?:the |my )?cuts (?:are|were|got|getting|keep getting) (?:deeper|worse|bigger|more)`,
      `(?:hurt|hit|slammed|burned|burnt|cut|punched|scratched|bruised|harmed|bit|starved) ~4on purpose`,
      `(?:fresh |new |deep )?(?:cuts|scars|burn marks|burns|scratches) on ~2` +
        anyOf([`arms?`, `wrists?`, `legs?`, `thighs?`, `stomach`, `hips?`]) +
        `(?! from (?:the|a|my) ` +
        anyOf([`cat`, `dog`, `garden`, `brambles`, `roses`, `kitchen`, `oven`]) +
        `)`,
      `blades? out of (?:a |the |my )?(?:pencil )?(?:sharpener|razor|shaver)`,
      `(?:shd|shed|shing) (?:again|tonight|today|last night)`,
      `(?:hit|hitting|bang|banged|banging) my head (?:against|on) ~2(?:on purpose|until|again|to feel)`,
      `(?:carve|carved|carving) ~3into my (?:skin|arms?|legs?|thighs?|wrists?|stomach|hips?)`,
      `(?:arms?|legs?|thighs?|wrists?|skin|stomach) (?:are|is) (?:covered in|full of) (?:cuts|scratches|burns|scars)`,
      `(?:burned|burnt|burn|burning) ~2` +
        anyOf([`myself`, `my (?:skin|arm|hand|wrist|leg)`]) +
        ` (?:with|on) (?:a|the|my) (?:lighter|cigarette|candle|match)`,
      `self ?harm(?:s|ing|ed)?`,
      `self ?injur(?:y|e|ing|ed)`,
      anyOf([
        `cut`,
        `cutting`,
        `cuts`,
        `burn`,
        `burned`,
        `burnt`,
        `burning`,
        `hurt`,
        `hurting`,
        `hurts`,
        `harm`,
        `harming`,
        `harmed`,
        `hit`,
        `hitting`,
        `hits`,
        `punch`,
        `punching`,
        `punched`,
        `scratch`,
        `scratched`,
        `scratching`,
        `bit`,
        `bite`,
        `biting`,
        `starve`,
        `starving`,
        `starved`,
      ]) + ` ~1${SELF}`,
      anyOf([
        `cut`,
        `cutting`,
        `cuts`,
        `slash`,
        `slashed`,
        `slit`,
        `burn`,
        `burned`,
        `burnt`,
        `burning`,
        `scratch`,
        `scratched`,
        `scratching`,
        `carve`,
        `carved`,
        `carving`,
      ]) + ` ~1(?:my|his|her|their) (?:wrists?|arms?|legs?|thighs?|skin|stomach|hips?|wrist)`,
      `(?:cut|cuts|cutting|cut myself) (?:again|deeper)`,
      `(?:urge|urges|want|wanting|need|craving) to (?:cut|burn|self harm|hurt myself|bleed)(?= *` +
        anyOf([
          `[.!?;,\\n]`,
          `$`,
          ` again`,
          ` myself`,
          ` tonight`,
          ` so`,
          ` right now`,
          ` my (?:arms?|legs?|thighs?|wrists?|skin|stomach|body|hips?|chest|ankles?)`,
          ` is`,
          ` was`,
          ` wont`,
        ]) +
        `)`,
      `(?:been|started|start|stop|stopped|keep|still|back to) cutting(?! ` +
        anyOf([`back`, `down`, `corners`, `costs`, `out`, `in`, `my hair`, `hair`, `the`, `it`, `carbs`, `sugar`]) +
        `)`,
      `(?:relapsed?|relapsing)(?: ~2(?:on|with|into))? ~1(?:sh|self harm|cutting|cuts|harming)`,
      `(?:relapsed?|relapsing)(?: today| tonight| again)?,? (?:and )?(?:cut|burned|hurt)`,
      `\\bsh (?:again|tonight|today|urges?)`,
      `(?:fresh|new|deep) (?:cuts|wounds|scars) ~3(?:on my|again)`,
      `made ${SELF} bleed`,
      `(?:until|till|til) (?:they|it|i) (?:bled|bleed|bruised|bruise)`,
      `(?:to|until|till) (?:i )?bleed(?= *(?:[.!?;,\\n]|$| again))`,
      anyOf([`hid`, `hide`, `hiding`, `cover`, `covering`, `covered`]) +
        ` (?:up )?(?:the |my )?(?:cuts|scars|self harm|burns|fresh marks)(?! from)`,
      `(?:the |my )?blades? (?:hidden|hid)|(?:hid|hidden) (?:the |my )?blades?`,
      `(?:deserve to hurt|deserve pain),? so i (?:cut|burn|hit)`,
      `so i (?:cut|burned|hit myself) again`,
      `(?:cut|burned|hit) (?:myself|again) (?:on purpose|to feel)`,
      `(?:leave|left) marks,? again`,
      `in the face again`,
      `(?:banged|banging|bang) my head (?:against|on) (?:the )?(?:wall|floor|desk) until`,
      `(?:cutting|cut) for (?:months|weeks|years)`,
      `(?:punching|punched|hitting|hit|smashed|smashing) ` +
        anyOf([`myself`, `the wall`, `my (?:fist|fists|hand|hands) into the wall`]) +
        ` (?:in the|until|till|til|on purpose)`,
    ],
  },
  {
    kind: "plan_means",
    src: [
      `(?:where|so) (?:nobody|no one) (?:would|will|can|could) (?:stop|find|see) me`,
      `in case i (?:decide|do it|go through with it)`,
      // Moving a means to where it would be used ("took the rope from the shed and put it in my car"); a task that
      // follows ("... for the camping trip") is not matched: the sentence must end there.
      anyOf([`took`, `taken`, `got`, `fetched`, `brought`, `moved`, `carried`]) +
        ` (?:the|a|my|dads|his) (?:rope|noose|hose|hosepipe) ~3(?:from|out of) (?:the |our |my )?` +
        anyOf([`shed`, `garage`, `loft`, `attic`, `cellar`, `basement`, `garden`]) +
        ` ~2(?:and )?(?:put|hid|left|placed|stashed) (?:it|them) (?:in|under) (?:my|the) ` +
        anyOf([`car`, `boot`, `trunk`, `bag`, `room`, `bedroom`, `wardrobe`]) +
        `(?= *(?:[.!?;\\n]|$))`,
      // Reading about methods with an eye on pain, and hiding that one did.
      `(?:which|what) (?:ways?|methods?) ` +
        anyOf([`dont`, `wouldnt`, `doesnt`, `would not`, `do not`, `does not`]) +
        ` hurt(?! (?:your|the|my) ` +
        anyOf([
          `back`,
          `knees`,
          `skin`,
          `hands`,
          `feet`,
          `wallet`,
          `budget`,
          `garden`,
          `plants`,
          `baby`,
          `dog`,
          `cat`,
        ]) +
        `)`,
      `(?:cleared|deleted|wiped|erased) (?:my |the )?` +
        anyOf([`browser `, `search `, `browsing `, `internet `]) +
        `?history (?:after|afterwards)(?= *(?:[.!?;\\n]|$))`,
      `(?:have|got|ive got|i have) (?:the|a|my) ` +
        anyOf([`knife`, `rope`, `pills`, `tablets`, `gun`, `blade`, `razor`, `noose`]) +
        ` (?:ready|waiting|with me)`,
      `(?:keep|kept|cant stop|been) (?:looking|staring) at (?:the|my|a) ` +
        anyOf([`knife`, `knives`, `blade`, `razor`, `pills`, `tablets`, `rope`, `gun`, `bridge`, `tracks`, `medicine`]),
      `(?:worked out|found|figured out|thought of) (?:a|the) (?:way|method|plan) to do it`,
      anyOf([`looked up`, `looking up`, `googled`, `googling`, `checked`, `checking`, `searched`, `researched`]) +
        ` (?:the )?(?:height|drop) of (?:the|that|a|this) (?:bridge|building|car park|cliff|tower|roof|viaduct)`,
      `(?:which|the) ` +
        anyOf([`bridge`, `building`, `cliff`, `car park`, `spot`, `place`, `roof`, `tower`]) +
        ` (?:id|i would|ill|i will|im going to|to) (?:jump|do it)`,
      `(?:wouldnt|would not|didnt|not going to) (?:even )?(?:brake|swerve|steer away|slow down)(?= *(?:[.!?;,\\n]|$))`,
      anyOf([`working out`, `worked out`, `work out`, `calculating`, `judging`, `guessing`]) +
        ` (?:the )?(?:height|drop|distance down|how high|how far down)`,
      `thought about not (?:turning|braking|stopping|steering)`,
      anyOf([
        `worked out`,
        `figured out`,
        `decided`,
        `know`,
        `chosen`,
        `chose`,
        `thought about`,
        `thinking about`,
        `been thinking about`,
      ]) + ` (?:exactly )?(?:which|what) ${PILLS}`,
      `(?:which|what) ${PILLS} and how many`,
      anyOf([`looking up`, `looked up`, `googling`, `googled`, `searching`, `searched`, `researching`, `researched`]) +
        ` (?:the )?(?:tallest|highest) (?:bridges?|buildings?|cliffs?|car parks?|towers?|points?)`,
      anyOf([`googled`, `googling`, `looked up`, `searched`, `wondering`, `wondered`, `wonder`]) +
        ` ~8(?:when you|if you|to) (?:drown|die|hang yourself|overdose|bleed out|jump)`,
      `(?:stood|standing|sat|sitting) (?:at|on) (?:the )?(?:top|edge|roof) of ~6` +
        anyOf([`for ages`, `for a long time`, `looking down`, `thinking`, `wanting to jump`]),
      `how (?:much|many) ~4` +
        anyOf([
          `is too much`,
          `are too many`,
          `would kill`,
          `is lethal`,
          `is fatal`,
          `to die`,
          `it would take(?! to (?!die|do it|end|kill|overdose))`,
          `would it take(?! to (?!die|do it|end|kill|overdose))`,
          `does it take(?! to (?!die|do it|end|kill|overdose))`,
          `to overdose`,
          `would be enough`,
          `would be too (?:many|much)`,
          `is too (?:many|much)`,
          `are too many`,
        ]),
      `enough (?:${PILLS} )?(?:to do it|to die|to end it|to kill (?:me|myself)|to not wake up|to overdose)`,
      `(?:bought|got|have|saved|collected|ive got) enough ~2${PILLS}`,
      `(?:measured|tested|checked|looked at) (?:the )?(?:beam|banister|loft hatch|rafters?|hook)`,
      `(?:beam|banister|rafter|hook) ~3(?:strong enough|hold my weight|take my weight)`,
      `(?:took|taken|swallowed|downed) ` +
        anyOf([`too many`, `a lot of`, `loads of`, `a handful of`, `a bunch of`, `the whole`, `a whole`]) +
        ` ~2${PILLS}`,
      `(?:swallowed|took|downed|taken) (?:a|an entire|the whole|half a) (?:bottle|packet|box|strip|handful) of`,
      `(?:looking|staring|stare|stared|looked) at (?:the|my|a) ` +
        anyOf([`knife`, `knives`, `blade`, `razor`, `pills`, `tablets`, `rope`, `gun`, `bridge`, `tracks`]) +
        ` ~3(?:again|for ages|for a long time|and thinking|thinking)`,
      `(?:ive|i have) made (?:my|the) plans?(?= *(?:[.!?;,\\n]|$))`,
      `(?:lethal|fatal|deadly) (?:dose|amount|quantity|number)`,
      `${PILLS} ~3(?:would be|are|is|would) (?:lethal|fatal|deadly|enough to (?:die|kill))`,
      `instead of taking (?:it|them)`,
      `(?:standing|stood|stand|sitting|sat) (?:at|on|near|by) (?:the )?` +
        anyOf([`edge of the (?:platform|roof|cliff|bridge|building)`, `platform edge`, `roof edge`, `cliff edge`]),
      `(?:the|a|my) (?:method|means) (?:and|,) ~2(?:place|time|date|day)`,
      `(?:chose|chosen|picked|decided on|settled on) (?:a|the|my) method`,
      anyOf([`checked`, `looked up`, `checking`, `looking up`, `found out`, `researching`, `researched`]) +
        ` ~7(?:highest|high enough|how high|how tall|how far (?:the )?drop|the drop)`,
      `high enough to (?:die|kill|end)`,
      `(?:bought|buying|got|ordered|obtained|getting|buy) (?:a|another) (?:gun|pistol|firearm|handgun)`,
      anyOf([`took`, `take`, `taken`, `tipped`, `poured`, `emptied`, `taking`]) +
        ` (?:out )?(?:all )?(?:the |my )?${PILLS} (?:out|into my (?:hand|palm))`,
      `(?:didnt|did not|couldnt) swallow (?:them|any|it|the)`,
      anyOf([`roof`, `bridge`, `edge`, `ledge`, `cliff`, `balcony`, `window`, `tracks`, `platform`, `car park`]) +
        ` ~6(?:didnt|couldnt|almost|nearly|to|wanted to|going to) jump(?! (?:to|in|into|over|on|around)\\b)`,
      `(?:held|holding|hold) (?:the|a|my|dads|his) ~1(?:gun|pistol|knife|blade|razor|rope|pills) ~4` +
        anyOf([`changed my mind`, `put it (?:down|away)`, `couldnt`, `for a (?:long )?(?:while|time)`, `to my`]),
      `(?:searching|searched|search|looking|looked) (?:online )?(?:for )?(?:ways|methods|how) to ` +
        anyOf([`die`, `kill myself`, `end it`, `end my life`, `overdose`]),
      `(?:jump|jumping) (?:off|from) (?:the|a|that|this) ~2` +
        anyOf([
          `bridge`,
          `roof`,
          `building`,
          `balcony`,
          `cliff`,
          `ledge`,
          `car park`,
          `tower`,
          `window`,
          `overpass`,
          `platform`,
        ]),
      `(?:thinking|thought|think|dreaming|dream) (?:about|of) ` +
        anyOf([
          `jumping`,
          `drowning`,
          `hanging`,
          `overdosing`,
          `crashing`,
          `driving into`,
          `stepping`,
          `walking into`,
          `swerving`,
        ]),
      anyOf([
        `want`,
        `wanted`,
        `wanting`,
        `urge`,
        `going`,
        `need`,
        `needed`,
        `decided`,
        `ready`,
        `trying`,
        `planning`,
        `plan`,
      ]) +
        ` to (?:jump|drown myself|hang|crash my car|drive (?:into|off))(?! ` +
        anyOf([
          `in`,
          `into the (?:pool|lake|sea|water)`,
          `for joy`,
          `on`,
          `at`,
          `through`,
          `ahead`,
          `back`,
          `to`,
          `the queue`,
          `rope`,
          `up`,
          `around`,
          `in the`,
          `over`,
          `out of bed`,
          `ship`,
          `start`,
        ]) +
        `)`,
      anyOf([
        `easiest`,
        `quickest`,
        `painless`,
        `painlessly`,
        `best`,
        `fastest`,
        `least painful`,
        `surest`,
        `simplest`,
      ]) + ` (?:way|ways|method|methods) (?:to|of) (?:die|dying|kill|end|suicide|go)`,
      anyOf([
        `researched`,
        `research`,
        `researching`,
        `googled`,
        `googling`,
        `looked up`,
        `looking up`,
        `searched`,
        `searching`,
        `reading about`,
        `read up on`,
      ]) + ` ~2(?:ways|how|methods|methods of) to (?:die|kill|end (?:it|my life)|overdose|hang)`,
      `how many ~3${PILLS} ~4` +
        anyOf([
          `it would take`,
          `would it take`,
          `does it take`,
          `to (?:die|kill|overdose|be lethal)`,
          `would kill`,
          `is lethal`,
          `is fatal`,
        ]),
      anyOf([
        `saved`,
        `saving`,
        `save`,
        `stockpiled`,
        `stockpiling`,
        `stockpile`,
        `hoarded`,
        `hoarding`,
        `hoard`,
        `stashed`,
        `stashing`,
        `stash`,
        `collecting`,
        `collected`,
        `gathering`,
        `gathered`,
        `hiding`,
        `hid`,
        `hidden`,
        `lined up`,
        `lining up`,
        `laid out`,
        `counted`,
        `counting`,
        `storing`,
        `stored`,
        `keeping`,
      ]) + ` ~3${PILLS}`,
      `${PILLS} ~3(?:lined up|laid out|counted out|stockpiled|hoarded|saved up|stashed|hidden away|ready|waiting)`,
      `(?:counted|count|counting) (?:the |my |all the )?${PILLS} ~3(?:again|enough|tonight)`,
      `(?:there are|i have|ive got|theres) enough (?:${PILLS} )?(?:now|to do it|to die)?(?= *(?:[.!?;,\\n]|$))`,
      anyOf([`take`, `taking`, `took`, `swallow`, `swallowing`, `swallowed`, `down`, `downing`]) +
        ` (?:all|every|everything|the whole|a whole|the rest) ~3` +
        anyOf([`${PILLS}`, `bottle`, `packet`, `box`, `cabinet`, `i have`, `at once`]),
      `(?:whole|entire|full) (?:bottle|packet|pack|box|strip|jar|tub) of ${PILLS}`,
      `(?:from|at) different (?:shops|pharmacies|chemists|stores)`,
      `(?:overdos(?:e|ing|ed)|oding|od) on ~2` +
        anyOf([
          `my`,
          `the`,
          `all`,
          `pills`,
          `meds`,
          `tablets`,
          `insulin`,
          `paracetamol`,
          `sleeping`,
          `painkillers`,
          `antidepressants`,
        ]),
      `overdos(?:e|es|ing|ed)(?! ` +
        anyOf([
          `risk`,
          `risks`,
          `rates`,
          `deaths`,
          `crisis`,
          `prevention`,
          `awareness`,
          `statistics`,
          `on (?:chocolate|sugar|caffeine|coffee|cake|sweets|candy|tv|netflix)`,
        ]) +
        `)`,
      anyOf([`bought`, `buy`, `buying`, `got`, `have`, `found`, `hid`, `hiding`, `hidden`, `tied`, `tying`]) +
        ` (?:a|the) (?:rope|noose|hose|hosepipe)(?! ` +
        anyOf([`swing`, `ladder`, `bridge`, `course`, `for the (?:swing|boat|tent|garden|kids)`]) +
        `)`,
      `noose`,
      `(?:in the garage with the (?:engine|motor|car) (?:on|running))`,
      `(?:(?:engine|motor|car) (?:running|on) in the garage)`,
      `(?:exhaust|hose) ~3(?:into the car|window|in the garage)`,
      anyOf([
        `driving`,
        `drive`,
        `drove`,
        `steer`,
        `steering`,
        `swerve`,
        `swerving`,
        `swerved`,
        `crash`,
        `crashing`,
        `ram`,
        `ramming`,
      ]) +
        ` (?:the car |my car )?(?:into|off) (?:a|the|an|oncoming) ~2` +
        anyOf([
          `wall`,
          `tree`,
          `lorry`,
          `truck`,
          `traffic`,
          `bridge`,
          `cliff`,
          `barrier`,
          `river`,
          `sea`,
          `pillar`,
          `bus`,
          `embankment`,
          `overpass`,
          `road`,
        ]),
      `(?:gun|pistol|rifle|firearm|shotgun) ~4(?:myself|my head|my mouth|to my|on me|in my mouth)`,
      `(?:use|using|used|turn|turning) (?:it|the gun|them|a gun) on myself`,
      `(?:knife|blade|razor|scissors|glass) ~3(?:to|against|on|across|into) my ` +
        anyOf([`wrists?`, `arms?`, `throat`, `skin`, `neck`, `thighs?`, `chest`]),
      anyOf([
        `step`,
        `stepping`,
        `stepped`,
        `jump`,
        `jumping`,
        `throw myself`,
        `throwing myself`,
        `walk`,
        `walking`,
        `lie down`,
        `lying down`,
      ]) + ` (?:out )?in front of (?:a|the|an) (?:train|bus|lorry|truck|car|tube|tram)`,
      `(?:on|onto|to) the (?:train )?tracks ~3(?:waiting|thinking|wanting|jump|lie)`,
      `(?:stood|standing|stand|sat|sitting) (?:on|at) (?:the|a) (?:edge|ledge|bridge|roof|cliff|railing) ~6` +
        anyOf([`thinking`, `wanting`, `about to`, `to jump`, `looking down`, `how easy`]),
      anyOf([`know`, `worked out`, `figured out`, `decided`, `planned`, `picked`, `chosen`, `chose`]) +
        ` (?:exactly )?(?:how|where|when) ~2(?:id|i would|ill|i will|im going to|to) (?:do it|end it|die)`,
      `(?:ive|i have|ive got|i made|ive made) a plan(?= *(?:[.!?;,\\n]|$| and i know| to (?:die|end|kill)))`,
      `(?:know|knew) how and when`,
      `(?:it|that) would be (?:so )?(?:easy|quick)(?= *(?:[.!?;,\\n]|$| to (?:end|die|do it|just)))`,
      `walk into the (?:sea|river|lake|water|ocean) and not come back`,
      `how high (?:the|that|this) ~4(?:is|was)?,? to jump`,
      `(?:for|until) when i need them`,
      `(?:waiting|ready) (?:in|on) (?:my|the) (?:bag|drawer|shelf|cupboard|cabinet)`,
    ],
    weak: true,
  },
  {
    kind: "preparatory_acts",
    src: [
      `(?:said|saying) goodbye to ` +
        anyOf([`everyone`, `everybody`, `all the people`]) +
        ` (?:who|that|i) ?(?:matters?|love|care about|i love)`,
      `(?:left|leaving|wrote|written) (?:letters|notes) for ` +
        anyOf([
          `my (?:children|kids|family|parents|partner|wife|husband|sister|brother)`,
          `each of (?:them|my)`,
          `everyone`,
        ]),
      `(?:like|as if) (?:it was|it were|for) (?:the )?last time`,
      `(?:sorting|sorted|putting|put) (?:all )?my (?:things|stuff|belongings) into (?:boxes|piles|bags) ` +
        anyOf([`with (?:names|labels)`, `for (?:each|everyone|people)`]),
      `(?:the |my )?(?:goodbye )?(?:letters|notes) (?:are|were) (?:all )?(?:written|done|finished|sealed)`,
      `(?:wanted|want|needed) (?:it )?to be a (?:proper|real|last|final) goodbye`,
      `(?:made sure|making sure) (?:the |my )?` +
        anyOf([`cat`, `dog`, `pets?`, `rabbit`, `fish`, `kids`]) +
        ` (?:has|have|had|will have) (?:enough )?(?:food|water|someone)`,
      `if anything (?:happens|were to happen|should happen)(?= *(?:[.!?;,\\n]|$| to me))`,
      `(?:im|i am) (?:going away|leaving|gone) (?:for good|forever)(?= *(?:[.!?;,\\n]|$))`,
      `(?:written|wrote|writing) (?:everyone|everybody|each of them|all of them) (?:a )?(?:letter|note)s?`,
      `so ` +
        anyOf([`no one`, `nobody`, `noone`, `they`, `my family`]) +
        ` (?:would|will|wont|wouldnt)? ?(?:have|need) to ~4after(?= *(?:[.!?;,\\n]|$| im gone| i die))`,
      `goodbyes? ~4without (?:anyone|anybody|them|her|him|people) (?:noticing|knowing|realising|realizing|suspecting)`,
      `(?:said|saying|say) (?:my |our )?goodbyes? ~6without ` +
        anyOf([`telling`, `them knowing`, `her knowing`, `him knowing`, `explaining`, `saying why`]),
      `(?:giving|gave|give|given) (?:away )?(?:all )?(?:of )?my (?:things|stuff|belongings|possessions) ` +
        anyOf([`away`, `to (?:friends|people|everyone|family|my)`]),
      anyOf([`deleting`, `deleted`, `delete`, `closed`, `closing`, `shut down`, `shutting down`]) +
        ` (?:all )?(?:of )?my (?:accounts|social media|socials|profiles)(?! (?:to|for|because|since|so i can))`,
      `(?:find|read|see) (?:them|it|this|these|the letters?|the notes?) after(?= *(?:[.!?;,\\n]|$| im gone| i die))`,
      `(?:wrote|written|writing|write) (?:letters|notes) (?:to|for) ` +
        anyOf([`everyone`, `everybody`, `each of them`, `all of them`, `my (?:family|kids|children|parents|friends)`]),
      `told (?:everyone|everybody|them all|all of them) (?:that )?i love(?:d)? (?:them|you) ` +
        anyOf([`one last time`, `for the last time`, `just in case`]),
      `giving (?:things|stuff|everything) away`,
      `(?:told|asked) (?:her|him|them) to (?:keep|look after|take care of) (?:it|them) (?:forever|always|for me)`,
      `so ` +
        anyOf([
          `nobody`,
          `no one`,
          `noone`,
          `they`,
          `my family`,
          `my (?:parents|kids|wife|husband|partner|sister|brother|mum|dad)`,
        ]) +
        ` ` +
        anyOf([
          `is`,
          `are`,
          `has`,
          `have`,
          `will be`,
          `wont (?:have|be)`,
          `doesnt have`,
          `dont have`,
          `has to`,
          `have to`,
          `needs to`,
          `need to`,
          `isnt`,
          `arent`,
        ]) +
        `(?: to)? ~2(?:left with|deal with|stuck with|sort|clean up|worry about|clear|pay|tidy|handle)`,
      `if (?:anything|something) (?:happens|were to happen|should happen) to me`,
      `(?:to say|said|saying) goodbye,? ~6(?:didnt|doesnt|dont|wont|never) (?:know|realise|realize|understand|suspect)`,
      anyOf([
        `plan`,
        `planning`,
        `planned`,
        `playlist`,
        `songs?`,
        `music`,
        `wishes`,
        `arrangements?`,
        `organi[sz]ing`,
        `organi[sz]ed`,
      ]) + ` (?:for )?my (?:own )?funeral`,
      `(?:gave|giving|give|given) (?:away )?my (?:best |favourite |most precious |prized |treasured )?` +
        anyOf([
          `jewellery`,
          `jewelry`,
          `watch`,
          `ring`,
          `necklace`,
          `guitar`,
          `books`,
          `records`,
          `clothes`,
          `games`,
          `art`,
          `paintings`,
          `camera`,
        ]) +
        ` to ~3(?:and (?:told|asked)|to keep|to remember)`,
      `(?:visiting|calling|called|visited|seeing|texting|texted|messaging|messaged|phoned|phoning) ~3` +
        anyOf([
          `people`,
          `everyone`,
          `everybody`,
          `friends`,
          `family`,
          `them all`,
          `each of them`,
          `my (?:friends|family|parents|kids)`,
        ]) +
        ` ~2to say goodbye`,
      `(?:gave|giving|give|given) away (?:all |most |half |some )?(?:of )?my ` +
        anyOf([`favourite `, `favorite `, `best `, `precious `, `special `, `prized `]) +
        `?` +
        anyOf([
          `things`,
          `stuff`,
          `belongings`,
          `possessions`,
          `prized possessions`,
          `valuables`,
          `treasured`,
          `most precious`,
          `most treasured`,
        ]),
      `(?:made|making|make) arrangements for (?:my|the) (?:cat|dog|pets?|kids|children|funeral)`,
      `(?:instructions|notes?) (?:for|about) what to do (?:with my (?:things|stuff|body|pets|cat|dog)|after)`,
      `this is goodbye|goodbye cruel world`,
      `(?:said|saying|say|said all) (?:my |our )?goodbyes? ~4` +
        anyOf([`quietly`, `for good`, `one last`, `properly`, `for the last time`, `without them knowing`]),
      `(?:said|saying|been saying|quietly saying) (?:my |our )?goodbyes? to ` +
        anyOf([`everyone`, `everybody`, `people`, `all of them`, `my (?:friends|family|kids|parents)`]) +
        `(?= *(?:[.!?;,\\n]|$| today| quietly| tonight| at work))`,
      `(?:goodbye|farewell|suicide) ` +
        anyOf([`letters?`, `notes?`, `messages?`, `emails?`, `texts?`, `videos?`]) +
        `(?! (?:for|to) (?:the team|colleagues|my colleagues|jen|the class))`,
      `(?:my|a) (?:last|final) (?:letters?|notes?|messages?) (?:to|for) (?:everyone|my|them|the people i love)`,
      `(?:wrote|written|writing|write|left|leaving|finished) (?:a |my |the )?(?:letters?|notes?) ~4` +
        anyOf([`to read after`, `for after`, `when im gone`, `after im gone`, `explain why`, `why i did`]),
      `(?:so (?:they|he|she|you) (?:have|has|had|will have|would have|d have|have got) something to remember me by)`,
      `to remember me by`,
      `(?:when|after|once|for when|for after|in case) (?:im|i am|i was|ive) ` +
        anyOf([`gone`, `not here`, `not around`, `dead`, `no longer here`]),
      `(?:wont|will not|not going to) (?:need|be needing) (?:it|them|any of (?:it|them)|these|those)(?: ~2)? ` +
        anyOf([`where im going`, `soon`, `after`, `anymore where`]),
      `(?:wont|will not) be (?:needing|using) (?:it|them|these|those|any of it)(?= *(?:[.!?;,\\n]|$))`,
      `(?:wont|will not) be around to (?:use|need|see|enjoy)`,
      `(?:put|putting|get|getting|got|sorted) (?:all )?my affairs in order`,
      `one last time(?= *(?:[.!?;,\\n]|$| tonight| today))`,
      `(?:its|it is|this is|for|itll be|it will be) the last time(?= *(?:[.!?;,\\n]|$))`,
      `(?:giving|gave|give|given) (?:away )?(?:all )?(?:my|all my|most of my) ` +
        anyOf([`things`, `stuff`, `belongings`, `possessions`, `favourite`, `prized`, `valuables`]) +
        `(?: away)?(?= ~4(?:so|because|since|when|before|i wont|no one|nobody))`,
      `(?:new home|rehome|rehomed|rehoming|someone to (?:look after|take)) ~6` +
        anyOf([`when im`, `after im`, `once im`, `when i am`, `wont be able`, `im gone`, `im not here`]),
      `(?:looked after|taken care of) when im (?:not here|gone)`,
      `funeral wishes`,
      `(?:hugged|hug) ~3goodbye ~6last time`,
      `quietly saying goodbye`,
    ],
    weak: true,
  },
  {
    kind: "intent_timing",
    src: [
      `(?:itll|it will|everything will|its going to|it is going to) (?:all )?be over for me`,
      `(?:wont|will not|not going to) (?:see|make it to|be here for|live to see) (?:another|next|my next) ` +
        anyOf([`birthday`, `christmas`, `year`, `summer`, `week`, `morning`, `day`]),
      `(?:this is|these are|heres) (?:the|my) (?:last|final) ` +
        anyOf([`thing`, `words?`, `entry`, `message`, `note`]) +
        ` (?:ill|i will|im going to|i) (?:ever )?(?:write|say|post|send)`,
      `(?:after|by|come) ` +
        anyOf([
          `tomorrow`,
          `tonight`,
          `today`,
          `this week`,
          `the weekend`,
          `monday`,
          `tuesday`,
          `wednesday`,
          `thursday`,
          `friday`,
          `saturday`,
          `sunday`,
        ]) +
        ` (?:none of this|nothing|it) (?:will|wont|is going to) (?:matter|be my problem)`,
      `none of this will matter (?:soon|after tonight|tomorrow|anymore)`,
      `(?:wont|will not|not going to) be (?:here|around|alive) ` +
        anyOf([
          `after`,
          `by`,
          `past`,
          `beyond`,
          `on`,
          `at`,
          `come`,
          `next`,
          `this`,
          `tomorrow`,
          `for ` +
            anyOf([
              `christmas`,
              `my birthday`,
              `long`,
              `the new year`,
              `new year`,
              `next year`,
              `summer`,
              `the summer`,
              `the holidays`,
              `her birthday`,
              `his birthday`,
              `their birthday`,
              `graduation`,
            ]),
        ]),
      `(?:the|a) (?:date|day) (?:is )?(?:picked|chosen|set)(?: out)?(?= *(?:[.!?;\\n]|$))`,
      `(?:feel|feeling|felt) ` +
        anyOf([`weirdly`, `strangely`, `oddly`, `eerily`, `suddenly`, `so`, `really`]) +
        `? ?(?:calm|at peace|peaceful) ~4(?:now that|since) (?:ive|i have|i) ` +
        anyOf([`decided`, `made (?:up )?my mind`, `have a plan`]),
      `(?:its|it is|it) ` +
        anyOf([`going to happen`, `will happen`, `is happening`, `happening`]) +
        ` (?:tonight|tomorrow|soon|this week|this weekend)(?! again)`,
      anyOf([`tonights`, `tonight is`, `tomorrows`, `tomorrow is`, `todays`, `today is`]) +
        ` (?:the night|the day|when it (?:ends|happens))(?= *(?:[.!?;\\n]|$))`,
      `by the time (?:anyone|someone|you|they|somebody) (?:reads?|finds?|sees?) this`,
      `(?:tonight|today|tomorrow|this)(?: is| will be|s) the (?:night|day)(?= *(?:[.!?;\\n]|$))`,
      `(?:wont|will not|not going to) be (?:here|around|alive) ` +
        anyOf([
          `tomorrow`,
          `by (?:morning|tomorrow|the weekend|christmas|monday|friday|sunday)`,
          `next (?:week|month)`,
          `this time`,
        ]),
      anyOf([`this is`, `thats`, `that is`, `this will be`, `that will be`, `heres`]) +
        ` my (?:last|final) ` +
        anyOf([`entry`, `post`, `note`, `message`, `words`, `night`, `day`, `goodbye`]) +
        `(?! (?:at|of|before|in|with|on|for))`,
      `(?:its|it is|it will be|its going to be|it) ~1` +
        anyOf([
          `happening`,
          `happens`,
          `ends`,
          `will end`,
          `is ending`,
          `going to happen`,
          `going to end`,
          `going to be`,
        ]) +
        ` ` +
        anyOf([
          `tonight`,
          `tomorrow`,
          `today`,
          `this week`,
          `this weekend`,
          `soon`,
          `on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`,
        ]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `(?<!\\b` +
        anyOf([`we`, `weve`, `we have`, `theyve`, `they have`, `they`, `finally`, `she`, `he`, `shes`, `hes`]) +
        ` (?:just |finally |now |already )?)` +
        anyOf([`set`, `picked`, `chosen`, `chose`, `decided on`, `pick`]) +
        ` (?:a|the) (?:date|day)(?= *(?:[.!?;\\n]|$))`,
      anyOf([`going to`, `will`, `ill`, `decided to`, `planning to`, `plan to`, `ready to`, `want to`, `gonna`]) +
        ` (?:finally )?(?:do it|go through with it)(?= ` +
        anyOf([`tonight`, `tomorrow`, `this`, `after`, `when`, `on`, `once`, `before`, `soon`]) +
        `\\b[^.!?\\n:]{0,80}(?:[.!?\\n]|$))`,
      `(?:going to|will|ill|im) (?:finally )?(?:do it|go through with it)(?= *(?:[.!?;\\n]|$))`,
      `(?:planning|plan|going|decided|ready) to ` +
        anyOf([`end (?:it|things|my life|everything)`, `take my (?:own )?life`, `kill myself`]),
    ],
  },
  {
    kind: "command_hallucinations",
    src: [
      `(?:voices?|they|someone|something) ~3` +
        anyOf([
          `saying`,
          `says`,
          `said`,
          `telling`,
          `tells`,
          `told`,
          `whispering`,
          `repeating`,
          `repeats`,
          `screaming`,
          `shouting`,
        ]) +
        `,? (?:me )?(?:jump|die|do it|cut|kill yourself|end it|just do it)`,
      anyOf([
        `voices?`,
        `someone`,
        `something`,
        `they`,
        `them`,
        `it`,
        `he`,
        `she`,
        `a voice`,
        `the man`,
        `a man`,
        `the woman`,
        `a woman`,
      ]) +
        `(?: in my head)? ~4` +
        anyOf([
          `telling`,
          `tell`,
          `tells`,
          `told`,
          `say`,
          `says`,
          `said`,
          `saying`,
          `order`,
          `orders`,
          `ordered`,
          `ordering`,
          `command`,
          `commands`,
          `commanding`,
          `screaming at`,
          `want`,
          `wants`,
          `keep`,
          `keeps`,
          `whisper`,
          `whispers`,
          `whispering`,
          `whispered`,
          `shout`,
          `shouting`,
          `urging`,
          `urge`,
          `insist`,
          `insisting`,
        ]) +
        ` ~3` +
        anyOf([
          `(?:that )?i (?:should|must|have to|need to|ought to) ` +
            anyOf([
              `kill`,
              `hurt`,
              `cut`,
              `die`,
              `end`,
              `jump`,
              `stab`,
              `harm`,
              `do it`,
              `drown`,
              `burn`,
              `walk into (?:the )?(?:sea|river|traffic|water|lake|road)`,
              `step in front`,
              `throw myself`,
              `drive into`,
              `take all`,
              `starve`,
            ]),
          `to ` +
            anyOf([
              `kill`,
              `hurt`,
              `cut`,
              `die`,
              `end`,
              `jump`,
              `stab`,
              `harm`,
              `do it`,
              `take all`,
              `walk into`,
              `drown`,
              `step in front`,
              `throw myself`,
              `crash`,
              `drive into`,
              `burn`,
              `starve`,
            ]),
          `i (?:deserve|have|should|must|need) (?:to )?(?:die|be dead|hurt)`,
          `me dead`,
          `(?:would be |be )?better off if i died`,
          `tonights the night`,
        ]),
      `hear(?:ing)? (?:them|voices|the voices?) ~3(?:telling|tell|saying|say) me to`,
      `(?:voices?|they) (?:wont|dont) stop,? (?:the voices )?telling me to`,
      `the voices? ~3(?:want me dead|telling me to do it|says? (?:i|im))`,
    ],
    severity: "high",
  },
  {
    kind: "plan_means",
    src: [
      `(?:train|bus|tube|tram) (?:that )?i (?:wasnt|was not|werent) (?:going|planning) to (?:get on|board|catch)`,
      `(?:lethal|fatal) dose`,
      `noose`,
      `hang(?:ing)? myself`,
    ],
  },
  {
    kind: "intent_timing",
    src: [
      `(?:soon|tonight|tomorrow) (?:it|this|everything) (?:will|is going to|s going to) (?:all )?be over`,
      `(?:by |at )?this time ` +
        anyOf([
          `next week`,
          `tomorrow`,
          `next month`,
          `on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)`,
        ]) +
        ` ~2` +
        anyOf([`itll`, `it will`, `everything will`, `it is going to`, `its going to`, `ill`, `i will`]) +
        ` (?:all )?be (?:over|finished|done|gone)`,
      `(?:it|this|everything) (?:will|is going to|s going to) (?:all )?be over (?:soon|tonight|tomorrow)`,
    ],
    weak: true,
  },
  {
    kind: "linger",
    src: [
      `just in case`,
      `waiting(?= *(?:[.!?;,\\n]|$))`,
      `(?:checked|check|checking) (?:if|whether) (?:it|they) (?:was|were|is|are) (?:loaded|sharp|enough|strong|high)`,
      `(?:would|will|could) hold(?= *(?:[.!?;,\\n]|$| my weight))`,
      `(?:hid|hidden|hiding|stashed|in secret|nobody knows|no one knows)`,
      `(?:sat|sitting|stood|standing|lay|lying) ~4with (?:it|them)`,
      `(?:looking|looked|staring|stared) (?:at|down) ` +
        anyOf([`it`, `them`, `the water`, `the drop`, `the edge`, `the tracks`]) +
        `(?= *(?:[.!?;,\\n]|$| for))`,
      anyOf([`looked`, `looking`, `stared`, `staring`, `sat`, `sitting`]) +
        ` (?:at|with) (?:the |my |them|it)(?:[a-z]{1,16} )?~1for (?:an hour|hours|ages|a long time|a while)`,
      `(?:looking|looked|staring|stared) down(?= *(?:[.!?;,\\n]|$| for))`,
      `went back for more|more than (?:i need|a normal)`,
      `(?:picked|chose|chosen|found) (?:the|a) (?:spot|place)`,
      `how easy it would be|it would be easy`,
    ],
  },
  {
    kind: "act",
    src: [
      `(?:gave|giving|give|given|handed|handing) (?:away )?(?:all )?(?:of )?my (?:[a-z]{1,16} ){0,3}(?:to|away)`,
      `(?:gave|giving|give|given|handed|handing) (?:away )?my`,
      `(?:cancelled|canceled|closed|closing) (?:the|my|all)`,
      `(?:made sure|making sure)`,
      `(?:told|asked) (?:my|her|him|them|[a-z]{2,12}) (?:[a-z]{2,12} )?to ` +
        anyOf([`look after`, `take care of`, `water`, `feed`, `keep`, `take`]),
      `(?:wrote|written|writing|finished) (?:my will|a will|letters?|notes?|cards)`,
      `(?:wrote|written|writing|left) (?:down )?(?:all )?my (?:passwords|pins|pin numbers|bank details)`,
      `hugged|said goodbye|cleared out|tidied|sorted out`,
    ],
    weak: true,
  },
  {
    kind: "farewell",
    src: [
      `(?:wouldnt|wont|will not|would not) (?:need|be needing|be using) (?:it|them|any of it)`,
      `(?:proper|last|final|real) goodbye`,
      `(?:friends|people|everyone|family) one by one`,
      `if anything (?:happens|happened|were to happen|should happen)(?! (?:at|in|with|on) )`,
      `so (?:nobody|no one|they|she|he|my family|my [a-z]{2,12}) ` +
        anyOf([`has`, `have`, `would have`, `needs`, `will have`, `doesnt have`, `wont have`, `wouldnt have`]) +
        ` to`,
      `in case im not (?:around|here)`,
      `(?:wont|will not|wouldnt) be able to (?:look after|care for|take care of|feed|walk) (?:her|him|them|it)`,
      `(?:remember|remembering) me`,
    ],
  },
  {
    kind: "timing",
    src: [
      `tonight`,
      `tomorrow`,
      `this ` +
        anyOf([
          `week`,
          `weekend`,
          `evening`,
          `morning`,
          `afternoon`,
          `time next week`,
          `monday`,
          `tuesday`,
          `wednesday`,
          `thursday`,
          `friday`,
          `saturday`,
          `sunday`,
        ]),
      `next week`,
      `(?:on|by|this|before|after) ` +
        anyOf([
          `monday`,
          `tuesday`,
          `wednesday`,
          `thursday`,
          `friday`,
          `saturday`,
          `sunday`,
          `christmas`,
          `new year`,
          `my birthday`,
          `the weekend`,
          `morning`,
        ]),
      `(?:after|when|once|before) ` +
        anyOf([
          `everyone`,
          `everybody`,
          `the kids`,
          `the house`,
          `nobody`,
          `no one`,
          `they`,
          `anyone`,
          `my (?:wife|husband|partner|parents|flatmate|family|mum|dad)`,
        ]) +
        `(?:s| is| are| has| have)? ` +
        anyOf([
          `asleep`,
          `in bed`,
          `gone`,
          `out`,
          `leaves?`,
          `left`,
          `home`,
          `wakes?`,
          `goes?`,
          `go to (?:bed|sleep)`,
          `at work`,
          `quiet`,
        ]),
      `(?:at|by) (?:midnight|dawn)|when the house is quiet`,
      `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?= *(?:[.!?;\\n]|$))`,
      `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow) (?:night|morning|evening)`,
      `soon(?= *(?:[.!?;\\n]|$))`,
    ],
  },
  {
    kind: "means",
    src: [
      `${PILLS}`,
      `ropes?`,
      `noose`,
      `beam`,
      `loft beam`,
      `banister`,
      `railway(?: line)?`,
      `bridges?`,
      `shotgun`,
      `rifle`,
      `pistol`,
      `firearm`,
      `roofs?`,
      `ledges?`,
      `cliffs?`,
      `train tracks`,
      `tracks`,
      `guns?`,
      `handguns?`,
      `revolvers?`,
      `glock`,
      `magnum`,
      `(?:my|the|a|his|dads) (?:9 ?mm|357|38|45|22)`,
      `rat poison`,
      `antifreeze`,
      `cyanide`,
      `weed ?killer`,
      `poison(?! (?:ivy|oak|sumac|dart|frogs?|control|centre|center))`,
      `knife`,
      `knives`,
      `blades?`,
      `razors?`,
      `exhaust`,
      `car park`,
      `overpass`,
      `medicine cabinet`,
    ],
  },
  {
    kind: "intent",
    src: [
      `(?:planned|planning|plan|scheduled) it for (?:after|before|on|this|next|tonight|tomorrow|the)`,
      `(?:ive|i have|i) (?:decided|know|chosen|picked) (?:when|how|where)(?= *(?:[.!?;,\\n]|$))`,
      `(?:itll|it will|it is going to|its going to) be (?:done|over|finished)(?= *(?:[.!?;,\\n]|$))`,
      `held (?:it|them) (?:for a (?:long )?(?:while|time)|for ages|in my (?:hand|lap|mouth)|against (?:my|me))`,
      `(?:keep|cant stop|been|always) (?:thinking|think) about (?:it|them|using (?:it|them))(?= *(?:[.!?;,\\n]|$))`,
      `(?:feel|feeling|felt) (?:weirdly|strangely|oddly|eerily|suddenly) (?:calm|at peace|peaceful)`,
      `(?:ive|i have|i) (?:finally )?` +
        anyOf([
          `decided`,
          `made (?:up )?my (?:mind|decision)`,
          `made the decision`,
          `made my peace with (?:it|this|everything)`,
          `made peace with (?:it|this|everything)`,
        ]) +
        `(?= *(?:[.?;,\\n]|$| and| now))`,
      `(?:this is|its|it is) (?:the|my) end(?= *(?:[.!?;,\\n]|$| for me| now))`,
      anyOf([
        `my mind is made up`,
        `no turning back`,
        `i know what i (?:have|need) to do`,
        `ready to go`,
        `its time`,
        `this is it`,
        `done waiting`,
        `im ready`,
      ]) + `(?= *(?:[.!?;,\\n]|$| now *(?:[.!?;,\\n]|$)| it))`,
      `(?:going to|will|ill) (?:finally )?(?:do it|go through with it)(?=[^.!?\\n:]{0,80}(?:[.!?\\n]|$))`,
      `(?:it|everything) (?:happens|ends|will end)(?= *(?:[.!?;,\\n]|$| tonight| tomorrow| this| soon))`,
      `(?:guts|courage|nerve|balls) to (?:actually |finally )?(?:do it|go through with it)`,
    ],
  },
  // Indirect phrasings, written as frames rather than sentences: wishing not to be here in the morning, the
  // world carrying on without the writer, envy of the dead, death as a fallback, plans and research told
  // quietly, aborted and interrupted acts, entrapment images, rage that ends with the writer.
  {
    kind: "passive_ideation",
    src: [
      anyOf([`hope`, `hoping`, `hoped`, `wish`, `wishing`, `pray`, `praying`]) +
        ` ~3(?:i |id |ill )?(?:just )?(?:wont|will not|wouldnt|dont|didnt|not) (?:have to )?` +
        anyOf([`be here`, `be around`, `make it`, `exist`, `survive the night`, `wake up`, `open my eyes`]) +
        `(?= *` +
        anyOf([
          `[.!?;,\\n]`,
          `$`,
          ` in the morning`,
          ` tomorrow`,
          ` by morning`,
          ` any ?more`,
          ` much longer`,
          ` when`,
        ]) +
        `)`,
      `if (?:i|something) ~1` +
        anyOf([
          `got hit`,
          `got run over`,
          `died`,
          `didnt make it`,
          `got killed`,
          `dropped dead`,
          `never woke up`,
          `didnt wake up`,
          `happened to me`,
          `got ill`,
          `got sick`,
        ]) +
        ` ~10` +
        anyOf([`wouldnt`, `would not`, `not`, `dont`, `never`, `hardly`, `couldnt`]) +
        ` ~4(?:mind|care|bothered|fussed|sad|upset|matter)\\b(?! (?:about|for|that|what|because))`,
      `(?:whats|what is|what even is|why) (?:even )?(?:the point (?:of|in) |bother )` +
        anyOf([`waking up`, `breathing`, `existing`, `being here`, `me being here`, `getting out of bed at all`]) +
        `(?! (?:early|at|so|for|on|before))`,
      anyOf([`fall asleep`, `go to sleep`, `sleep`, `close my eyes`, `drift off`, `lie down`]) +
        ` (?:and|&) ~2(?:not|never) (?:have to )?` +
        anyOf([`come back`, `wake up`, `open (?:my eyes|them) again`, `get up again`]) +
        `(?! (?:early|on time|at|for|till|until|in time|to))`,
      `(?:jealous|envious|envy) ~2(?:of )?` +
        anyOf([
          `the dead`,
          anyOf([`people`, `those`, `the ones`, `anyone`, `everyone`, `someone`, `whoever`]) +
            ` (?:who|that|whove|thatve|whod) ~1(?:have |ve |had |has |get to )?` +
            anyOf([`died`, `die`, `are dead`, `passed`, `dont wake up`, `got to die`]),
        ]),
      `(?:world|everyone|everybody|everything|life|they|people) ~3` +
        anyOf([
          `carry on`,
          `go on`,
          `keep going`,
          `keep turning`,
          `be fine`,
          `be okay`,
          `be ok`,
          `manage`,
          `cope`,
          `move on`,
        ]) +
        ` ~4` +
        anyOf([
          `without me`,
          `if i (?:wasnt|werent|was not) (?:in it|here|around|alive)`,
          `if i (?:was gone|were gone|disappeared|died|was dead|didnt exist|never existed|vanished)`,
        ]),
      anyOf([
        `angry`,
        `upset`,
        `sad`,
        `disappointed`,
        `annoyed`,
        `gutted`,
        `furious`,
        `cross`,
        `resent`,
        `resented`,
        `hate`,
        `hated`,
        `sorry`,
      ]) +
        ` ~3(?:that )?(?:i|id|ive|to have) ~1` +
        anyOf([`woke`, `woken`, `wake`, `waking`, `survived`, `made it through`]) +
        `(?: up)?(?= *(?:[.!?;\\n]|$| at all| still| again at all))`,
      anyOf([`angry`, `upset`, `sad`, `disappointed`, `annoyed`, `gutted`, `furious`, `cross`, `hate`, `hated`]) +
        ` ~3(?:woke|woken|wake|waking)(?: up)? at all`,
      `(?:involve|involves|involving|except|other than|apart from|besides|short of) ~2(?:me )?` +
        anyOf([
          `not being here`,
          `not being alive`,
          `not existing`,
          `dying`,
          `me dying`,
          `ending it`,
          `being dead`,
          `not waking up`,
        ]),
      `(?:that|which|thats|and|but) ` +
        anyOf([`doesnt`, `dont`, `wouldnt`, `does not`, `would not`, `didnt`]) +
        ` (?:involve|mean|end with|include) ~2(?:me )?` +
        anyOf([
          `not being here`,
          `not being alive`,
          `not existing`,
          `dying`,
          `me dying`,
          `ending it`,
          `being dead`,
          `not waking up`,
        ]),
      `(?:think|thinking|thought|thoughts) (?:about|of) ` +
        anyOf([
          `not being alive`,
          `not existing`,
          `not being here any ?more`,
          `being dead`,
          `no longer being here`,
          `not waking up`,
        ]),
      `(?:just )?want (?:to )?` +
        anyOf([`not exist`, `not be here`, `not be alive`, `be nowhere`, `not be anywhere`]) +
        `(?= *(?:[.!?;,\\n]|$| any ?more| for a while| for good| forever))`,
      `(?:dont|do not) want to be (?:anywhere|anything|anyone) any ?(?:more|longer)`,
    ],
  },
  {
    kind: "explicit_ideation",
    src: [
      `(?:take|taking|took|remove|removing|removed|get|getting|got|write|writing) myself out of ` +
        anyOf([
          `the picture`,
          `the equation`,
          `the story`,
          `the world`,
          `this world`,
          `existence`,
          `everyones lives`,
          `their lives`,
        ]) +
        `(?= *(?:[.!?;,\\n]|$| for good| forever| permanently| for ever| altogether| completely))`,
      anyOf([
        `not being alive`,
        `not existing`,
        `dying`,
        `death`,
        `killing myself`,
        `ending it`,
        `ending my life`,
        `suicide`,
        `not waking up`,
      ]) +
        ` ~3(?:as )?(?:a |an |my )?(?:kind of |sort of )?` +
        anyOf([
          `plan b`,
          `backup plan`,
          `back up plan`,
          `escape hatch`,
          `exit plan`,
          `exit strategy`,
          `fallback`,
          `fall back`,
          `emergency exit`,
          `last resort`,
          `way out`,
          `option`,
        ]) +
        `\\b`,
      anyOf([`kill`, `hurt`, `shoot`, `stab`, `take out`, `take down`, `take`, `destroy`, `get`]) +
        ` ~6(?:and then|then|before|after that) (?:myself|me too|me as well)(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` too`, ` after`, ` as well`]) +
        `)`,
    ],
  },
  {
    kind: "plan_means",
    src: [
      `(?:which|what|the) ` +
        anyOf([
          `bridge`,
          `building`,
          `cliff`,
          `car park`,
          `multi ?storey`,
          `tower`,
          `roof`,
          `viaduct`,
          `overpass`,
          `station`,
          `line`,
          `train`,
          `motorway`,
          `rope`,
          `knife`,
          `blade`,
          `razor`,
          `gun`,
          `belt`,
          `tree`,
          `beam`,
        ]) +
        ` ` +
        anyOf([`id`, `i would`, `ill`, `i will`, `i could`, `id have to`, `im going to`]) +
        ` (?:use|do it|jump from|jump off|go to|pick|choose)(?= *(?:[.!?;,\\n]|$))`,
      `(?:which|what|how many|how much) ${PILLS} (?:it would|itd|would it|it will) take(?= *(?:[.!?;,\\n]|$))`,
      `(?:worked|figured|working|figuring) out ~3how (?:many|much) ~3(?:${PILLS}|of (?:them|my|his|her|mums|dads))`,
      `(?:had|id|held|holding|was holding|had got|poured|tipped|counted) ~3${PILLS} ~2` +
        anyOf([`in my (?:hands?|palm|mouth|fist)`, `into my (?:hands?|palm|mouth)`]),
      `(?:bought|buying|buy|got|getting|picked up|collected) ~6(?:${PILLS}|rope|razor blades|blades) ~6` +
        anyOf([`different`, `another`, `separate`, `other`, `several`, `two`, `three`]) +
        ` ` +
        anyOf([`shops?`, `pharmacies`, `pharmacy`, `chemists?`, `stores?`, `supermarkets?`]),
      anyOf([`no`, `without (?:a|my|the)`, `took off my`, `unbuckled(?: my)?`]) +
        ` seat ?belt(?= *(?:[.!?;,\\n]|$| on (?:the|a) (?:road|motorway)))`,
    ],
    weak: true,
  },
  {
    kind: "plan_means",
    src: [
      anyOf([
        `(?:which|what|how many|how much|what kind of|the best) ~2overdoses?`,
        `painless (?:ways?|deaths?|methods?)`,
        `(?:way|ways|method|methods) to die`,
        `(?:fatal|lethal) (?:doses?|amounts?)`,
        `how (?:long|much|many) it takes to (?:die|bleed out|drown)`,
        `what (?:would|could) (?:kill|be fatal)`,
      ]) +
        `(?<=` +
        anyOf([
          `reading`,
          `read`,
          `researching`,
          `researched`,
          `looking up`,
          `looked up`,
          `googling`,
          `googled`,
          `searching`,
          `searched`,
          `looking into`,
          `looked into`,
        ]) +
        ` ~4` +
        anyOf([
          `(?:which|what|how many|how much|what kind of|the best) ~2overdoses?`,
          `painless (?:ways?|deaths?|methods?)`,
          `(?:way|ways|method|methods) to die`,
          `(?:fatal|lethal) (?:doses?|amounts?)`,
          `how (?:long|much|many) it takes to (?:die|bleed out|drown)`,
          `what (?:would|could) (?:kill|be fatal)`,
        ]) +
        `)(?<!` +
        anyOf([
          `he`,
          `she`,
          `they`,
          `hes`,
          `shes`,
          `theyve`,
          `friend`,
          `sister`,
          `brother`,
          `mum`,
          `dad`,
          `son`,
          `daughter`,
          `partner`,
          `husband`,
          `wife`,
          `boyfriend`,
          `girlfriend`,
          `character`,
        ]) +
        ` (?:was |were |is |has been |had been |been |keeps |kept )?` +
        anyOf([
          `reading`,
          `read`,
          `researching`,
          `researched`,
          `looking up`,
          `looked up`,
          `googling`,
          `googled`,
          `searching`,
          `searched`,
          `looking into`,
          `looked into`,
        ]) +
        ` ~4` +
        anyOf([
          `(?:which|what|how many|how much|what kind of|the best) ~2overdoses?`,
          `painless (?:ways?|deaths?|methods?)`,
          `(?:way|ways|method|methods) to die`,
          `(?:fatal|lethal) (?:doses?|amounts?)`,
          `how (?:long|much|many) it takes to (?:die|bleed out|drown)`,
          `what (?:would|could) (?:kill|be fatal)`,
        ]) +
        `)`,
      anyOf([`stood`, `standing`, `sat`, `sitting`, `waited`, `waiting`, `lingered`]) +
        ` (?:right )?(?:at|on|by|near) (?:the )?(?:very )?(?:end|edge) of (?:the )?` +
        anyOf([`platform`, `pier`, `jetty`, `bridge`, `roof`, `car park`, `cliff`]) +
        `(?= ~6` +
        anyOf([`for (?:ages|an hour|hours|a long time|a while|too long)`, `thinking`, `wanting`, `looking down`]) +
        `)`,
    ],
    first: true,
  },
  {
    kind: "intent_timing",
    src: [
      anyOf([`dont think`, `not sure`, `doubt`, `dont know if`]) +
        ` ` +
        anyOf([`ill`, `i will`, `i would`, `id`, `i can`, `i could`, `i`]) +
        ` (?:be able to )?(?:stop|hold|talk) myself (?:back |down |out of it )?` +
        anyOf([`next time`, `this time`, `again`, `much longer`, `any ?more`, `tonight`, `from doing it`]),
      anyOf([`going to`, `gonna`, `really going to`, `actually going to`, `will`, `ill`]) +
        ` (?:actually |really |finally )?(?:do it|go through with it) this time`,
      `(?:doesnt|dont|no longer) (?:feel|feels|seem|seems) like (?:just )?` +
        anyOf([`thoughts`, `ideas`, `thinking`, `a fantasy`]) +
        ` any ?(?:more|longer)`,
    ],
  },
  {
    kind: "burdensomeness",
    src: [
      `(?:easier|better|happier|simpler|lighter|calmer) ~4if i (?:wasnt|werent|was not) ` +
        anyOf([`in (?:it|their lives|the picture|the way|the family)`, `here`, `around`, `alive`]) +
        `(?= *(?:[.!?;,\\n]|$| any ?more| at all| dragging| to| messing| ruining| making))`,
      `(?:easier|better|happier|simpler|lighter|calmer) ~4if i ` +
        anyOf([`was gone`, `were gone`, `disappeared`, `died`, `was dead`, `didnt exist`, `never existed`, `vanished`]),
      `(?:a |the )?` +
        anyOf([`weight`, `millstone`, `anchor`, `albatross`, `dead weight`, `drag`]) +
        ` (?:around|round|on|tied to) (?:my |their |everyones |his |her )?` +
        anyOf([`familys `, `parents `, `partners `, `mums `, `dads `, `kids `]) +
        `?(?:necks?|shoulders|backs)`,
      `(?:dragging|drag|pulling|pull|bringing|bring) ` +
        anyOf([`them`, `everyone`, `everybody`, `my family`, `people`, `the people i love`, `him`, `her`]) +
        ` (?:all )?down(?! (?:to|the|for|from|a|the stairs))`,
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      `no ` +
        anyOf([`version`, `world`, `universe`, `future`, `scenario`, `timeline`, `way`]) +
        ` (?:of (?:the future|this|my life|things) )?(?:where|in which) ~4` +
        anyOf([
          `gets better`,
          `get better`,
          `is okay`,
          `im okay`,
          `im happy`,
          `works out`,
          `improves`,
          `i get better`,
          `i feel better`,
          `i make it`,
        ]),
      `(?:feel|feels|felt|feeling|like) ~4` +
        anyOf([`room`, `box`, `cage`, `hole`, `pit`, `well`, `tunnel`, `prison`, `maze`]) +
        ` (?:with )?(?:no|without) (?:any )?` +
        anyOf([`doors?`, `way out`, `exit`, `escape`, `bottom`, `end`, `light`, `windows?`]),
      `walls (?:keep |are |just )?(?:closing|moving|caving|pressing) in(?! on (?:the|my) (?:deadline|budget|schedule))`,
      `no (?:reason|point) ` +
        anyOf([`for anything`, `to (?:get up|wake up|bother|try|do anything|keep going|carry on|get out of bed)`]) +
        `(?! (?:early|at|on|before|tomorrow|today|this|till|until|for (?:work|school)))`,
      `(?:because|cause|coz|cos) (?:whats the point|nothing(?:s| is)? (?:going to|ever going to|gonna|ever) change)`,
    ],
  },
  {
    kind: "unbearable_pain",
    src: [
      `(?:do|try) anything to (?:make|get) ` +
        anyOf([`it`, `this`, `the pain`, `the hurt`, `everything`, `the hurting`]) +
        ` (?:to )?(?:stop|end|go away)(?= *(?:[.!?;,\\n]|$| for good| forever| permanently))`,
      `(?:make|making) ` +
        anyOf([`it`, `this`, `the pain`, `the hurt`, `everything`, `all of it`]) +
        ` (?:all )?(?:stop|end|go away) (?:for good|forever|permanently|for ever)`,
      `(?:cant|couldnt) (?:hold|carry|contain) (?:it|this|the pain|all of this) any ?(?:more|longer)`,
    ],
  },
  {
    kind: "linger",
    src: [
      anyOf([`keep`, `kept`, `cant stop`, `been`, `always`, `constantly`]) +
        ` ` +
        anyOf([`looking`, `thinking`, `staring`, `glancing`]) +
        ` (?:up |over |down )?(?:at|about) (?:the|it|them|that)(?=(?: [a-z0-9]{1,24}){0,3}` +
        anyOf([` *[.!?;,\\n]`, `$`, ` and (?:thinking|wondering|picturing)`, ` again`, ` for (?:ages|hours|a while)`]) +
        `)`,
      `so ` +
        anyOf([`they`, `nobody`, `no one`, `the pharmacist`, `the chemist`, `anyone`, `the staff`]) +
        ` (?:wouldnt|wont|doesnt|dont|didnt|would not|couldnt) (?:ask|notice|suspect|question|get suspicious)`,
      `(?:stood|standing|sat|sitting|waited|lingered) ~6for ` +
        anyOf([`ages`, `an hour`, `hours`, `a long time`, `a while`, `too long`]) +
        `(?= *(?:[.!?;,\\n]|$| then| and then| before))`,
    ],
  },
  {
    kind: "intent",
    src: [
      `(?:ive|i have|i) ` +
        anyOf([`worked`, `figured`, `thought`, `planned`, `sorted`]) +
        ` (?:it|everything) (?:all )?(?:out|through)(?= *(?:[.!?;,\\n]|$))`,
      `(?:ive|i have|ive got|i have got|now i have|i now have) (?:a|the|my) plan(?: now)?(?= *(?:[.!;:\\n]|$))`,
    ],
  },
  {
    kind: "act",
    src: [
      anyOf([`wrote`, `written`, `writing`, `finished`, `left`, `sealed`]) +
        ` (?:the |my |some |a few |all the )?(?:will|letters?|notes?|cards)`,
      `(?:wrote|written|writing|left|made|making|leaving) ~3(?:passwords|pins|pin numbers|bank details|logins)`,
    ],
    weak: true,
  },
  {
    kind: "farewell",
    src: [
      `(?:where|so) ` +
        anyOf([
          `theyll`,
          `they will`,
          `theyd`,
          `they would`,
          `itll`,
          `it will`,
          `someone will`,
          `someone would`,
          `shell`,
          `hell`,
          `she will`,
          `he will`,
          `people will`,
        ]) +
        ` (?:be )?(?:find|found|see|read)(?: (?:them|it))?(?= *(?:[.!?;,\\n]|$| after| when| later| afterwards))`,
      `so (?:that )?` +
        anyOf([`nobody`, `no one`, `they`, `she`, `he`, `shes`, `hes`, `theyre`, `my family`, `my [a-z]{2,12}`]) +
        ` ~3(?:not|isnt|arent|wont|doesnt|dont|never) ~2` +
        anyOf([`stuck`, `struggle`, `struggling`, `scramble`, `scrambling`, `lost`, `left with`]),
    ],
  },
  {
    kind: "timing",
    src: [
      `(?:when|once|after) (?:the house|the flat|the place|home) (?:is|gets|will be) (?:empty|quiet|dark)`,
      `(?:itll|it will|its going to) be (?:on )?` +
        anyOf([
          `monday`,
          `tuesday`,
          `wednesday`,
          `thursday`,
          `friday`,
          `saturday`,
          `sunday`,
          `tonight`,
          `tomorrow`,
          `this weekend`,
        ]),
    ],
  },
  {
    kind: "means",
    src: [`(?:edge|end) of the platform|oncoming traffic`],
  },
  // Frames from the sixteenth batch: not being here when the alarm goes, a heart that just stops, hoping the van
  // would not stop, tidying up before leaving, a note saying it is nobody's fault, a future without me in it.
  {
    kind: "passive_ideation",
    src: [
      anyOf([`wish`, `wishing`, `wished`, `hope`, `hoping`, `pray`, `praying`, `want`, `wanted`, `wanting`]) +
        ` ~8(?:just )?not (?:be|being) (?:here|around|alive)(?! ` +
        anyOf([
          `for`,
          `at`,
          `on`,
          `during`,
          `till`,
          `until`,
          `this`,
          `next`,
          `today`,
          `with`,
          `when (?:you|they|he|she|the (?:guests|builders|visitors))`,
        ]) +
        `)`,
      `why (?:do|must|should|cant) i (?:have to |even |still |just )?(?:keep )?` +
        anyOf([`waking up`, `wake up`, `exist`, `existing`, `be alive`, `keep living`, `stay alive`]) +
        `(?! (?:early|at|so early|before|to|in the night|during))`,
      `(?:press|push|pressed|pushed|click) (?:a|the|one) button ~3` +
        anyOf([
          `stop existing`,
          `not exist`,
          `disappear`,
          `vanish`,
          `die`,
          `be gone`,
          `never have existed`,
          `never have been born`,
          `not be here`,
        ]),
      `(?:i|me|to|and|could|would|id|just|if i) (?:just )?(?:stop|cease|stopped|ceased) existing(?! (?:as|in|on|for))`,
      `(?:wouldnt|would not|not) (?:be )?` +
        anyOf([`sad`, `upset`, `mind`, `care`, `bothered`, `sorry`]) +
        ` ~3if (?:my heart|i|my body|my breathing) ~2` +
        anyOf([`stopped`, `gave out`, `gave up`, `died`, `didnt wake`, `never woke`, `packed in`, `just stopped`]),
      `(?:wish|hope|hoping|wishing|pray|praying) ~3my heart (?:would |could |will )?(?:just )?` +
        anyOf([
          `stop`,
          `stops`,
          `stopped`,
          `give out`,
          `gives out`,
          `gave out`,
          `would stop`,
          `packs in`,
          `packed in`,
        ]) +
        `(?! (?:racing|pounding|hurting|aching))`,
      anyOf([`hope`, `hoped`, `hoping`, `wish`, `wished`, `wishing`, `pray`, `prayed`, `praying`]) +
        ` ~2(?:the|that|a) ` +
        anyOf([
          `van`,
          `car`,
          `bus`,
          `lorry`,
          `truck`,
          `train`,
          `driver`,
          `cyclist`,
          `tram`,
          `taxi`,
          `ute`,
          `ambulance`,
        ]) +
        ` ` +
        anyOf([`wouldnt`, `wont`, `didnt`, `doesnt`, `would not`, `did not`]) +
        ` (?:stop|brake|see me|slow down|swerve)(?= *(?:[.!?;,\\n]|$| for me| when i| in time))`,
      `waiting for (?:life|my life|everything|this life|it all|all of it) to (?:be over|end|stop|finish)(?= *` +
        anyOf([`[.!?;\\n]`, `$`, `,? life`, `,? my life`, ` for good`, ` forever`, ` so i can rest`]) +
        `)`,
      anyOf([`nice`, `easier`, `better`, `peaceful`, `relief`, `a relief`, `restful`, `quiet`]) +
        ` ~4to (?:just )?not be(?= *(?:[.!?;,\\n]|$| any ?more| at all))`,
    ],
  },
  {
    kind: "intent_timing",
    src: [`decided (?:on )?(?:tonight|tomorrow|today|this weekend|the date|the day|when)(?= *(?:[.!?;,\\n]|$))`],
  },
  {
    kind: "preparatory_acts",
    src: [
      `(?:note|letter|message|card|email) ~6` +
        anyOf([
          `its`,
          `it is`,
          `it was`,
          `that its`,
          `that it is`,
          `that it was`,
          `that it isnt`,
          `its not`,
          `it isnt`,
          `it wasnt`,
          `that none of this is`,
          `none of this is`,
        ]) +
        ` (?:not )?(?:her|his|their|your|anyones|anybodys) fault`,
    ],
  },
  {
    kind: "intent_timing",
    src: [
      anyOf([`this`, `that`, `it`, `today`, `tonight`, `this entry`]) +
        ` ` +
        anyOf([`will be`, `is`, `is going to be`, `s going to be`, `ll be`, `might be`]) +
        ` (?:the|my) (?:last|final) ` +
        anyOf([`time`, `entry`, `page`, `post`, `thing`]) +
        ` (?:i|ill|im going to) (?:ever )?(?:write|post|say|open|use) ` +
        anyOf([`in here`, `here`, `in this`, `to you`, `anything`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
    ],
    weak: true,
  },
  {
    kind: "self_harm",
    src: [
      anyOf([
        `pick`,
        `picking`,
        `picked`,
        `pull`,
        `pulling`,
        `pulled`,
        `scratch`,
        `scratching`,
        `reopen`,
        `reopening`,
        `reopened`,
        `open`,
        `opening`,
        `tear`,
        `tearing`,
        `tore`,
      ]) +
        ` ~2(?:scabs?|wounds?|cuts|scars|stitches) ~4` +
        anyOf([
          `on purpose`,
          `so (?:they|it) (?:dont|doesnt|wont|wouldnt|cant) heal`,
          `until (?:they|it) (?:bleed|bled)`,
          `to make (?:them|it) bleed`,
          `open again`,
        ]),
    ],
  },
  {
    kind: "burdensomeness",
    src: [
      anyOf([
        `family`,
        `kids`,
        `children`,
        `wife`,
        `husband`,
        `partner`,
        `parents`,
        `mum`,
        `mom`,
        `dad`,
        `everyone`,
        `everybody`,
        `they`,
        `theyd`,
        `theyll`,
        `he`,
        `she`,
        `hed`,
        `shed`,
        `hell`,
        `shell`,
        `itll`,
        `the (?:cat|dog|kids|children|family)`,
      ]) +
        ` ~3(?:better off|happier|better) ~5than (?:with )?` +
        anyOf([`me`, `having me`, `me around`, `me alive`, `me here`, `with me`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `(?:worth more|be better off|better off) ~2` +
        anyOf([`dead`, `gone`, `with the (?:life )?insurance`, `with my (?:life )?insurance`]),
      `(?:deserve|deserves|need|needs) (?:a )?` +
        anyOf([`break`, `rest`, `peace`, `freedom`, `a life`, `better`]) +
        ` (?:from|without) me(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` for good`, ` forever`, ` permanently`]) +
        `)`,
      `(?:i )?cost ` +
        anyOf([`everyone`, `everybody`, `them`, `my family`, `people`, `my parents`]) +
        ` (?:so much|too much|everything)(?! (?:money|on) )`,
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      anyOf([`cant`, `dont`, `couldnt`, `cannot`, `can never`]) +
        ` (?:picture|imagine|see|envision) ~2(?:a |any |my )?(?:future|tomorrow|next year|life) ` +
        anyOf([`with me in it`, `for me`, `where im (?:happy|okay|ok|here|alive)`]),
      `(?:cant|dont|couldnt|cannot) (?:picture|imagine|see) (?:myself|me) (?:in|at|making it to|reaching) ~2` +
        anyOf([
          `the future`,
          `next year`,
          `a year`,
          `(?:five|ten|\\d+) years`,
          `old age`,
          `thirty`,
          `forty`,
          `thirty`,
          `fifty`,
          `30`,
          `40`,
          `50`,
        ]),
      `nothing (?:really )?(?:matters|does)(?= *(?:[.!?;\\n]|$| to me| any ?way| any ?more))`,
      `(?:doesnt|dont|wont) matter (?:any ?way|any ?more)?,? nothing (?:does|matters|will)`,
    ],
  },
  {
    kind: "unbearable_pain",
    src: [
      `want (?:it|this|the pain|everything|the hurt|the ache|all of it) (?:all )?gone,? ` +
        anyOf([
          `any way`,
          `anyway`,
          `any how`,
          `anyhow`,
          `whatever it takes`,
          `however`,
          `i dont care how`,
          `no matter how`,
        ]),
      `(?:any way|however|whatever way|no matter how) it (?:goes|happens|takes|ends)(?= *(?:[.!?;\\n]|$))`,
    ],
  },
  {
    kind: "linger",
    src: [
      `(?:keep|kept|been|always) (?:going|coming|driving|walking) back (?:to|there)`,
      `(?:got|made it|came) as far as`,
      `(?:asked|checked) (?:if|whether) i was (?:ok|okay|alright|all right)`,
      `(?:talked|talk|talking) me down`,
    ],
  },
  {
    kind: "act",
    src: [
      `(?:asked|asking|ask) ~3(?:if|whether) ` +
        anyOf([`shed`, `hed`, `theyd`, `she would`, `he would`, `they would`, `she could`, `he could`, `they could`]) +
        ` (?:take|look after|have|keep|mind)`,
      `(?:updated|update|updating|made|wrote|redid|changed|sorted) (?:my|a|out my) will`,
      `(?:paying|paid|pay|cleared|clearing) off (?:my |all my |little |the |all the )?` +
        anyOf([`debts`, `credit cards?`, `loans?`, `bills`, `overdraft`]),
    ],
    weak: true,
  },
  {
    kind: "farewell",
    src: [
      `(?:wont|will not|wouldnt) (?:mean anything|matter|be any use|be of (?:any )?use) to me(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` soon`, ` where im going`, ` after`, ` much longer`, ` any ?more`]) +
        `)`,
      anyOf([
        `its`,
        `it is`,
        `it was`,
        `it wasnt`,
        `its not`,
        `it isnt`,
        `none of this is`,
        `this isnt`,
        `this is not`,
      ]) + ` (?:not )?(?:her|his|their|your|anyones|anybodys|my (?:mums|dads|familys|parents)) fault`,
      `who gets what`,
      anyOf([`tidying`, `tidy`, `tidied`, `wrapping`, `wrap`, `wrapped`, `tying`, `tied`]) +
        ` up(?: loose ends)? before (?:leaving|i go|i leave|im gone|going)`,
      `loose ends`,
      `(?:nobody|no one|they|my family|the kids|she|he) ` +
        anyOf([`inherits?`, `is left with`, `gets stuck with`, `has to deal with`, `are left with`]) +
        ` (?:a|my|the|any) (?:mess|debts?|problems?)`,
    ],
  },
  // Frames from the seventeenth batch: stopping wanting to be alive, a way to fade out, not having to do another
  // day, medication kept back, ending up on the top floor, starting and stopping, letters for each of the kids,
  // wanting someone to have it now, nobody having to deal with me, nothing ever will, out of this alive.
  {
    kind: "passive_ideation",
    src: [
      `(?:stop|stopped|stopping|stops) wanting ` +
        anyOf([`to (?:be alive|live|exist|be here|wake up|keep going|keep living)`, `it`]) +
        `(?= *(?:[.!?;,\\n]|$| any ?more))`,
      `(?:point|use) (?:of|in) (?:me )?(?:even |still )?` +
        anyOf([`being (?:here|alive|around)`, `existing`, `staying alive`, `carrying on`, `going on`]) +
        `(?! (?:in|here|there|with|near|on|at|so|like|for) )`,
      anyOf([`go to sleep`, `fall asleep`, `drift off`, `close my eyes`, `slip away`, `drift away`]) +
        ` (?:for good|forever|for ever|permanently)(?! (?:after|on|in|with|from))`,
      `stop (?:being|existing)(?= *(?:[.!?;\\n]|$))`,
      `(?:if|wish|wishing|wished|hope) there (?:was|were|is|could be) ` +
        anyOf([`a way`, `a button`, `a pill`, `a switch`, `some way`, `an easy way`]) +
        ` to (?:just )?` +
        anyOf([
          `fade (?:out|away)`,
          `slip away`,
          `disappear`,
          `vanish`,
          `stop existing`,
          `die`,
          `not exist`,
          `not be here`,
          `go to sleep forever`,
          `not wake up`,
          `cease to exist`,
          `be gone`,
        ]) +
        `(?! (?:from|for a|into|on|to|at))`,
      anyOf([`pray`, `praying`, `prayed`, `hope`, `hoping`, `wish`, `wishing`]) +
        ` ~3(?:i )?(?:wont|dont|will not|never|didnt|wouldnt) (?:have to )?` +
        anyOf([`do`, `face`, `live`, `wake up to`, `get through`, `see`]) +
        ` (?:another|one more) (?:day|morning|week|year)(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` of this`, ` alive`, ` on this earth`, ` here`]) +
        `)`,
    ],
  },
  {
    kind: "explicit_ideation",
    src: [
      anyOf([
        `id`,
        `i would`,
        `im`,
        `i am`,
        `i`,
        `id rather`,
        `i would rather`,
        `i wish i`,
        `i want to`,
        `i should`,
        `i belong`,
        `i might as well`,
      ]) +
        ` (?:be |was |were )?(?:better off |rather be |just )?` +
        anyOf([
          `six (?:feet|foot) under`,
          `pushing up daisies`,
          `in the ground`,
          `in a box`,
          `in the grave`,
          `in my grave`,
          `dead and buried`,
          `underground`,
        ]) +
        `(?! (?:car|station|train|tube|parking|bunker))`,
    ],
  },
  {
    kind: "intent_timing",
    src: [
      `(?:know|decided|planned|worked out|figured out) (?:exactly )?` +
        anyOf([`what (?:im|i am) going to do`, `what ill do`, `how`, `where`, `what to do`]) +
        ` ~2and (?:when|where|how)(?= *(?:[.!?;,\\n]|$))`,
    ],
  },
  {
    kind: "plan_means",
    src: [
      anyOf([
        `kept`,
        `keeping`,
        `keep`,
        `held`,
        `holding`,
        `putting`,
        `put`,
        `set`,
        `setting`,
        `squirrelled`,
        `squirreling`,
        `tucked`,
        `tucking`,
      ]) + ` (?:back|aside|away) ~4${PILLS}`,
      `(?:kept|put|set|held|tucked) (?:back|aside|by)(?<=${PILLS} ~3(?:kept|put|set|held|tucked) (?:back|aside|by))`,
      anyOf([`want`, `wanted`, `wanting`, `urge`, `tempted`, `nearly`, `almost`, `wanting so badly`]) +
        ` to (?:step|walk|wade|slip|fall|let myself (?:fall|go|slip|sink)) ` +
        anyOf([`in`, `into (?:the )?(?:water|river|sea|lake|traffic|road)`, `off`, `over (?:the edge|the side)`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `(?:started|begun|began|start) (?:to )?(?:take|taking|swallow|swallowing) ` +
        anyOf([`them`, `all of them`, `the (?:lot|pills|tablets)`]) +
        ` ~6` +
        anyOf([`scared`, `stopped`, `couldnt`, `panicked`, `threw up`, `called`, `rang`, `frightened`]),
      `(?:letters?|notes?|cards?|videos?) (?:to|for) ` +
        anyOf([
          `each of (?:the|my) (?:kids|children|family|friends)`,
          `each of them`,
          `every one of them`,
          `everyone i love`,
          `the people i love`,
        ]),
    ],
    weak: true,
  },
  {
    kind: "burdensomeness",
    src: [
      `(?:if|without) ` +
        anyOf([`she`, `he`, `they`, `my [a-z]{2,12}`, `everyone`, `people`, `mum`, `mom`, `dad`]) +
        ` (?:didnt|did not|wouldnt|never|no longer) (?:have|had|has) to ` +
        anyOf([
          `deal with`,
          `worry about`,
          `look after`,
          `care for`,
          `put up with`,
          `think about`,
          `carry`,
          `cope with`,
        ]) +
        ` me`,
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      `nothing (?:ever )?(?:works|helps)(?:,? (?:and|but) nothing ever will| and it never will)`,
      `nothing ever will(?= *(?:[.!?;\\n]|$))`,
      `(?:tried|trying) everything ~8nothing (?:works|helps|has worked|has helped|changes)`,
      anyOf([
        `cant see (?:myself|me)`,
        `dont think (?:ill|i will|im going to|i can)`,
        `not (?:going to|gonna)`,
        `never going to`,
        `wont`,
        `will never`,
      ]) + ` (?:get|getting|make it|making it|come|coming) out of (?:this|here|it) alive`,
      anyOf([`feel`, `feels`, `felt`, `feeling`, `like`, `im`]) +
        ` ~3(?:at|in) the bottom of (?:a|the|this) (?:well|pit|hole|ocean)(?= *(?:[.!?;,\\n]|$| and))`,
      `(?:im|i am) (?:not|never) (?:getting|going to get|gonna get) (?:any )?better(?= *(?:[.!?;\\n]|$))`,
    ],
  },
  {
    kind: "linger",
    src: [
      `(?:keep|kept|always|been) (?:ending up|finding myself|winding up|drifting) (?:on|at|by|near|up)`,
      `(?:havent|not|didnt|have not) (?:used|touched|opened|taken) (?:them|it|any) yet`,
    ],
  },
  {
    kind: "act",
    src: [`(?:gave|giving|give|given|handed|handing) (?:[a-z]{2,12} ){1,3}my`],
    weak: true,
  },
  {
    kind: "farewell",
    src: [
      `(?:want|wanted|wanting) (?:her|him|them|you|[a-z]{2,12}) to have (?:it|them|this) (?:now|already)(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` rather`, ` instead`, ` while`, ` before`, ` not`]) +
        `)`,
    ],
  },
  {
    kind: "intent",
    src: [`(?:nobody|no one|noone) (?:will|would|is going to) see it coming`],
  },
  {
    kind: "timing",
    src: [
      `(?:get|getting|got) through ~2` +
        anyOf([
          `christmas`,
          `the holidays`,
          `the weekend`,
          `the wedding`,
          `my birthday`,
          `her birthday`,
          `his birthday`,
          `exams`,
          `the funeral`,
          `new year`,
        ]) +
        ` first`,
      `(?:after|before) (?:the|her|his|their|my|our) (?:wedding|funeral|exams?|christening|graduation|birthday)`,
    ],
  },
  // Frames from the eighteenth batch: the idea of not existing as a comfort, hoping a scan comes back bad, life
  // as a sentence, not coming home one day, medicine all at once, a ligature tied "just to see", a level
  // crossing, papers and passwords so nobody has to sort anything, a video for when she's older, a pet taken
  // for good, being safer without me, a problem people have to manage, no getting out of this, out of fight.
  {
    kind: "passive_ideation",
    src: [
      `(?:idea|thought|prospect|notion|fantasy) of ` +
        anyOf([
          `not existing`,
          `not being (?:here|alive|around)`,
          `being dead`,
          `dying`,
          `not waking up`,
          `never waking up`,
          `disappearing forever`,
          `it all ending`,
        ]) +
        ` ~6` +
        anyOf([
          `calms`,
          `calm`,
          `comforts`,
          `comfort`,
          `comforting`,
          `soothes`,
          `soothing`,
          `relief`,
          `peace`,
          `peaceful`,
          `is the only`,
          `gets me through`,
          `keeps me going`,
          `appeal`,
          `appealing`,
          `nice`,
          `tempting`,
        ]),
      `(?:thinking|thought|think),? (?:good|fine|okay|ok),? let it` +
        anyOf([` happen`, ` crash`, ` come`, ` take me`, ` go down`]) +
        `?(?= *(?:[.!?;\\n]|$))`,
      `(?:dont|cant|never) (?:see|picture|imagine) (?:myself|me) ` +
        anyOf([
          `getting old`,
          `growing old`,
          `being old`,
          `reaching (?:thirty|forty|fifty|sixty|30|40|50|60)`,
          `living (?:long|to be old)`,
          `making it to (?:thirty|forty|fifty|30|40|50|old age)`,
        ]) +
        `(?! (?:in|here|there|with|at) )`,
      `(?:nice|easier|better|peaceful|relief|restful) ~4to (?:just )?not be ` +
        anyOf([`a person`, `anyone`, `anything`, `human`, `here`, `alive`, `me`, `around`]),
      `(?:hope|hoping|hoped|wish|wishing|pray|praying) ~3(?:the |my )?` +
        anyOf([
          `scan`,
          `scans`,
          `results?`,
          `test`,
          `tests`,
          `biopsy`,
          `diagnosis`,
          `lump`,
          `tumou?r`,
          `mri`,
          `x ?ray`,
          `bloods`,
        ]) +
        ` ~3` +
        anyOf([`comes? back`, `came back`, `is`, `are`, `will be`, `would be`, `turns? out`]) +
        ` (?:bad|positive|terminal|cancer|serious|malignant)`,
      `(?:what if|if only|wish) i (?:just )?` +
        anyOf([
          `didnt come (?:home|back)`,
          `never came (?:home|back)`,
          `kept (?:driving|walking|going) and never (?:stopped|came back|turned back)`,
        ]),
      `(?<!` +
        anyOf([`most`, `best`, `more`, `much`, `lot`, `fun`, `joy`, `everything`, `meaning`]) +
        ` )out of (?:life|this life|existence|this world|living)(?= *(?:[.!?;\\n]|$|, not))`,
      `one (?:step|jump|swerve|turn of the wheel|push|little step) (?:and|&) ` +
        anyOf([`thats it`, `its over`, `it would be over`, `id be gone`, `it all ends`, `thats all`, `its done`]),
    ],
  },
  {
    kind: "explicit_ideation",
    src: [
      anyOf([`suicidal (?:ideation|thoughts|feelings|urges)`, `thoughts of suicide`]) +
        `(?<=` +
        anyOf([`having`, `had`, `experiencing`, `dealing with`, `struggling with`, `getting`]) +
        ` (?:a lot of |lots of |some |more |constant |frequent |the )?` +
        anyOf([`suicidal (?:ideation|thoughts|feelings|urges)`, `thoughts of suicide`]) +
        `)(?<!` +
        anyOf([
          `he`,
          `she`,
          `they`,
          `hes`,
          `shes`,
          `theyve`,
          `friend`,
          `sister`,
          `brother`,
          `mum`,
          `dad`,
          `son`,
          `daughter`,
          `partner`,
          `husband`,
          `wife`,
          `boyfriend`,
          `girlfriend`,
          `patients?`,
          `clients?`,
          `people`,
          `teens`,
          `students`,
          `someone`,
        ]) +
        ` (?:has |have |had |is |are |was |were |keeps |kept )?(?:been )?` +
        anyOf([`been having`, `having`, `had`, `experiencing`, `dealing with`, `struggling with`, `getting`]) +
        ` (?:a lot of |lots of |some |more |constant |frequent |the )?` +
        anyOf([`suicidal (?:ideation|thoughts|feelings|urges)`, `thoughts of suicide`]) +
        `)`,
    ],
    first: true,
  },
  {
    kind: "plan_means",
    src: [
      // The means is checked behind a literal, so the scan looks for the rare words first.
      `at once(?<=${PILLS} (?:all )?at once)`,
      `(?:tied|tying|tie|looped|looping|fastened|attached) (?:a |the |my )?` +
        anyOf([`belt`, `rope`, `cord`, `scarf`, `cable`, `ligature`, `dressing gown cord`, `charger cable`, `sheet`]) +
        ` (?:to|around|round|over|onto) (?:the |a |my )?` +
        anyOf([
          `wardrobe`,
          `door`,
          `banister`,
          `beam`,
          `hook`,
          `rail`,
          `pipe`,
          `bed frame`,
          `neck`,
          `loft`,
          `curtain rail`,
          `shower rail`,
        ]),
    ],
    weak: true,
  },
  {
    kind: "burdensomeness",
    src: [
      `(?:be|feel|finally be) (?:so much |a lot |much )?` +
        anyOf([
          `free`,
          `freer`,
          `safer`,
          `fine`,
          `okay`,
          `ok`,
          `happy`,
          `happier`,
          `lighter`,
          `calmer`,
          `better off`,
          `relieved`,
          `at peace`,
        ]) +
        ` (?:if|when|once) i (?:was|were|am|m) (?:gone|dead|not here|not around|out of the picture|out of the way)`,
      anyOf([`all i am is`, `im just`, `im only`, `im nothing but`, `i am just`, `i am only`]) +
        ` (?:a |an )?` +
        anyOf([`problem`, `burden`, `chore`, `job`, `project`, `worry`, `responsibility`, `liability`, `mess`]) +
        ` (?:for |to )?(?:people|everyone|them|others|my family)? ?(?:have to|has to|need to|to) ` +
        anyOf([`manage`, `deal with`, `handle`, `fix`, `carry`, `look after`, `worry about`]),
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      `(?:life|living|existing|being alive|this life) ~6` +
        anyOf([`prison`, `a sentence`, `life sentence`, `serving time`, `punishment`, `jail`, `cage`]) +
        `(?! (?:drama|show|film|series))`,
      `no getting out of (?:this|it|here)(?= *(?:[.!?;,\\n]|$))`,
      `(?:drowning|sinking|suffocating) ~6(?:pushes|pulls|drags|keeps|holds) me (?:back )?(?:under|down)`,
      `(?:feel|feels|feeling|like|im) (?:im |like im )?(?:drowning|suffocating|sinking)(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` and (?:no one|nobody|every time|cant)`]) +
        `)`,
      `(?:out of|no) fight(?: left)?(?= *(?:[.!?;,\\n]|$| in me))|nothing (?:left|else) to (?:try|lose)`,
      `nothing(?:s| is)? (?:ever )?(?:going to|gonna|will) (?:ever )?` +
        anyOf([`get better`, `change`, `improve`, `be (?:okay|ok|better|alright)`]),
      `(?:doesnt|dont|didnt) (?:feel|seem) like (?:theres|there is|there was) (?:any|much) point (?:to|in|of) ~2`,
    ],
  },
  {
    kind: "unbearable_pain",
    src: [
      `tired of (?:hurting|the pain|suffering|feeling like this|feeling this way|being in pain)`,
      `(?:need|want) (?:it|this|everything) to (?:end|stop) ` +
        anyOf([`somehow`, `one way or another`, `any way i can`, `whatever it takes`]),
    ],
  },
  {
    kind: "preparatory_acts",
    src: [
      anyOf([`took`, `taken`, `gave`, `given`, `dropped off`, `handed over`]) +
        ` (?:the )?(?:dog|cat|pet|pets|rabbit|bird|dogs|cats) (?:to|with) ~3(?:for good|permanently|to keep)`,
    ],
    weak: true,
  },
  {
    kind: "linger",
    src: [
      `(?:nobody|no one) (?:would|will|d) (?:know|find me|notice) (?:till|until) ` +
        anyOf([`morning`, `tomorrow`, `its too late`, `monday`]),
      `waited(?= *(?:[.!?;\\n]|$))|just to see(?= *(?:[.!?;,\\n]|$| if it would| whether))`,
      `(?:sat|sitting|stood|standing|lay|lying) ~6for ` +
        anyOf([`ages`, `an hour`, `hours`, `a long time`, `a while`, `too long`]) +
        ` (?:tonight|today|last night)`,
    ],
  },
  {
    kind: "means",
    src: [`level crossing|railway crossing`],
  },
  {
    kind: "act",
    src: [
      `(?:everything|everythings|things|it all|all) (?:is |s )?in order`,
      `(?:told|showed|show|tell|telling) [a-z]{2,12} where (?:the|my|all) ~2` +
        anyOf([
          `documents`,
          `papers`,
          `will`,
          `passwords`,
          `insurance`,
          `policy`,
          `bank details`,
          `important (?:stuff|things|papers)`,
        ]),
      anyOf([`recorded`, `record`, `recording`, `made`, `filmed`]) +
        ` (?:a )?(?:video|message|voice note|recording) for (?:my |her |his )?[a-z]{2,12}`,
      anyOf([`messaged`, `texted`, `called`, `rang`, `wrote to`, `emailed`, `visited`]) +
        ` ~4(?:friends|people|everyone|family|mates) ~3to say (?:thanks|thank you|goodbye|sorry|i love)`,
    ],
    weak: true,
  },
  {
    kind: "farewell",
    src: [
      `(?:nobody|no one|noone) (?:will|would|wont) (?:have|need) to ` +
        anyOf([`sort`, `deal with`, `clear`, `clean up`, `worry about`, `do`]) +
        ` (?:anything|a thing|it|out)`,
      `just so (?:he|she|they|you|someone) (?:knows?|has it|have it)(?= *(?:[.!?;,\\n]|$))`,
      `to (?:watch|read|open|have) when ` +
        anyOf([`shes`, `hes`, `theyre`, `she is`, `he is`, `they are`, `youre`]) +
        ` (?:older|grown up|eighteen|18|an adult)`,
      `(?:its|it is|itll be|it will be) (?:easier|better|best) this way(?= *(?:[.!?;,\\n]|$))`,
      `(?:you know,? )?in case(?= *(?:[.!?;\\n]|$))`,
      `one (?:to|for) each (?:neighbour|neighbor|friend|person|of them|of my)`,
    ],
  },
  // Frames from the nineteenth batch: over being alive, wishing it were coming for me, everyone better off, to
  // stop permanently, doing it once the kids are away, high enough, could not get out of the car, who should
  // have my things, no options left, not caring what happens to me.
  {
    kind: "passive_ideation",
    src: [
      `(?:so |just |completely )?(?:over|fed up with|sick to death of) ` +
        anyOf([`being alive`, `living`, `existing`, `this life`]) +
        `(?! (?:in|with|here|near|at|on|like) )`,
      `(?:wish|wished|hope|hoped|wishing|hoping|pray|praying) ~3` +
        anyOf([`death`, `the reaper`, `the end`, `an ambulance`, `the ambulance`, `a hearse`, `it`]) +
        ` (?:was|were|would|will|could) (?:come |coming |be coming )?for me(?= *(?:[.!?;,\\n]|$))`,
      `(?:want|like|need|wish|wanna|id like) to (?:just )?stop(?= *[.!?,;]? *` +
        anyOf([`permanently`, `forever`, `for good`, `for ever`]) +
        `\\b)`,
    ],
  },
  {
    kind: "burdensomeness",
    src: [
      anyOf([
        `everyone`,
        `everybody`,
        `they`,
        `people`,
        `the world`,
        `my family`,
        `the kids`,
        `all of them`,
        `theyd all`,
        `theyd`,
      ]) + ` (?:would|d|will)? ?(?:all )?be better off(?= *(?:[.!?;\\n]|$))`,
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      `(?:have|ive|got|there are|theres|with) no (?:options|choices|other options|other choice|way forward) left`,
      `(?:dont|do not|no longer|stopped) (?:really |even )?car(?:e|ing) (?:about )?what happens to me`,
    ],
  },
  {
    kind: "preparatory_acts",
    src: [
      anyOf([
        `wrote`,
        `written`,
        `writing`,
        `decided`,
        `deciding`,
        `listed`,
        `making a list of`,
        `made a list of`,
        `worked out`,
        `sorting out`,
        `sorted out`,
      ]) + ` (?:out |down )?who (?:should|will|gets to|is to|can) (?:have|get|take|keep) (?:my|all my)`,
    ],
    weak: true,
  },
  {
    kind: "intent",
    src: [`(?:im|i am|ill be|i will be) (?:finally )?(?:doing it|going through with it)(?= *(?:[.!?;\\n]|$))`],
  },
  {
    kind: "linger",
    src: [
      `(?:thats|that is|which is|its|it is|is|was) high enough(?= *(?:[.!?;,\\n]|$))`,
      `(?:couldnt|could not|didnt|did not|wasnt able to) ` +
        anyOf([`get out of the car`, `bring myself`, `go through with it`, `make myself (?:do it|jump|step)`]),
    ],
  },
  {
    kind: "farewell",
    src: [
      `(?:cat|dog|pets?|kids|rabbit|fish|children) ` +
        anyOf([`will be`, `would be`, `is going to be`, `gets`, `are going to be`]) +
        ` (?:looked after|taken care of|cared for|rehomed)(?! ` +
        anyOf([`while`, `when we`, `for the`, `this weekend`, `next week`, `during`, `over`]) +
        `)`,
    ],
  },
  // Frames from the twentieth batch: cheated to be still here, a body that keeps me alive, giving anything not to
  // wake, my last birthday, not to catch one, a blade kept in my wallet, halfway over the railing, everything
  // signed over, instructions for my funeral, keep it safe forever, dead weight, a life I can't live.
  {
    kind: "passive_ideation",
    src: [
      anyOf([`resent`, `resenting`, `hate`, `hating`, `angry at`, `furious with`, `cursing`, `curse`]) +
        ` ~3(?:for )?keeping me (?:alive|here|going|breathing)`,
      `(?:give|do) anything to (?:just )?` +
        anyOf([
          `not wake up`,
          `never wake up`,
          `not exist`,
          `not be here`,
          `disappear forever`,
          `be dead`,
          `die`,
          `stop existing`,
        ]) +
        `(?! (?:early|at|before|so early|for|on))`,
      anyOf([`fall asleep`, `go to sleep`, `sleep`, `close my eyes`, `lie down`]) +
        ` (?:and|&) (?:that (?:be|is|would be|was) it|thats it|be done)(?= *(?:[.!?;,\\n]|$))`,
      `(?:hope|hoping|wish|wishing|pray|praying) ~2(?:something|anything) (?:bad )?` +
        anyOf([`happens`, `would happen`, `will happen`, `happened`]) +
        ` ~2` +
        anyOf([
          `so (?:its|it is|it will be|it would be|this is|everything is) (?:all )?over`,
          `and (?:its|it is) over`,
          `so i (?:dont|wont) have to`,
        ]),
      anyOf([`wish`, `hope`, `hoping`, `pray`, `praying`, `wishing`]) +
        ` (?:this|it|that|today|tonight) (?:was|were|is|would be|will be) my (?:last|final)(?: ` +
        anyOf([`birthday`, `christmas`, `day`, `night`, `year`, `one`]) +
        `)?(?= *(?:[.!?;,\\n]|$))`,
      `(?:dont think|not sure) (?:i|id) (?:really |even )?(?:want|wanna) to be (?:here|around|alive) ` +
        anyOf([`much longer`, `any ?more`, `any longer`, `for long`]),
    ],
  },
  {
    kind: "plan_means",
    src: [
      `(?:not|never) (?:to|going to|planning to) (?:catch|get on|board|ride) ` +
        anyOf([`one`, `it`, `the train`, `a train`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `(?:got|climbed|was|swung|put) (?:halfway |half way |partway |one leg )?over (?:the )?` +
        anyOf([`railing`, `railings`, `barrier`, `fence`, `edge`, `balustrade`, `parapet`]) +
        ` ~4(?:climbed back|came back|got down|stopped|pulled|before)`,
    ],
  },
  {
    kind: "plan_means",
    src: [
      `(?:counted|counting|count) (?:out|up) ~4${PILLS}`,
      `(?:keep|keeping|carry|carrying|kept) (?:a |the |my )?` +
        anyOf([`blade`, `razor`, `knife`, `pills`, `tablets`, `rope`]) +
        ` (?:in|on|with) (?:my|me) ~2` +
        anyOf([`wallet`, `purse`, `pocket`, `bag`, `bra`, `sock`, `at all times`, `all the time`, `now`]),
    ],
    weak: true,
  },
  {
    kind: "preparatory_acts",
    src: [
      `(?:signed|transferred|signing|transferring|handed) ` +
        anyOf([`everything`, `it all`, `all of it`, `all my (?:things|stuff|money|savings)`]) +
        ` over to`,
      `(?:instructions|wishes|plans|notes?) (?:for|about) (?:the|my) (?:own )?funeral(?! ` +
        anyOf([`director`, `service`, `of`, `for (?:dad|mum|grandma|grandad|nan|gran)`]) +
        `)`,
    ],
    weak: true,
  },
  {
    kind: "burdensomeness",
    src: [
      `better off ~6(?:and|,) without me`,
      `deserves? (?:a|an) ` +
        anyOf([
          `mum`,
          `mom`,
          `dad`,
          `mother`,
          `father`,
          `parent`,
          `partner`,
          `wife`,
          `husband`,
          `son`,
          `daughter`,
          `friend`,
          `sister`,
          `brother`,
        ]) +
        ` (?:who isnt|that isnt|who is not|better than) (?:this|me|like me|broken)`,
      `(?:im|i am|feel like|such|just) (?:a |just )?dead weight`,
    ],
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      `(?:going to|gonna|will|ill) (?:always )?feel (?:like this|this way) ` +
        anyOf([`forever`, `for ever`, `for the rest of my life`]),
      `(?:a life|life) i (?:cant|cannot|couldnt) (?:live|bear|stand|face)`,
      `no light at the end of (?:anything|the tunnel|this|it)`,
      `(?:dont|cant) see why (?:i|id|i would|i should) (?:bother|do anything|get up|keep going|carry on|try)`,
    ],
  },
  {
    kind: "unbearable_pain",
    src: [
      anyOf([
        `inside`,
        `in my head`,
        `in my chest`,
        `the pain`,
        `the screaming`,
        `the thoughts`,
        `the voices`,
        `my head`,
        `my brain`,
        `my mind`,
        `the hurt`,
      ]) + ` ~8(?:cant|couldnt|cannot) (?:make|get) (?:it|them|this) (?:to )?stop(?= *(?:[.!?;,\\n]|$))`,
      `(?:do|give) anything (?:to )?(?:not|never|stop) (?:to )?feel(?:ing)? (?:this|like this|anything|this way)`,
    ],
  },
  {
    kind: "farewell",
    src: [`(?:keep|look after) (?:it|them) (?:safe )?(?:for me,? )?(?:forever|for ever|always)(?= *(?:[.!?;,\\n]|$))`],
  },
  // Frames from the twenty-first batch: waiting until I don't have to be here, relief at a terminal diagnosis,
  // the ceiling coming down on me, skipping the rest of my life, staying alive as a job, sticking around,
  // planning how to end it, calm about it now, doing what I've been thinking about, looking over the edge.
  {
    kind: "passive_ideation",
    src: [
      `until (?:i|im) (?:dont|no longer|wont) (?:have to |need to )?be (?:here|alive|around)`,
      `(?:terminal|incurable|fatal) (?:diagnosis|illness|cancer|disease) ~6` +
        anyOf([`relieved`, `relief`, `glad`, `happy`, `welcome`, `wouldnt mind`, `be fine`, `be okay`]),
      `(?:wish|wishing|wished|hope|hoping|pray|praying) ~2(?:the )?` +
        anyOf([`ceiling`, `roof`, `sky`, `building`, `world`, `house`, `earth`, `ground`]) +
        ` (?:would|could|will)? ?(?:just )?` +
        anyOf([`come down`, `fall`, `collapse`, `cave in`, `swallow me`, `open up`, `crush me`]),
      `skip (?:the rest of )?(?:my life|living|existing|it all|all of it)(?= *(?:[.!?;,\\n]|$))`,
      `(?:staying alive|being alive|living|existing|life) (?:feels|is|seems) like (?:a|an) ` +
        anyOf([`job`, `chore`, `sentence`, `burden`, `punishment`, `obligation`, `duty`]),
      `(?:` +
        anyOf([`dont`, `cant`, `do not`, `cannot`]) +
        ` (?:really |even )?see (?:the|any) )?(?:point|reason) (?:in|of|for) (?:me )?` +
        anyOf([`sticking around`, `staying around`, `hanging around`, `hanging on`, `being around`]) +
        `(?! ` +
        anyOf([`at`, `for`, `in`, `here`, `with`, `till`, `until`]) +
        `)`,
    ],
  },
  {
    kind: "explicit_ideation",
    src: [
      anyOf([`planning`, `plan`, `planned`, `working out`, `figuring out`]) +
        ` how to (?:end it|end things|kill myself|end my life)(?! (?:with|between|off))`,
    ],
  },
  {
    kind: "intent_timing",
    src: [
      `(?:its|it is) happening (?:on )?` +
        anyOf([`monday`, `tuesday`, `wednesday`, `thursday`, `friday`, `saturday`, `sunday`, `tonight`, `tomorrow`]) +
        `(?= *(?:[.;\\n]|$))`,
    ],
  },
  {
    kind: "plan_means",
    src: [
      anyOf([`looked`, `looking`, `stared`, `staring`, `peered`, `leaned`, `leaning`]) +
        ` (?:over|down) (?:the )?(?:edge|side|railing|railings|balcony|parapet) ~3` +
        anyOf([`for (?:a long time|ages|an hour|a while|too long)`, `thinking`, `wanting`]),
    ],
    weak: true,
  },
  {
    kind: "burdensomeness",
    src: [`(?:exhausting|impossible|too hard|so hard|a chore) to (?:love|care about|live with)(?! when)`],
  },
  {
    kind: "hopelessness_entrapment",
    src: [`nothing (?:left )?to (?:stay sober|stay clean|get up|keep going|stay alive|hope|try|wake up) for`],
  },
  {
    kind: "intent",
    src: [
      `(?:im|i am|i feel|feeling|feel) ` +
        anyOf([`so `, `really `, `weirdly `, `strangely `]) +
        `?(?:calm|at peace|peaceful) about (?:it|this|my decision|everything) now`,
      `(?:finally )?do what (?:ive|i have|i) (?:been )?(?:thinking about|planning|wanting to do)(?= *` +
        anyOf([`[.!?;\\n]`, `$`, ` for (?:months|weeks|years|ages)`]) +
        `)`,
    ],
  },
  {
    kind: "farewell",
    src: [`(?:sorry|thank you|thanks) for everything(?= *(?:[.!?;\\n]|$))`],
  },
  // Frames from the twenty-second to twenty-fourth batches (indirect passive ideation, quiet preparatory acts,
  // implied burdensomeness, entrapment): not minding if it stopped, hoping the plane goes down, something coming
  // to take me, being fine with not making it, not being there to tell her, the future without me in it.
  {
    kind: "passive_ideation",
    src: [
      `if i (?:just )?(?:didnt|dont|never|wouldnt) ` +
        anyOf([`wake up`, `woke up`, `make it`, `survive`, `come back`]) +
        `(?: ` +
        anyOf([`tomorrow`, `tonight`, `in the morning`, `one day`]) +
        `)?,? (?:i )?` +
        anyOf([`honestly `, `really `, `genuinely `, `actually `]) +
        `?(?:wouldnt|would not|dont think id|wont) (?:mind|care|be sad|be upset|fight it)`,
      `(?:wouldnt|would not|wont|dont think id) (?:be )?(?:sad|upset|sorry|mind) if ` +
        anyOf([`it all`, `everything`, `it`, `my life`, `life`, `all of it`]) +
        ` (?:just )?(?:stopped|ended)(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` for good`, ` forever`, ` tomorrow`, ` tonight`]) +
        `)`,
      `(?:wouldnt|would not|isnt|would) (?:be )?(?:the worst thing|so bad|a bad thing) if (?:that|the|a|some) ~3` +
        anyOf([`didnt stop`, `hit me`, `ran me over`, `took me`, `killed me`]),
      `(?:wouldnt|would not|isnt|would) (?:be )?(?:the worst thing|so bad|a bad thing) if i (?:just )?` +
        anyOf([`died`, `didnt wake up`, `never woke up`, `wasnt here`, `was gone`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `(?:hope|hoping|wish|wishing|pray|praying) (?:that )?(?:the|my|this) (?:plane|flight) ` +
        anyOf([
          `(?:goes|would go|will go|went) down(?! (?:well|smoothly|on time|safely|in|at|to))`,
          `crashes`,
          `would crash`,
        ]),
      anyOf([`this`, `that`, `it`, `cancer`, `the diagnosis`]) +
        ` (?:is|could be|might be|would be) my (?:way out|exit|escape|ticket out)(?= *(?:[.!?;,\\n]|$))`,
      `(?:waiting|wait|hoping|wishing|praying) for ` +
        anyOf([`something`, `someone`, `anything`, `death`, `god`, `it`]) +
        ` to (?:just )?(?:come and )?take me(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` so`, ` away for good`, ` already`, ` instead`]) +
        `)`,
      anyOf([`imagining`, `imagine`, `picture`, `picturing`, `thinking about`, `think about`]) +
        ` my (?:own )?funeral ~8(?:calm|peace|peaceful|relief|relieved|rest|comfort|comforting)`,
      `death (?:doesnt|does not|no longer|dont) (?:scare|frighten) me(?: (?:anymore|now))?(?= *(?:[.!?;,\\n]|$))`,
      `if i (?:got|get|was|were) (?:hit|run over|killed) ~9(?:relieved|relief|glad|at peace|wouldnt mind|wouldnt care)`,
      `(?:dont|cant|do not|cannot) (?:see|picture|imagine) (?:myself|me) (?:being |still )?alive(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` in `, ` by `, ` next `, ` for `, ` much `, ` at `, ` when `]) +
        `)`,
      `(?:sleep|go to sleep|drift off|close my eyes|fall asleep) ~6(?:and|then) (?:just )?(?:not|never) ` +
        anyOf([`come back`, `wake up`, `have to (?:open them|wake up)`, `open them`]) +
        `(?= *(?:[.!?;,\\n]|$| again| ever| for good| forever))`,
      `dont want to be here,? ~5anymore`,
      `why (?:am i|keep) (?:dragging|dragging it|dragging this|dragging things) out`,
      `(?:give|do) anything to (?:just )?` +
        anyOf([`not wake up`, `never wake up`, `not be here`, `not exist`, `stop existing`, `disappear for good`]) +
        `(?= *(?:[.!?;,\\n]|$| again| ever| tomorrow| in the morning))`,
      `how (?:peaceful|quiet|nice|easy|easier|calm|restful|good|simple) it (?:would|will) be ` +
        anyOf([
          `to (?:just )?(?:be gone|not be here|not exist|not wake up|stop existing|disappear)`,
          `if i (?:just )?(?:wasnt|werent|was not|were not) (?:here|around|alive)`,
          `if i (?:was|were) gone`,
        ]) +
        `(?= *(?:[.!?;,\\n]|$| anymore| at all| for good| forever))`,
      `(?:think|thinking|thought) about (?:just )?` +
        anyOf([
          `letting go of the (?:steering )?wheel`,
          `(?:swerving|veering|driving) into (?:a|the) (?:tree|wall|lorry|truck|oncoming|river|sea|barrier)`,
        ]),
      `if (?:something|anything) (?:happened|happens|were to happen) to me ~4` +
        anyOf([`dont think id`, `i wouldnt`, `i would not`, `i wont`, `id not`]) +
        ` (?:fight|resist|mind|care)`,
      `(?:dont think|doubt) (?:ill|i will) (?:make it|live|be (?:here|alive|around)) ~8` +
        anyOf([`fine`, `okay`, `ok`, `at peace`, `content`, `relieved`]) +
        ` with (?:that|it)`,
      `tired of waking up(?= *(?:[.!?;\\n]|$))`,
      `(?:future|next year|plans) like (?:ill|i will|im going to) be (?:in it|there|around|here)`,
      `(?:theres|there is) no me (?:there|in it|in the future)`,
      `waiting to (?:not be|stop being) (?:here|alive|around)`,
      `(?:stopped|stop|no longer) caring (?:whether|if) i (?:live|die|wake up|make it|survive)`,
      `(?:whether|if) i live or not`,
      `wish(?:es|ed|ing)? (?:i|he|she|they) (?:didnt|wouldnt|would not|did not|could not|couldnt) (?:just )?wake up`,
      `(?:easier|better|simpler) (?:if|when) i (?:just )?` +
        anyOf([`faded`, `fade`, `disappeared`, `vanished`, `was gone`, `wasnt here`]) +
        `(?= *(?:[.!?;,\\n]|$| out| for good| forever))`,
      `(?:be )?(?:okay|ok|fine|at peace) with ` +
        anyOf([`not being (?:alive|here|around)`, `not waking up`, `being dead`, `not existing`]),
      `(?:dont think|doubt) (?:ill|i will) ` +
        anyOf([`be (?:around|alive)`, `still be (?:here|around)`]) +
        ` to (?:tell|see|watch|meet|explain)`,
      ...MILESTONE_UNREACHED_PHRASES,
    ],
  },
  {
    kind: "burdensomeness",
    src: [
      anyOf([`theyd`, `they would`, `kids would`, `children would`, `hed`, `shed`, `he would`, `she would`]) +
        ` be better off with (?:just )?(?:their|his|her) (?:dad|mum|mom|father|mother|other parent)`,
      anyOf([`more money`, `less stress`, `easier lives?`, `more time`, `more peace`, `happier lives?`]) +
        ` ~4without me(?= *(?:[.!?;,\\n]|$| around| in (?:the|their) (?:picture|lives|way)))`,
      `(?:lives?|life|time) would (?:get|be) (?:so much |much |a lot |far )?(?:easier|better|simpler|lighter) ` +
        anyOf([
          `if i (?:wasnt|werent|was gone|were gone|didnt exist|disappeared|died|was out of (?:it|the picture))`,
          `without me(?= *(?:[.!?;,\\n]|$))`,
        ]),
      `(?:easier|better|simpler|happier|lighter) (?:life|lives|time) ` +
        anyOf([
          `if i (?:wasnt|werent|was gone|were gone|didnt exist|was out of (?:it|the picture))`,
          `without me(?= *(?:[.!?;,\\n]|$))`,
        ]),
      `(?:sad|upset|cry) for a (?:bit|while|little|day|week|few days) ~4(?:then|but then|and then) ~4` +
        anyOf([`easier`, `better`, `move on`, `get over it`, `forget`]),
      `(?:wouldnt|would not) lose anything if i (?:disappeared|died|was gone|wasnt here|left)`,
      `(?:nobody|no one) would (?:even )?notice (?:for (?:a|days|weeks|ages))`,
      anyOf([`im`, `i am`, `i feel like im`, `i keep`, `i just`]) +
        ` (?:just )?taking up (?:space|room|air|oxygen) (?:that )?(?:someone|somebody) ~2(?:better|else|deserving)`,
      `if i (?:stopped|stop) (?:showing up|being around|existing|being here)(?:[.,]? permanently| for good| forever)`,
      `at least (?:that way|then|like that) (?:id|i would|ill|i will|i could) (?:finally )?be ` +
        anyOf([`useful`, `worth something`, `of some use`, `helpful`]),
      `(?:cheaper|easier|simpler|better) for (?:everyone|everybody|them|all of them|my family) if i (?:just )?` +
        anyOf([`wasnt`, `werent`, `was gone`, `didnt exist`, `wasnt here`, `wasnt around`, `died`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `carry (?:someone|somebody|me) (?:this|so) heavy`,
      `take me out of (?:it|the picture|the equation)(?: and|,)`,
      `(?:should|could|might as well|want to|wanna) (?:just )?stop existing`,
      `(?:nobody|no one|they|she|he|mum|mom|dad) would (?:have to|need to|ever have to) ` +
        anyOf([`worry about me`, `deal with me`, `look after me`]) +
        ` ~2(?:ever again|again|anymore)`,
      `if i (?:wasnt|werent|was not|were not) (?:here|around|alive) ~6` +
        anyOf([`stop worrying`, `relief`, `be free`, `be happier`, `be fine`, `move on`]),
    ],
  },
  {
    // "My son deserves a dad who isn't like this": someone else is the subject, the writer is the one meant.
    kind: "burdensomeness",
    src: [
      `(?:deserves?|deserve) (?:a|better than a) ` +
        anyOf([`mum`, `mom`, `dad`, `mother`, `father`, `partner`, `wife`, `husband`, `friend`]) +
        ` (?:who isnt|than) (?:like this|me)`,
      `(?:better off|easier|happier|better) if (?:i|id|i had) (?:had )?never (?:been born|existed)`,
    ],
    first: true,
  },
  {
    kind: "hopelessness_entrapment",
    src: [
      `(?:doesnt|does not|dont|wouldnt) end with me (?:gone|dead|not here|not being here)`,
      `(?:ive|i have|i) (?:run|ran) out of (?:doors|reasons to (?:stay|live|keep going|be here))`,
      `(?:im|i am) done (?:trying|fighting)(?= *(?:[.!?;,\\n]|$))`,
      `(?:no|only one) (?:exit|way out|escape) ~3(?:except|but) the one`,
      `only (?:exit|way out|escape|option|solution|answer) ~6permanent(?: one)?(?= *(?:[.!?;,\\n]|$))`,
      `(?:whats|what is) the point (?:of|in) ` +
        anyOf([`getting through`, `surviving`, `carrying on`, `going on`, `waking up`, `getting up`]) +
        `(?: (?:today|another day|the day|each day|every day))?(?= *(?:[.!?;,\\n]|$| when| if| anymore))`,
      `(?:dont|do not) have it in me to (?:keep going|go on|carry on|keep living|keep fighting)(?= *` +
        anyOf([`[.!?;,\\n]`, `$`, ` much longer`, ` anymore`, ` like this`, ` any longer`]) +
        `)`,
      `(?:cant|cannot) ` +
        anyOf([`take`, `do`, `face`, `survive`, `handle`, `bear`]) +
        ` (?:one|another|a single) more (?:day|night|week|year) ` +
        anyOf([`of (?:feeling|living|being)`, `like this(?= *(?:[.!?;,\\n]|$))`]),
      `(?:ive got|i have|ive|i got) nothing left(?= *(?:[.!?;\\n]|$| in me))`,
      `tired of (?:climbing|holding on|surviving|existing)(?= *(?:[.!?;,\\n]|$))`,
      `(?:stopped|no longer) (?:believing|believe) ` +
        anyOf([`it`, `things`, `anything`, `life`]) +
        ` (?:will|would|is going to) (?:ever )?get better`,
      `too tired to keep (?:waiting|fighting|trying|hoping)(?= *(?:[.!?;,\\n]|$))`,
      `no (?:getting|way) out ~2(?:not )?for me`,
      `reasons to ` +
        anyOf([`stay`, `live`, `keep going`, `stay alive`]) +
        ` ~6(?:couldnt|cant|could not|cannot) (?:think of|find|come up with) (?:one|any|a single)`,
      `(?:im|i am) out of reasons(?= *(?:[.!?;,\\n]|$| to))`,
      `(?:only|one) way out ~6(?:keep|kept) (?:looking at|thinking about|coming back to) it`,
      `(?:theres|there is|ive got|i have|i got) nowhere (?:left )?to (?:go|turn)(?= *(?:[.!?;\\n]|$))`,
      `(?:cant|cannot|couldnt) (?:live|go on|keep going|survive) ~3(?:years|decades|more years|another year) like this`,
      ...BARELY_HOLDING_ON_PHRASES,
    ],
  },
  {
    kind: "preparatory_acts",
    src: [
      anyOf([
        `youd`,
        `hed`,
        `shed`,
        `theyd`,
        `you would`,
        `he would`,
        `she would`,
        `they would`,
        `youll`,
        `hell`,
        `shell`,
        `theyll`,
      ]) + ` know when to use (?:it|them)`,
      `delet(?:ed|ing|e) ` +
        anyOf([`everything`, `anything`, `all the (?:stuff|things|messages|photos)`]) +
        ` (?:i )?(?:wouldnt|would not|dont|didnt) want (?:them|anyone|her|him|my [a-z]{2,12}) to (?:see|find|read)`,
      `i want (?:played|read|sung) at (?:the|my) (?:service|funeral|memorial)`,
      `(?:dont know|not sure) how many more times ` +
        anyOf([`ill get to`, `i get to`, `ill`, `i will`, `i can`, `i might`]) +
        `(?= *(?:[.!?;,\\n]|$))`,
      `(?:set|setting|set up) (?:my|up my) (?:own )?accounts? ~2(?:to be )?memoriali[sz]ed`,
      `(?:dont want|do not want) (?:anyone|anybody|them|people) ` +
        anyOf([`reading`, `to read`, `seeing`, `to see`, `finding`, `to find`]) +
        ` (?:this|these|them|it) after(?= *(?:[.!?;,\\n]|$))`,
      `(?:wrote|writing|write|written) (?:down )?who (?:gets|should get|will get|can have) what`,
    ],
    weak: true,
  },
  {
    kind: "self_harm",
    src: [
      anyOf([`long sleeves`, `hoodie`, `jumper`, `sweater`, `plasters`, `bandages`, `bracelets`]) +
        ` ~6so (?:nobody|no one|they|people|mum|mom|dad) ` +
        anyOf([`would`, `could`, `wouldnt`, `couldnt`, `can`, `cant`, `will`, `wont`]) +
        ` (?:see|notice|ask about) (?:my )?(?:arms|wrists|legs|thighs|cuts|scars)(?![a-z ,]{0,40}` +
        anyOf([
          `eczema`,
          `psoriasis`,
          `tattoos?`,
          `rash`,
          `sunburn`,
          `bruises?`,
          `hairy`,
          `fat`,
          `flabby`,
          `bingo wings`,
          `stretch marks`,
        ]) +
        `)`,
      `(?:hid|hide|hiding) (?:the )?(?:bloody|used|blood stained|bloodstained) ` +
        anyOf([`plasters`, `bandages`, `band aids`, `tissues`, `towels`]),
      `(?:hid|hide|hiding) the (?:plasters|bandages|band aids) (?:in the bin|at the bottom|under|so)`,
      ...SELF_HARM_URGE_PHRASES,
    ],
  },
  {
    kind: "plan_means",
    src: [
      `(?:different|another|second|other) ` +
        anyOf([`chemist`, `pharmacy`, `shop`, `store`, `supermarket`]) +
        ` so (?:they|nobody|no one|the pharmacist) ` +
        anyOf([`wouldnt`, `would not`, `doesnt`, `didnt`, `wont`, `dont`]) +
        ` (?:ask|notice|question|get suspicious)`,
      `(?:worked|figured) out (?:the )?how,? ~3(?:not|havent|yet to) ~2(?:worked|figured) out (?:the )?when`,
      ...POISON_MEANS_PHRASES,
      ...HOARDED_MEDS_PHRASES,
    ],
  },
  {
    kind: "intent_timing",
    src: [
      `(?:wait|waiting) (?:until|till) after ` +
        anyOf([`the `, `her `, `his `, `their `, `my [a-z]{2,12} `]) +
        `?` +
        anyOf([`wedding`, `birthday`, `christmas`, `holidays`, `exams`, `baby`, `party`]) +
        ` so (?:i )?(?:dont|wont|do not|will not) (?:ruin|spoil|wreck) ` +
        anyOf([`it `, `things `, `everything `, `the day `]) +
        `?for (?:her|him|them|everyone)`,
      `(?:im|i am) not better,? (?:i|ive|im) (?:just )?(?:made|decided|made up)`,
      anyOf([`this is`, `this will be`, `this might be`, `this could be`]) +
        ` (?:probably |likely |maybe )?my (?:last|final) (?:entry|post|page|message)(?= *(?:[.!?;\\n]|$))`,
      ...NIGHT_OF_INTENT_PHRASES,
    ],
  },
  {
    kind: "intent",
    src: [
      `(?:ive|i have) thought it (?:all )?through(?= *(?:[.!?;\\n]|$))`,
      `the how and (?:the )?when(?= *(?:[.!?;\\n]|$))`,
    ],
  },
  {
    kind: "act",
    src: [`(?:tidied|tidy|tidying|tie|tying|tied) up (?:the |my |all the )?loose ends`],
    weak: true,
  },
  {
    kind: "farewell",
    src: [
      `then i can (?:go|rest)(?= *(?:[.!?;\\n]|$))`,
      `left ` +
        anyOf([`it`, `them`, `everything`]) +
        ` where (?:my |her |his )?[a-z]{2,12} (?:will|would) find (?:it|them)(?= *(?:[.!?;\\n]|$))`,
      `(?:wouldnt|wont|will not|would not) be ` +
        anyOf([`playing`, `using`, `wearing`, `reading`, `riding`, `driving`]) +
        ` (?:it|them) (?:anymore|any more|again)`,
    ],
  },
  {
    kind: "preparatory_acts",
    src: [
      anyOf([`giving`, `gave`, `given`, `handing`, `handed`]) +
        ` away (?:all )?(?:his|her|their) ~4(?:saying|and said|says|because) (?:he|she|they) ` +
        anyOf([`wont`, `wouldnt`, `will not`, `would not`]) +
        ` (?:need|be needing)`,
    ],
    weak: true,
  },
  {
    kind: "plan_means",
    src: FIREARM_MEANS_PHRASES,
    weak: true,
  },
  {
    kind: "explicit_ideation",
    src: [...NEAR_MISS_PHRASES, ...NEGATED_CAPABILITY_PHRASES, ...CONSIDERING_PHRASES],
  },
];
