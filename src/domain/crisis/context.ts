/**
 * Context that changes what a matched phrase means, judged on the clause (or sentence) around it, never on the
 * whole text: a novel, a friend or an old memory elsewhere in an entry never hides a present first-person line.
 */

/** Negators in the few words before a phrase ("I would never", "I'm not", "no thoughts of"). */
const NEGATOR_RE =
  /\b(?:never|not|dont|doesnt|didnt|wont|wouldnt|isnt|arent|wasnt|werent|havent|hasnt|no longer|no (?:thoughts?|plans?|intention|urge|desire|wish) (?:of|to)|nie|niemals|nicht|kein|nunca|jamas|jamais|pas|nao|non|mai)\b/;
/** Words that turn a negator into something else ("can't stop", "not sure", "don't know why, but"). */
const NEGATION_BREAKER_RE = /\b(?:stop|help|keep|but|unless|except|sure|know|think|lie|going to lie|care|mind|anymore|tell|told|admit|admitted|mention|mentioned)\b/;

const NEGATOR_ES_RE = /\bno\b/;

export function isNegated(clauseBefore: string, lang = "en"): boolean {
  const words = clauseBefore.trim().split(" ");
  const near = words.slice(-5).join(" ");
  if (!near || !(NEGATOR_RE.test(near) || (lang === "es" && NEGATOR_ES_RE.test(near)))) return false;
  return !NEGATION_BREAKER_RE.test(near);
}

const FIRST_RE = /\b(?:i|im|ive|id|ill|me|my|myself|mine)\b/;
const THIRD_RE =
  /\b(?:he|she|they|hes|shes|theyre|theyve|theyd|hed|shed|him|her|them|his|hers|their|himself|herself|themselves|themself|who|whos|someone|somebody|people|friend|friends|mate|bestie|bff|sister|brother|sis|bro|mum|mom|mother|dad|father|son|daughter|kid|child|partner|husband|wife|boyfriend|girlfriend|bf|gf|colleague|coworker|roommate|flatmate|cousin|aunt|uncle|grandma|grandpa|nan|gran|grandad|student|patient|client|character|hero|heroine|girl|boy|man|woman|guy|author|singer|narrator|protagonist|teen|teenager|teenagers|customers?|grandfather|grandmother|granddad|grandparents?|parents|family|relative|neighbou?r|boss|teacher|classmates?|coach|ex|stepmom|stepmum|stepdad|niece|nephew|fiancee?|uncle|auntie|people|everyone)\b/g;
const THIRD_ONLY_RE = /\b(?:himself|herself|themselves|themself|his|her|their|he|she|hes|shes)\b/;
const OBJECT_ONLY = new Set(["her", "him", "them", "me", "you"]);

const LEAD_SKIP = new Set(["and", "then", "so", "but", "my", "also", "just", "today", "yesterday", "tonight", ""]);

/** The subject that opens a clause ("she gave away...", "I wrote..."), for acts whose objects are often other people. */
export function clauseSubject(clause: string): Person {
  for (const w of clause.trim().split(" ").slice(0, 4)) {
    if (LEAD_SKIP.has(w)) continue;
    if (FIRST_RE.test(w)) return "first";
    THIRD_RE.lastIndex = 0;
    if (THIRD_RE.test(w)) return "third";
    return "implicit";
  }
  return "implicit";
}

const SPEECH_RE = /\b(?:posted|texted|messaged|sent|wrote|tweeted|sounded like|looked like|seemed like|said|says|told me|keeps saying)\b/g;

/** Someone else's words: "Jake posted something that sounded like a goodbye note". */
export function reportedByOther(clauseBefore: string): boolean {
  SPEECH_RE.lastIndex = 0;
  let last: RegExpExecArray | null = null;
  for (let m = SPEECH_RE.exec(clauseBefore); m; m = SPEECH_RE.exec(clauseBefore)) last = m;
  if (!last) return false;
  const prev = clauseBefore.slice(0, last.index).trim().split(" ");
  const word = prev[prev.length - 1] ?? "";
  return word !== "" && !FIRST_RE.test(word) && word !== "that" ? true : word === "that" && !FIRST_RE.test(prev.slice(-3).join(" "));
}

