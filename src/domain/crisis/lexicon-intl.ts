import type { RuleSpec } from "./rules.ts";

/**
 * The basics in Spanish, French, German, Portuguese and Italian, written over the normalized text (no accents,
 * no apostrophes: "j'ai" reads "jai", "d'uscita" reads "duscita"). First-person forms only; the everyday idioms
 * ("me muero de hambre", "mort de fatigue", "todmude", "morrendo de rir", "stanco morto") are left alone.
 */
export const INTL_RULES: Readonly<Record<string, readonly RuleSpec[]>> = {
  es: [
    {
      kind: "explicit_ideation",
      src: [
        `(?:me )?quiero morir(?:me)?`,
        `(?:quisiera|quiero|deseo) (?:morir(?:me)?|estar muert[oa])`,
        `(?:quiero|voy a|pienso en|pensando en|ganas de) (?:matarme|suicidarme|quitarme la vida)`,
        `me (?:quiero|voy a) (?:matar|suicidar)`,
        `suicidarme|quitarme la vida|acabar con mi vida`, `ganas de morir(?:me)?`, `(?:pienso|pensando) en (?:el )?suicidio`, `irme de este mundo`,
        `(?:pensamientos|ideas) suicidas`,
        `ojala (?:me muriera|estuviera muert[oa]|no despertara)`,
      ],
    },
    {
      kind: "passive_ideation",
      src: [`no quiero (?:seguir )?(?:vivir|viviendo)`, `quiero (?:desaparecer|dormir para siempre)`, `no vale la pena (?:vivir|seguir)`, `no quiero (?:estar aqui|existir)`, `(?:dormir(?:me)?|durmiera) y no despertar(?:a)?`, `no despertar(?:a)? nunca`, `desaparecer para siempre`],
    },
    { kind: "burdensomeness", src: [`(?:soy|me siento) (?:solo |solamente )?una carga`, `(?:estarian|estaria|estarias|vivirian) mejor sin mi`] },
    { kind: "hopelessness_entrapment", src: [`no (?:hay|tengo|veo|le veo) (?:ninguna )?salida`, `no puedo mas`, `ya no aguanto mas`, `sin esperanza`, `no tengo esperanza`] },
    { kind: "self_harm", src: [`me (?:corte|corto|cortare|lastime|lastimo|quemo|queme)(?! (?:el|la|mi|un|una|los|las) (?:pelo|cabello|flequillo|dedo|unas|mano cocinando))`, `cortarme(?! el pelo)`, `autolesion(?:es|arme)?`, `me volvi a (?:cortar|lastimar|hacer dano)`, `cortar(?:me)? (?:los|las|el|la|mis) (?:brazos?|munecas?|piernas?|muslos?)`, `(?:hacerme|me hago|me hice) dano`] },
    { kind: "command_hallucinations", src: [`las voces me (?:dicen|ordenan|piden|mandan) que`] },
    { kind: "plan_means", src: [`(?:guardando|juntando|acumulando|escondiendo) pastillas`, `tomarme todas las pastillas`, `tirarme (?:del|de un|por|desde)`] },
    { kind: "intent_timing", src: [`esta noche (?:me mato|lo hago|acabo con todo)`] },
  ],
  fr: [
    {
      kind: "explicit_ideation",
      src: [
        `je veux mourir`,
        `envie de (?:mourir|me tuer|me suicider|en finir)`,
        `(?:je vais|je veux|envie de|pense a|penser a|vais|voudrais|dois) me (?:tuer|suicider)`, `me suicider`,
        `suicidaires?`,
        `mettre fin a (?:mes jours|ma vie)`,
        `(?:je vais |je veux |envie d |pense a |penser a )en finir(?! avec (?:ce|cette|ces|le|les|mon|ma|mes) )`,
      ],
    },
    { kind: "passive_ideation", src: [`je ne veux plus vivre`, `je veux (?:disparaitre|dormir pour toujours)`, `marre de vivre`, `la vie ne vaut (?:pas|plus) la peine`, `(?:jaimerais|je voudrais) (?:mourir|disparaitre|ne (?:jamais|plus|pas) me reveiller)`, `(?:mendormir|dormir) et ne (?:jamais|plus|pas) me reveiller`] },
    { kind: "burdensomeness", src: [`je (?:suis|ne suis qu) ?un (?:fardeau|poids)`, `(?:seraient|serait|seriez) mieux sans moi`] },
    { kind: "hopelessness_entrapment", src: [`(?:aucune|pas d|sans) ?issue`, `plus d ?espoir`, `je nen peux plus|jen peux plus`, `sans espoir`, `desespere`] },
    { kind: "self_harm", src: [`(?:me )?scarifi(?:e|er|ee|ais|ai)`, `je me suis (?:encore )?coupee?s? (?:les |le |la )?(?:bras|poignets?|jambes?|cuisses?|peau)`, `me faire du mal`, `je me fais du mal`, `(?:je me suis|me suis) (?:encore )?fait du mal`, `je me coupe`] },
    { kind: "command_hallucinations", src: [`les voix me (?:disent|ordonnent|demandent) de`] },
    { kind: "plan_means", src: [`me jeter (?:du|d un|dun|sous|par)`] },
  ],
  de: [
    {
      kind: "explicit_ideation",
      src: [
        `ich (?:will|mochte|wurde) (?:einfach |nur |lieber |am liebsten |gerne )?sterben`,
        `(?:will|mochte) (?:einfach |eigentlich )?(?:nicht mehr|nicht langer) leben`,
        `mich ~3(?:umbringen|umzubringen|toten|zu toten|erhangen)`, `bringe mich ~3um`,
        `selbstmord|suizid(?:al|gedanken|versuch)?`,
        `meinem leben ein ende|mein leben (?:beenden|zu beenden)`,
      ],
    },
    { kind: "passive_ideation", src: [`(?:einschlafen|schlafen) und nicht mehr aufwachen`, `nie (?:mehr|wieder) aufwachen`, `nicht mehr (?:da|hier) sein`, `ich will (?:verschwinden|fur immer schlafen)`, `(?:das|mein) leben hat keinen sinn(?: mehr)?`] },
    { kind: "burdensomeness", src: [`(?:ich bin|bin) (?:[a-z]{1,12} ){0,2}(?:nur |einfach )?(?:eine )?last`, `ohne mich ~2besser dran`, `besser dran ohne mich`] },
    { kind: "hopelessness_entrapment", src: [`keinen? ausweg`, `hoffnungslos`, `ich kann nicht mehr(?! (?:vor lachen|warten|essen))`, `ich will nicht mehr(?= *(?:[.!?;,\\n]|$))`] },
    { kind: "self_harm", src: [`mich ~3(?:geritzt|ritzen|selbst verletzt|selbst verletzen|verletzen|geschnitten)`, `ich ritze mich`, `selbstverletzung`, `ich schneide mich`] },
    { kind: "command_hallucinations", src: [`(?:die )?stimmen (?:sagen|befehlen) mir`] },
  ],
  pt: [
    {
      kind: "explicit_ideation",
      src: [
        `quero morrer`,
        `vontade de morrer`,
        `(?:vou|quero|penso em|pensando em|vontade de) me (?:matar|suicidar)`,
        `me matar|me suicidar|suicidar me`,
        `pensamentos suicidas`,
        `(?:penso|pensando|pensar|pensei) em (?:suicidio|me matar|morrer)`,
        `tirar (?:a )?minha (?:propria )?vida`,
      ],
    },
    { kind: "passive_ideation", src: [`nao quero (?:mais )?(?:viver|estar aqui|existir)`, `(?:dormir|queria dormir) e nao acordar`, `nunca mais acordar`, `quero (?:sumir|desaparecer|dormir para sempre)`, `a vida nao (?:tem sentido|vale a pena)`] },
    { kind: "burdensomeness", src: [`sou (?:so |apenas )?(?:um|uma) (?:peso|fardo)`, `(?:ficariam|ficaria|estariam|estaria) melhor sem mim`] },
    { kind: "hopelessness_entrapment", src: [`nao aguento mais`, `(?:nao tem|nao ha|sem) saida`, `sem esperanca`] },
    { kind: "self_harm", src: [`me cortei(?! o cabelo)`, `me cortar(?! o cabelo)`, `me machucar`, `autolesao`, `me machuquei de proposito`, `me corto`] },
    { kind: "command_hallucinations", src: [`as vozes (?:me )?(?:mandam|dizem|ordenam)`] },
    { kind: "intent_timing", src: [`acabar com (?:a )?minha vida`] },
  ],
  it: [
    {
      kind: "explicit_ideation",
      src: [`(?:voglio|vorrei) morire`, `voglia di morire`, `uccidermi|ammazzarmi|suicidarmi`, `pensieri suicid[ia]`, `togliermi la vita`, `farla finita`, `la faccio finita`],
    },
    { kind: "passive_ideation", src: [`non voglio (?:piu )?vivere`, `addormentarmi e non svegliarmi`, `non svegliarmi(?: piu| domani| mai)`, `voglio (?:sparire|scomparire|dormire per sempre)`, `la vita non ha (?:piu )?senso`] },
    { kind: "burdensomeness", src: [`sono (?:solo |soltanto |solamente )?un peso`, `meglio senza di me`] },
    { kind: "hopelessness_entrapment", src: [`(?:nessuna|non ce|non c e) ?via d ?uscita`, `non ce la faccio piu`, `non ne posso piu`, `senza speranza`] },
    { kind: "self_harm", src: [`mi (?:sono )?tagliat[oa](?! i capelli)`, `mi taglio(?! i capelli)`, `tagliarmi(?! i capelli)`, `farmi del male`, `autolesionismo`, `mi faccio del male`] },
    { kind: "command_hallucinations", src: [`le voci mi (?:dicono|ordinano) di`] },
    { kind: "intent_timing", src: [`stasera la faccio finita`] },
  ],
};
