import { anyOf, type RuleSpec } from "./rules";

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
        `(?:quiero|quisiera|queria|voy a|pienso en|pensando en|ganas de|deseo|necesito) ` +
          anyOf([`morir(?:me)?`, `matarme`, `suicidarme`, `quitarme la vida`, `acabar con (?:mi vida|todo)`]),
        `(?:pienso|pensando|pense) en (?:el )?suicidio`,
        `(?:colgarme|ahorcarme)`,
        `(?:me )?quiero morir(?:me)?`,
        `(?:quisiera|quiero|deseo) (?:morir(?:me)?|estar muert[oa])`,
        `(?:quiero|voy a|pienso en|pensando en|ganas de) (?:matarme|suicidarme|quitarme la vida)`,
        `me (?:quiero|voy a) (?:matar|suicidar)`,
        `suicidarme`,
        `quitarme la vida`,
        `acabar con mi vida`,
        `(?:queria|quisiera) (?:matarme|morir(?:me)?|suicidarme|estar muert[oa])`,
        `ganas de morir(?:me)?`,
        `(?:pienso|pensando) en (?:el )?suicidio`,
        `irme de este mundo`,
        `(?:pensamientos|ideas) suicidas`,
        `ojala (?:me muriera|estuviera muert[oa]|no despertara)`,
      ],
    },
    {
      kind: "passive_ideation",
      src: [
        `no quiero (?:seguir )?(?:vivir|viviendo)`,
        `no quiero (?:despertar(?:me)?|volver a despertar)`,
        `quiero ` +
          anyOf([
            `desaparecer(?! (?:una|un|unos|unas|por|durante|el|este|esta|todo el) ` +
              anyOf([`semana`, `dia`, `dias`, `fin`, `finde`, `rato`, `mes`, `par`, `tiempo`, `horas?`, `verano`]) +
              `)`,
            `dormir para siempre`,
          ]),
        `no vale la pena (?:vivir|seguir)`,
        `no quiero (?:estar aqui|existir)`,
        `(?:dormir(?:me)?|durmiera) y no despertar(?:a)?`,
        `no despertar(?:a)? nunca`,
        `desaparecer para siempre`,
      ],
    },
    {
      kind: "burdensomeness",
      src: [
        `(?:estarian|estaria|estarias|vivirian|seria) mejor si (?:yo )?no (?:existiera|estuviera)`,
        `(?:soy|me siento) (?:solo |solamente )?una carga`,
        `(?:estarian|estaria|estarias|vivirian) mejor sin mi`,
      ],
    },
    {
      kind: "hopelessness_entrapment",
      src: [
        `(?:ya )?no tengo (?:ninguna )?esperanza`,
        `nada va a cambiar`,
        `no tiene sentido (?:vivir|seguir|nada)`,
        `no (?:hay|tengo|veo|le veo) (?:ninguna )?salida`,
        `no puedo mas`,
        `ya no aguanto mas`,
        `sin esperanza`,
        `no tengo esperanza`,
      ],
    },
    {
      kind: "self_harm",
      src: [
        `(?:hacer(?:me)?|me hice|me he hecho|me hago) cortes`,
        `me he vuelto a (?:cortar|hacer dano|lastimar)`,
        `me ` +
          anyOf([`corte`, `corto`, `cortare`, `lastime`, `lastimo`, `quemo`, `queme`]) +
          `(?! (?:el|la|mi|un|una|los|las) (?:pelo|cabello|flequillo|dedo|unas|mano cocinando))`,
        `cortarme(?! el pelo)`,
        `autolesion(?:es|arme)?`,
        `me volvi a (?:cortar|lastimar|hacer dano)`,
        `cortar(?:me)? (?:los|las|el|la|mis) (?:brazos?|munecas?|piernas?|muslos?)`,
        `(?:hacerme|me hago|me hice) dano`,
      ],
    },
    { kind: "command_hallucinations", src: [`las voces me (?:dicen|ordenan|piden|mandan) que`] },
    {
      kind: "plan_means",
      src: [
        `(?:pastillas|medicamentos|pildoras) ~3(?:guardadas|escondidas|juntadas|acumuladas)`,
        anyOf([`guardando`, `juntando`, `acumulando`, `escondiendo`, `guarde`, `junte`, `tengo`]) +
          ` ~2(?:pastillas|medicamentos|pildoras) ~3(?:para|guardadas|escondidas)`,
        `tomar(?:me)? todas las (?:pastillas|pildoras)`,
        `(?:guardando|juntando|acumulando|escondiendo) pastillas`,
        `tomarme todas las pastillas`,
        `tirarme (?:del|de un|por|desde)`,
      ],
    },
    { kind: "intent_timing", src: [`esta noche (?:me mato|lo hago|acabo con todo)`] },
    // Twenty-fourth batch: farewell letters, "ojalá no me despertara".
    {
      kind: "preparatory_acts",
      src: [
        `cartas? de despedida(?! (?:a|para) (?:a |o |os |as |mis |los |el |la |meus |minha |minhas |mi )?` +
          anyOf([
            `equipa`,
            `equipe`,
            `equipo`,
            `colegas`,
            `companeros`,
            `trabalho`,
            `trabajo`,
            `chefe`,
            `jefe`,
            `turma`,
            `clase`,
          ]) +
          `)`,
      ],
      first: true,
    },
    {
      kind: "passive_ideation",
      src: [`ojala (?:no me despertara|no despertara|no me despierte|no despierte)`, `cansad[oa] de vivir`],
      first: true,
    },
  ],
  fr: [
    {
      kind: "plan_means",
      src: [
        `(?:garde|garder|stocke|accumule|cache|mis de cote) ~3(?:pilules|cachets|medicaments|comprimes)`,
        `(?:prendre|avaler) (?:toutes? )?(?:mes |les )?(?:pilules|cachets|medicaments|comprimes)? ?d ?un coup`,
      ],
    },
    {
      kind: "explicit_ideation",
      src: [
        `(?:envie |besoin )?d ?en finir(?! avec (?:ce|cette|ces|le|les|mon|ma|mes) )`,
        `(?:pense|pensais|penser) (?:au|a) (?:suicide|me tuer|mourir|en finir)`,
        `me pendre`,
        `je veux mourir`,
        `envie de (?:mourir|me tuer|me suicider|en finir)`,
        `(?:je vais|je veux|envie de|pense a|penser a|vais|voudrais|dois) me (?:tuer|suicider)`,
        `me suicider`,
        `suicidaires?`,
        `mettre fin a (?:mes jours|ma vie)`,
        `(?:je vais |je veux |envie d |pense a |penser a )en finir(?! avec (?:ce|cette|ces|le|les|mon|ma|mes) )`,
      ],
    },
    {
      kind: "passive_ideation",
      src: [
        `disparaitre pour toujours`,
        `je ne veux plus vivre`,
        `(?:je ne veux plus|je veux plus|je voudrais ne plus|jaimerais ne plus) me reveiller`,
        `(?:plus|pas) envie de vivre`,
        `je veux (?:disparaitre|dormir pour toujours)`,
        `marre de vivre`,
        `la vie ne vaut (?:pas|plus) la peine`,
        `(?:jaimerais|je voudrais) (?:mourir|disparaitre|ne (?:jamais|plus|pas) me reveiller)`,
        `(?:mendormir|dormir) et ne (?:jamais|plus|pas) me reveiller`,
      ],
    },
    {
      kind: "burdensomeness",
      src: [
        `(?:serait|seraient|serais) (?:plus heureu(?:x|se|ses)|mieux) sans moi`,
        `je (?:suis|ne suis qu) ?un (?:fardeau|poids)`,
        `(?:seraient|serait|seriez) mieux sans moi`,
      ],
    },
    {
      kind: "hopelessness_entrapment",
      src: [
        `rien ne (?:changera|va changer)`,
        `(?:je suis )?desesperee?`,
        `(?:aucune|pas d|sans) ?issue`,
        `plus d ?espoir`,
        `je nen peux plus`,
        `jen peux plus`,
        `sans espoir`,
        `desespere`,
      ],
    },
    {
      kind: "self_harm",
      src: [
        `je me suis (?:encore )?coupee?s?`,
        `je me coupe`,
        `(?:me )?scarifi(?:e|er|ee|ais|ai)`,
        `je me suis (?:encore )?coupee?s? (?:les |le |la )?(?:bras|poignets?|jambes?|cuisses?|peau)`,
        `me faire du mal`,
        `je me fais du mal`,
        `(?:je me suis|me suis) (?:encore )?fait du mal`,
        `je me coupe`,
      ],
    },
    { kind: "command_hallucinations", src: [`les voix me (?:disent|ordonnent|demandent) de`] },
    { kind: "plan_means", src: [`me jeter (?:du|d un|dun|sous|par)`] },
    {
      kind: "burdensomeness",
      src: [
        `(?:serait|seraient|serais|serions|serez|sera) (?:tellement |bien )?` +
          anyOf([`plus simple`, `plus facile`, `mieux`, `plus heureu(?:x|se|ses)`]) +
          ` ~3(?:si je (?:n )?(?:netais|etais) plus la|sans moi)`,
        `si je (?:n )?(?:netais|n etais) plus la`,
      ],
      first: true,
    },
    {
      kind: "preparatory_acts",
      src: [`lettres? d ?adieu(?! (?:a|aux|pour) (?:mes |les |l )?(?:collegues|equipe|travail|bureau|classe|patron))`],
      first: true,
    },
  ],
  de: [
    {
      kind: "plan_means",
      src: [
        `tabletten (?:gesammelt|gehortet|gespart|versteckt)`,
        `(?:gesammelt|gehortet|versteckt|sammle) ~2tabletten`,
        `von der brucke springen`,
      ],
    },
    {
      kind: "explicit_ideation",
      src: [
        `(?:mir|mich) das leben (?:nehmen|zu nehmen)`,
        `bringe ich mich ~3um`,
        `(?:mich )?(?:aufhangen|erhangen|vor den zug werfen)`,
        `ich (?:will|mochte|wurde) (?:einfach |nur |lieber |am liebsten |gerne )?sterben`,
        `(?:will|mochte) (?:einfach |eigentlich )?(?:nicht mehr|nicht langer) leben`,
        `mich ~3(?:umbringen|umzubringen|toten|zu toten|erhangen)`,
        `bringe mich ~3um`,
        `selbstmord|suizid(?:al|gedanken|versuch)?`,
        `meinem leben ein ende|mein leben (?:beenden|zu beenden)`,
      ],
    },
    {
      kind: "passive_ideation",
      src: [
        `wunschte,? ich (?:ware|waere) (?:tot|nie geboren|nicht mehr da)`,
        `(?:ware|waere) ich (?:doch )?tot`,
        `(?:einschlafen|schlafen) und nicht mehr aufwachen`,
        `nie (?:mehr|wieder) aufwachen`,
        `(?:will|mochte) (?:nicht mehr|nie wieder) aufwachen`,
        `nicht mehr (?:da|hier) sein`,
        `ich will (?:verschwinden|fur immer schlafen)`,
        `(?:das|mein) leben hat keinen sinn(?: mehr)?`,
      ],
    },
    {
      kind: "burdensomeness",
      src: [
        `(?:ich bin|bin) (?:[a-z]{1,12} ){0,2}(?:nur |einfach )?(?:eine )?last`,
        `ohne mich ~2besser dran`,
        `besser dran ohne mich`,
      ],
    },
    {
      kind: "hopelessness_entrapment",
      src: [
        `(?:hat|macht) (?:alles |das alles |das leben )?keinen sinn mehr`,
        `alles ist sinnlos`,
        `keine hoffnung mehr`,
        `keinen? ausweg`,
        `hoffnungslos`,
        `ich kann nicht mehr(?! (?:vor lachen|warten|essen))`,
        `ich will nicht mehr(?= *(?:[.!?;,\\n]|$))`,
      ],
    },
    {
      kind: "self_harm",
      src: [
        `(?:aufgeschnitten|aufgeritzt|geritzt)`,
        `(?:mir|mich) ~3` +
          anyOf([`die arme`, `den arm`, `die handgelenke`, `die beine`]) +
          ` (?:aufgeschnitten|aufgeritzt|geritzt|verletzt)`,
        `mich ~3(?:geritzt|ritzen|selbst verletzt|selbst verletzen|verletzen|geschnitten)`,
        `ich ritze mich`,
        `(?:verletze|ritze|schneide) mich(?: selbst)?`,
        `selbstverletzung`,
        `ich schneide mich`,
      ],
    },
    { kind: "command_hallucinations", src: [`(?:die )?stimmen (?:sagen|befehlen) mir`] },
    {
      kind: "passive_ideation",
      src: [
        `(?:nicht|nie) (?:mehr|wieder) (?:aufwachen|aufstehen mussen|da sein)`,
        `(?:will|mochte|moechte) (?:einfach )?nicht mehr (?:leben|da sein|sein|existieren)`,
      ],
      first: true,
    },
    {
      kind: "preparatory_acts",
      src: [`abschiedsbriefe?(?! (?:an|fur) (?:die |meine |das )?(?:kollegen|kolleginnen|team|firma|klasse))`],
      first: true,
    },
    {
      kind: "passive_ideation",
      src: [`nicht mehr (?:aufzuwachen|aufwachen zu mussen)`, `keine kraft mehr (?:zu leben|weiterzuleben|zum leben)`],
      first: true,
    },
  ],
  pt: [
    {
      kind: "plan_means",
      src: [
        `(?:juntando|guardando|escondendo|acumulando|juntei|guardei) ~2(?:remedios|comprimidos|pilulas|medicamentos)`,
        `tomar (?:todos|todas) ~3de uma vez`,
      ],
    },
    {
      kind: "explicit_ideation",
      src: [
        `(?:quero|queria|vou) acabar com tudo`,
        `(?:penso|pensando|pensei) em (?:acabar com tudo)`,
        `me enforcar`,
        `quero morrer`,
        `(?:queria|quero) (?:estar mort[oa]|morrer|me matar)`,
        `vontade de morrer`,
        `(?:vou|quero|penso em|pensando em|vontade de) me (?:matar|suicidar)`,
        `me matar|me suicidar|suicidar me`,
        `pensamentos suicidas`,
        `(?:penso|pensando|pensar|pensei) em (?:suicidio|me matar|morrer)`,
        `tirar (?:a )?minha (?:propria )?vida`,
      ],
    },
    {
      kind: "passive_ideation",
      src: [
        `(?:queria|quero|gostaria de) dormir para sempre`,
        `(?:queria|quero) (?:sumir|desaparecer)(?: para sempre)?(?! ` +
          anyOf([`uma`, `um`, `por`, `durante`, `o`, `este`, `esta`, `nas`, `no`, `na`]) +
          ` ` +
          anyOf([`semana`, `dia`, `dias`, `fim`, `mes`, `tempo`, `horas?`, `verao`, `ferias`]) +
          `)`,
        `nao quero (?:mais )?(?:viver|estar aqui|existir)`,
        `(?:dormir|queria dormir) e nao acordar`,
        `nunca mais acordar`,
        `quero ` +
          anyOf([
            `sumir(?! (?:uma|um|por|durante|o|este|esta|nas|no|na) ` +
              anyOf([`semana`, `dia`, `dias`, `fim`, `mes`, `tempo`, `horas?`, `verao`, `ferias`]) +
              `)`,
            `desaparecer(?! (?:uma|um|por|durante|o|este|esta|nas|no|na) ` +
              anyOf([`semana`, `dia`, `dias`, `fim`, `mes`, `tempo`, `horas?`, `verao`, `ferias`]) +
              `)`,
            `dormir para sempre`,
          ]),
        `a vida nao (?:tem sentido|vale a pena)`,
      ],
    },
    {
      kind: "burdensomeness",
      src: [`sou (?:so |apenas )?(?:um|uma) (?:peso|fardo)`, `(?:ficariam|ficaria|estariam|estaria) melhor sem mim`],
    },
    {
      kind: "hopelessness_entrapment",
      src: [
        `nao vejo (?:nenhuma )?saida`,
        `nada vai mudar`,
        `nao tenho (?:mais )?esperanca`,
        `nao aguento mais`,
        `(?:nao tem|nao ha|sem) saida`,
        `sem esperanca`,
      ],
    },
    {
      kind: "self_harm",
      src: [
        `me cortei(?! o cabelo)`,
        `me cortar(?! o cabelo)`,
        `me machucar`,
        `autolesao`,
        `me machuquei de proposito`,
        `me corto`,
      ],
    },
    { kind: "command_hallucinations", src: [`as vozes (?:me )?(?:mandam|dizem|ordenam)`] },
    { kind: "intent_timing", src: [`acabar com (?:a )?minha vida`] },
    {
      kind: "preparatory_acts",
      src: [
        `cartas? de despedida(?! (?:a|para) (?:a |o |os |as |mis |los |el |la |meus |minha |minhas |mi )?` +
          anyOf([
            `equipa`,
            `equipe`,
            `equipo`,
            `colegas`,
            `companeros`,
            `trabalho`,
            `trabajo`,
            `chefe`,
            `jefe`,
            `turma`,
            `clase`,
          ]) +
          `)`,
      ],
      first: true,
    },
  ],
  it: [
    {
      kind: "plan_means",
      src: [
        anyOf([`messo da parte`, `conservato`, `nascosto`, `accumulato`, `raccolto`]) +
          ` ~2(?:le )?(?:pastiglie|pillole|compresse|medicine|farmaci)`,
        `prender(?:le|li) (?:tutte|tutti) (?:insieme|in una volta)`,
      ],
    },
    {
      kind: "explicit_ideation",
      src: [
        `mi (?:uccido|ammazzo)`,
        `(?:penso|pensando|pensato) (?:spesso |sempre |molto |ogni giorno )?(?:al|di) ` +
          anyOf([`suicidio`, `uccidermi`, `morire`, `farla finita`]),
        `impiccarmi`,
        `(?:voglio|vorrei) morire`,
        `(?:vorrei|voglio) essere mort[oa]`,
        `voglia di morire`,
        `uccidermi`,
        `ammazzarmi`,
        `suicidarmi`,
        `pensieri suicid[ia]`,
        `togliermi la vita`,
        `farla finita`,
        `la faccio finita`,
      ],
    },
    {
      kind: "passive_ideation",
      src: [
        `(?:vorrei|voglio) ` +
          anyOf([
            `sparire(?! (?:una|un|per|qualche|tutto il|questo|questa) ` +
              anyOf([`settimana`, `giorno`, `giorni`, `weekend`, `mese`, `po`, `fine settimana`, `estate`]) +
              `)`,
            `scomparire(?! (?:una|un|per|qualche|tutto il|questo|questa) ` +
              anyOf([`settimana`, `giorno`, `giorni`, `weekend`, `mese`, `po`, `fine settimana`, `estate`]) +
              `)`,
            `dormire per sempre`,
            `non esistere`,
            `non esserci piu`,
          ]),
        `non voglio (?:piu )?vivere`,
        `addormentarmi e non svegliarmi`,
        `non svegliarmi(?: piu| domani| mai)`,
        `non mi (?:sveglierei|svegliassi|risvegliassi|svegliero|risveglierei) piu`,
        `voglio ` +
          anyOf([
            `sparire(?! (?:una|un|per|qualche|tutto il|questo|questa) ` +
              anyOf([`settimana`, `giorno`, `giorni`, `weekend`, `mese`, `po`, `fine settimana`, `estate`]) +
              `)`,
            `scomparire(?! (?:una|un|per|qualche|tutto il|questo|questa) ` +
              anyOf([`settimana`, `giorno`, `giorni`, `weekend`, `mese`, `po`, `fine settimana`, `estate`]) +
              `)`,
            `dormire per sempre`,
          ]),
        `la vita non ha (?:piu )?senso`,
      ],
    },
    { kind: "burdensomeness", src: [`sono (?:solo |soltanto |solamente )?un peso`, `meglio senza di me`] },
    {
      kind: "hopelessness_entrapment",
      src: [
        `non c ?e (?:piu )?(?:speranza|niente da fare)`,
        `(?:nessuna|senza) speranza`,
        `(?:nessuna|non ce|non c e) ?via d ?uscita`,
        `non ce la faccio piu`,
        `non ne posso piu`,
        `senza speranza`,
      ],
    },
    {
      kind: "self_harm",
      src: [
        `mi (?:sono )?tagliat[oa](?! i capelli)`,
        `mi taglio(?! i capelli)`,
        `tagliarmi(?! i capelli)`,
        `farmi del male`,
        `autolesionismo`,
        `mi faccio del male`,
      ],
    },
    { kind: "command_hallucinations", src: [`le voci mi (?:dicono|ordinano) di`] },
    { kind: "intent_timing", src: [`stanotte (?:mi uccido|la faccio finita|lo faccio)`, `stasera la faccio finita`] },
    {
      kind: "preparatory_acts",
      src: [`letter[ae] d ?addio(?! (?:a|ai|per) (?:i |miei |le )?(?:colleghi|squadra|ufficio|lavoro|classe))`],
      first: true,
    },
    { kind: "passive_ideation", src: [`(?:spero|vorrei|voglio|preferirei) di non svegliarmi`], first: true },
  ],
};