/** "...that's me", "same here", "so do I": the writer takes a reported line as their own. */
export const AFFIRM_RE = /\b(?:thats me|that is me|thats how i feel|same here|me too|so do i|i do too|i feel (?:that|the same)|describes me|sounds like me)\b/;

/** "my daughters arm", "my friends wrist": the body is someone else's. */
const THIRD_POSSESSIVE_RE =
  /\bmy (?:friend|sister|brother|mum|mom|mother|dad|father|son|daughter|kid|child|partner|husband|wife|boyfriend|girlfriend|colleague|coworker|roommate|flatmate|cousin|niece|nephew|student|patient|client)s\b/;

export type Person = "first" | "third" | "implicit";

/**
 * Whose risk a phrase speaks of: a first-person word in the phrase itself decides; else a third-person word in
 * it; else the nearest person word in the few words before it, within the clause.
 */
export function personOf(match: string, clauseBefore: string, matchNamesSubject = true): Person {
  if (matchNamesSubject && THIRD_POSSESSIVE_RE.test(match)) return "third";
  if (matchNamesSubject && FIRST_RE.test(match)) return "first";
  if (matchNamesSubject && THIRD_ONLY_RE.test(match)) return "third";
  const words = clauseBefore.trim().split(" ").slice(-8);
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i];
    if (w === "we" || w === "us" || w === "our" || w === "my" || OBJECT_ONLY.has(w)) continue;
    if (FIRST_RE.test(w)) return "first";
    THIRD_RE.lastIndex = 0;
    if (THIRD_RE.test(w)) return "third";
  }
  return "implicit";
}

/** News, books, films, prevention work, study: the phrase is about the subject, not the writer. */
export const REPORTING_RE =
  /\b(?:news|headline|article|report|reported|story|stories|novels?|book|books|movies|shows|characters|hero|heroine|heroes|heros|memoir|biography|author|chapter|film|films|movie|cinema|the show|a show|tv show|series|episode|documentary|podcast|tiktok|video|youtube|song|lyrics|album|poem|poems|poetry|the play|a play|theatre|opera|the game|a game|video game|character|characters|narrator|protagonist|villain|hamlet|romeo|juliet|essay|thesis|dissertation|lecture|class|course|seminar|training|workshop|webinar|a talk|the talk|newsletter|campaign|charity|fundraiser|charity walk|sponsored walk|vigil|volunteer|volunteered|volunteering|prevention|awareness|research|study|statistics|rates|survey|hotline|helpline|crisis line|first aid|nurse|pharmacy|pharmacist|doctor said|module|textbook|exam question|warning signs|theory|ideation|c ssrs|phq|how we talk about|talking about|conversations? about|interviewed|diary from|old diary|documental|pelicula|libro|articulo|noticias?|prevencion|livre|prevention|dokumentation|dokumentarfilm|buch|artikel|pravention|filme|livro|artigo|prevencao|documentario|articolo|prevenzione|romanzo|roman|novela|cancion|chanson|lied|canzone|serie|schule|escuela|ecole|scuola|escola|police|watched|watching|scene|read about|guidance|guide|guidelines|leaflet|samaritans|booklet|website|read the|i read|reading|finished reading|listened to|heard about|learned about|learnt about|drama|detective|celebrity|actor|actress|musician|rapper|influencer)\b/;

/** Stories and media: a person in them is a character, not someone to worry about. */
export const MEDIA_RE =
  /\b(?:news|headline|article|story|stories|novels?|book|books|movies|shows|characters|hero|heroine|heroes|heros|memoir|biography|author|chapter|film|films|movie|cinema|the show|a show|tv show|series|episode|documentary|podcast|tiktok|video|youtube|song|lyrics|album|poem|poems|poetry|the play|a play|theatre|opera|the game|a game|video game|character|characters|narrator|protagonist|villain|hamlet|romeo|juliet|scene|celebrity|actor|actress|musician|rapper|influencer|drama|detective)\b/;

/** A topic position before a bare mention: "so much about death and suicide". */
export const TOPIC_BEFORE_RE = /\b(?:about|on|of|regarding|around|covering|covers|discussing|and)\s(?:[a-z]+ ){0,2}$/;

/** A noun mention followed by a topic word ("suicide prevention", "overdose risks"). */
export const TOPIC_AFTER_RE =
  /^ (?:prevention|awareness|rates?|statistics|risks?|crisis|hotline|helpline|line|training|research|survivors?|epidemic|deaths|month|day|week|walk|charity|course|talk|barriers|note in the (?:book|film))\b/;

/** Distant past and recovery: "five years ago", "used to", "back then", "I'm grateful I stayed", "clean for". */
export const HISTORY_RE =
  /\b(?:(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|a few|few|many|several|some) (?:years?|decades?)(?: ago| since| back| later| clean| free| without)|years ago|decades? ago|(?:winters?|summers?|springs?|autumns?|months) ago|a decade|long time ago|before (?:treatment|therapy|meds|medication|recovery|i got help|i got better)|there was a time|at my (?:worst|lowest)|(?:thoughts|urges|feelings) (?:are|have) (?:gone|stopped|faded|eased|passed)|(?:gone|stopped|faded|eased) now|back (?:then|in (?:the day|school|college|uni|university|high school|\d{4}))|used to|when i was (?:a |younger|little|in |at my lowest|depressed|unwell|ill|sick|struggling|\d+|sixteen|fifteen|seventeen|eighteen|nineteen|twenty|a teen)|i was a (?:teen|teenager|kid|child|student)|as a (?:teen|teenager|kid|child|student)|in my (?:teens|twenties|thirties|forties|20s|30s|40s)|my (?:teens|teenage years|twenties|childhood|youth|school years|university years|uni years)|in the past|in high school|at the time|the time i|anniversary|(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|few|many|several) (?:months?|years?|days?|weeks?) (?:clean|without|free|since)|clean (?:for|from|since)|free of it|(?:grateful|glad|thankful|proud) (?:i|that i|im|to be)|still here|recovery|recovered|survived|survivor|therapy changed|scars?|remember(?:ing)? (?:the|how|when)|last year|last (?:spring|summer|autumn|fall|winter)|(?:forget|remember) (?:the|that) (?:year|time|summer|winter|spring|autumn|month|night)|in (?:19|20)\d\d|at (?:age )?(?:1\d|[2-9]\d|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b|free (?:from|of)|at (?:uni|university|school|college)|therapy helped|(?:it |that )?helped me|got help|got better|doesnt define me|once i (?:wanted|was|felt|thought)|hace (?:\w+ )?anos|fruher|autrefois|un tempo|in passato|no passado|en el pasado|dans le passe|il y a \w+ ans|vor \w+ jahren|\w+ anni fa|ha \w+ anos|anos atras|agradecid[oa]|dankbar|reconnaissante?|grat[oa])\b/;

/** Words that bring a clause back to now, so history does not excuse it. */
export const PRESENT_RE = /\b(?:again|tonight|right now|these days|lately|still want|this week|today i (?:want|feel|cut)|relapsed?|relapsing|back (?:to|again))\b/;

/** Everyday accidents, for self-harm words ("cut myself chopping carrots", "burned my hand on the oven"). */
export const ACCIDENT_RE =
  /\b(?:accident|accidentally|by mistake|shaving|chopping|slicing|cooking|baking|gardening|oven|stove|hob|tray|brambles|thorns|roses|branches|the cat|the dog|kitten|pan|kettle|iron(?:ing)?|grill|paper cut|plaster|bandage|on the glass|sunburn)\b/;
export const ON_PURPOSE_RE = /\b(?:on purpose|deliberately|to feel|again)\b/;

/** Ordinary reasons for means and farewell words (a leaving do, a move, the dosette box, the wedding). */
export const EVERYDAY_REASON_RE =
  /\b(?:leaving do|leaving party|(?:old|my|the|new) team|colleagues|coworkers|co workers|retire|retirement|new job|last day at|moving|move to|moved|holiday|trip|airport|station|wedding|party|birthday card|card for|charity shop|library|donat\w*|accountant|solicitor|tax|baby|organi[sz]er|dosette|for (?:mum|mom|dad|grandma|grandad|nan|the week)|the vet|insurance|life insurance|guardian|godparents?|swing|climbing|camping|boat|tent|kittens|puppies|adopted|sofa|pen pals?|flu jab|exams?|term|semester|deadline|picnic|cake|stars|sky|the move|(?:at|to|from|with|rang|called|phoned) the bank|carving|cooking|chop|the boats|view|sunset|fishing|hike|hiking|swim|swimming|photos?|renovations?|builders|away for (?:the|a|two|three|four|\d)|while (?:were|im|we are|i am) away|on holiday|reorder|refill|repeat prescription|to order more|surgery|operation|sensible|grown up|adulting|sore arm|vitamins?|blood pressure|childproof\w*|babyproof\w*|woodworm|rot|damp|diy|joiner|carpenter|loft conversion|insulation|audit|inspection|interview|inventory|wifi|wi fi|router|netflix|alarm code|spare keys?|toddlers?|before the kids|the kids visit|visitors|antibiotics|headache|beautiful|gorgeous|stunning|so pretty|architecture|sketch\w*|my run|a run|jog|jogging|cycling|bike ride|parkrun|new (?:journal|notebook|diary|app))\b/;

/** Hyperbole around a death word ("die of embarrassment", "could just die, the cake fell"). */
export const FIGURATIVE_AFTER_RE = /^ (?:of|from|laughing|with laughter|for (?:a|some|one)|young|if (?:i|we|you) (?:dont|cant|have to|hear|see|get)|than (?:do|sing|go|eat|watch|wear|have|be seen|miss))\b/;
export const FIGURATIVE_BEFORE_RE = /\b(?:could (?:just )?|so hungry i could |laughed so hard i thought id )$/;

/** Hyperbole about small things: "if I have to sit through one more meeting I'll kill myself". */
export const FIGURATIVE_CONDITION_RE =
  /\b(?:if|when) (?:i )?(?:have to|hear|see|sit through|watch|listen to|do|get|eat|read) (?:[a-z0-9]{1,24} ){0,4}(?:one more|another|again|that song|this song)\b|\b(?:if|when) (?:that |this |the )?[a-z]{2,16} (?:hits|does|makes|says|plays|asks|jams|breaks|crashes) (?:[a-z0-9]{1,24} ){0,2}(?:one more|another)\b/;
/** Figurative "killing myself": "killing myself at the gym", "killed myself laughing", "nearly killed myself on the stairs". */
export const FIGURATIVE_SELF_AFTER_RE =
  /^ (?:at the gym|over (?:this|that|the|it)|trying to|to (?:finish|get|meet|keep|hit|pass)|studying|working|with work|laughing|on (?:the|a|my) (?:stairs|ice|bike|skateboard|ladder|trampoline)|tripping|falling|slipping|for (?:this|that|them|nothing|a (?:job|grade)))\b/;
/** Embarrassment hyperbole around "want to die" / "could die". */
export const EMBARRASSMENT_RE = /\b(?:embarrass\w*|cringe\w*|mortified|humiliat\w*|awkward)\b/;
/** Laughing it off ("ugh I want to die, same dress as the bride's mum"), unless they say they mean it. */
export const JOKING_RE = /\b(?:ugh|omg|lol|lmao|haha+|hehe|rofl|xd|jk)\b/;
export const SERIOUS_RE = /\b(?:not (?:even )?joking|im serious|for real|fr|seriously|honestly|i mean it)\b/;
/** Turning to help or a plan for the problem: "I can't take it anymore, I'm going to talk to HR". */
export const COPING_RE =
  /\b(?:going to (?:talk|speak|ask|quit|call|book|tell|see)|handing in|hand in my notice|talk to (?:hr|my manager|my boss)|going to the gp|booking|booked|calling the|asking for|ask for|applied for|apply for|looking for a new|transfer|(?:well|ill|we will|i will) (?:manage|be fine|be okay|be ok|get through))\b/;

/** Feeling a burden in one situation: "a burden on my friends when I'm ill". */
export const SCOPED_BURDEN_RE = /\bwhen (?:im|i am|i was|i get) (?:ill|sick|unwell|injured|in hospital)\b|\bhate asking for help\b|\b(?:asking|to ask|ask) (?:[a-z]{2,12} ){0,2}?(?:for|about) (?:help|time off|a favour|a favor|a lift|money|leave|a day off)\b/;

/** A purpose after "I want it all to be over": "...so I can enjoy the holidays". */
export const PURPOSE_AFTER_RE = /^,? (?:so (?:that )?(?:i|we) can|then (?:i|we) can|and (?:i|we) can (?:finally )?(?:enjoy|relax|rest|go))\b/;

/** Worry for someone named in the sentence: "I'm worried about her", "scared for my brother". */
export const WORRY_FOR_OTHER_RE =
  /\b(?:worried|worrying|scared|afraid|concerned|frightened|terrified) (?:about|for|that) (?:her|him|them|my (?:[a-z]{2,12}))\b|\b(?:im|i am|so|really) (?:worried|scared|concerned|frightened),? (?:so )?(?:im|i am|ill|i will|i)? ?(?:calling|ringing|texting|phoning|going to (?:call|ring|text|phone|talk to)|checking on) (?:her|him|them|his|their)\b/g;
export const RISK_STEM_RE = /\b(?:die|dying|dead|suicid\w*|kill\w*|hurt\w*|harm\w*|cut\w*|disappear\w*|overdos\w*|end it|burden|goodbye|self harm\w*|pills|not being (?:around|here)|giving (?:[a-z]+ ){0,2}away)\b/;

/** Bereavement: someone lost, not someone at risk now. */
export const GRIEF_RE = /\b(?:lost (?:[a-z]+ ){0,3}to|died|passed away|funeral|memorial|grave|in memory|anniversary of (?:his|her|their)|rip)\b/;
/** Body pain (teeth, back, migraine): hard, but not the pain the check is about, unless it reaches for an ending. */
export const PHYSICAL_PAIN_RE =
  /\b(?:tooth|toothache|teeth|back|knee|knees|migraine|headache|period|cramps|leg|legs|shoulder|neck|stomach|surgery|labou?r|contractions|wisdom|injury|ankle|hip|physio|dentist|arthritis|sciatica|burn|broken)\b/;
/** Illness and injury: "not getting better" speaks of a cold or a knee, not of hope. */
export const ILLNESS_RE =
  /\b(?:cold|flu|cough|virus|covid|infection|fever|temperature|antibiotics|chest|throat|sinus|rash|sprain|injury|knee|back|ankle|wrist|shoulder|hip|bronchitis|tonsillitis|migraine|symptoms|doctor|gp)\b/;
export const ENDING_WORDS_RE = /\b(?:forever|permanently|for good|live|living|die|dying|dead|end it)\b/;

/** Hopelessness about one thing: "hopeless about finding a flat", "no way out of this meeting schedule". */
export const SCOPED_HOPELESS_AFTER_RE =
  /^ (?:that (?:the|this|our|his|her|their|my (?:boss|landlord|team|train|bus|flight)) |of (?:my|this|the|that) (?!(?:life|living|anything|it all|going on|being|mess|hole|pain|hell|darkness|situation|place|feeling|misery|nightmare|this)\b)|at (?:work|school|uni|the office)\b|(?:about|at|with|when it comes to) (?!(?:life|everything|the future|my future|myself|living|it all|anything|me)\b)|by (?:the|this|my|our) (?:mortgage|job|lease|contract|debt|bills|rent|weather|snow|rain|traffic|deadline)\b|of (?:this|the|that) (?:meeting|schedule|contract|lease|job|deal|traffic|queue|exam|course|mortgage|wedding|trip|commitment|subscription|dinner|party|conversation|game|level)\b)/;

/** Relationship and work words after "end it": "ending it with Mark" is not about a life. */
export const ENDING_OTHER_RE = /\b(?:relationship|boyfriend|girlfriend|marriage|engagement|lease|contract|subscription|project|podcast|blog|friendship|job|tenancy|with (?:him|her|them))\b/;
