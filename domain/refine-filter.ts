/**
 * The first filter of a refine instruction (issue 46 items 6 and 13; docs/decisions/310-refine-judged-by-meaning.md):
 * word lists in the five languages the product speaks (en, de, fr, es, it) that refuse only the unambiguous cases,
 * at no cost, before the text model judges the meaning of everything that passes (worker/headshots/instruction-judge.ts).
 * A list cannot read meaning, so it stays narrow: "make me a woman", "lose 20 kg", "skin whitening", "holding a
 * pistol" are refused here; "an Indian silk tie", "tidy my grey hair", "the background like an office" are not
 * (they are harmless, and the model lets them through), nor is "make me Tom Cruise" (the model refuses it).
 *
 * The text is matched folded: NFKC, accents removed, every letter that only looks like a Latin one (Cyrillic "о",
 * Greek "ο"; Unicode's confusables, through the `unhomoglyph` package) replaced by it, lower-cased; so "make me 20
 * years оlder" with a Cyrillic о is "make me 20 years older" here. Not imported by the web app (its bundle).
 */
import unhomoglyph from "unhomoglyph";
import { IDENTITY_MESSAGES, REFINE_MESSAGES, checkInstructionForm, type IdentityReason, type InstructionCheck } from "./refine";

/**
 * The folded form the lists match: NFKC, accents and other marks removed, confusable letters to their Latin look-alike
 * (only for letters outside ASCII, so "m" never becomes "rn"), ß to ss, lower case, runs of spaces to one.
 */
export function foldInstruction(text: string): string {
  return text
    .normalize("NFKC")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{ASCII}]/gu, (c) => {
      const folded = unhomoglyph(c);
      return /^[A-Za-z]+$/.test(folded) ? folded : c;
    })
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

// who the change is aimed at: the person themself, in each language ("make me", "mach mich", "fais-moi", "hazme", "fammi")
const ME = String.raw`(?:make me|makes me|turn me|change me|transform me|make myself|mach(?:e|t)? mich|verwandle? mich|fais(?:-| )moi|fais de moi|rends(?:-| )moi|transforme(?:-| )moi|hazme|haz que (?:me|yo)|conviert(?:e|eme)(?: me)?|vuelveme|fammi|rendimi|trasformami)`;
const NUMBER = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|ein|eine|zwei|drei|vier|funf|sechs|sieben|acht|neun|zehn|zwanzig|dreissig|un|une|deux|trois|quatre|cinq|dix|vingt|trente|uno|una|dos|tres|cuatro|cinco|diez|veinte|treinta|due|tre|quattro|dieci|venti|trenta)`;

/**
 * Patterns on the folded text, in order (the first that matches says why). Each is meant to be unambiguous: the
 * person as the object of the change, or a thing no headshot shows. Anything less sure is left to the model.
 */
const FIRST_FILTER: [IdentityReason, RegExp][] = [
  [
    "age",
    new RegExp(
      String.raw`\b${NUMBER} ?(?:years?|yrs|jahre?n?|ans|anos|anni) (?:older|younger|old|young|alter|junger|jung|de (?:plus|moins)|(?:mas|menos) (?:joven|viejo|vieja)|in (?:piu|meno)|plus jeune|plus vieux|plus vieille|mas joven|mas viejo|mas vieja|piu giovane|piu vecchio|piu vecchia)\b` +
        String.raw`|\b${ME}(?: (?:bitte|please|por favor|per favore|look|appear|seem|into|aussehen|werden|sembrer|paraitre|devenir|parecer|sembrare|diventare|much|a lot|a bit|viel|etwas|beaucoup|mucho|molto|more|mehr|plus|mas|piu))*(?: (?:a|an|ein|eine|einen|un|une|una|uno))? (?:older|younger|old|young|elderly|teenager|child|kid|alter|junger|jung|alt|vieux|vieille|jeune|viejo|vieja|joven|anciano|anciana|vecchio|vecchia|giovane|anziano|anziana)\b` +
        String.raw`|\b(?:look|looks|looking) (?:\w+ )?(?:years? )?(?:older|younger)\b|\bde-?age\b|\brajeuni|\bvieilli[rs]\b|\brejuvenec|\benvejec|\bringiovan|\binvecchi|\bverjung|\bmy wrinkles\b|\bwrinkles (?:on|around|under) my (?:face|eyes|forehead)\b`,
    ),
  ],
  [
    "gender",
    new RegExp(
      String.raw`\b${ME}(?: (?:bitte|please|por favor|per favore|look|appear|seem|into|aussehen|werden|paraitre|devenir|parecer|diventare|more|mehr|plus|mas|piu))*(?: (?:a|an|into a|into an|zu einer|zu einem|zur|zum|eine|einen|ein|une|un|una|uno|en una|en un|in una|in un))? (?:woman|man|girl|boy|male|female|feminine|masculine|frau|mann|madchen|junge|weiblich|mannlich|femme|homme|fille|garcon|feminin|masculin|mujer|hombre|chica|chico|femenino|masculino|donna|uomo|ragazza|ragazzo|femminile|maschile)\b` +
        String.raw`|^(?:me )?as a (?:woman|man|girl|boy)$|\b(?:change|swap|switch) (?:my|the) (?:gender|sex)\b|\bsex change\b|\bgender ?swap\b|\bgeschlecht\b|\bchange(?:r)? (?:de|mon) (?:sexe|genre)\b|\bcambi(?:a|ar|are)? (?:de |mi |il mio |il )?(?:sexo|genero|sesso|genere)\b`,
    ),
  ],
  [
    "body",
    new RegExp(
      String.raw`\b(?:lose|gain|drop|minus|abnehmen|verlieren|perdre|prendre|perder|bajar|ganar|perdere|prendere)\b.{0,12}\b${NUMBER} ?(?:kg|kgs|kilos?|kilogram(?:s|mes|os|mi)?|lbs?|pounds?|pfund|libras?|chili)\b` +
        String.raw`|\b(?:lose|gain|losing) weight\b|\bweight loss\b|\babnehmen\b|\bperdre du poids\b|\b(?:bajar|perder) (?:de )?peso\b|\bperdere peso\b|\badelgaz|\bdimagri|\bmaigri[rs]\b` +
        String.raw`|\b${ME}(?: (?:bitte|please|look|appear|seem|aussehen|much|a lot|a bit|viel|etwas|more|mehr|plus|mas|piu))* (?:thin|thinner|slim|slimmer|skinny|skinnier|fat|fatter|muscular|taller|shorter|dunn(?:er)?|schlank(?:er)?|dick(?:er)?|muskulos(?:er)?|mince|maigre|gros|grosse|musclee?|delgad[oa]|flac[oa]|gord[oa]|musculos[oa]|magr[oa]|grass[oa]|muscolos[oa])\b` +
        String.raw`|\b(?:bigger|smaller|larger) (?:breasts?|boobs|bust|butt|muscles|biceps)\b|\b(?:a )?(?:slimmer|thinner|fatter) (?:body|waist|figure)\b|\b(?:six|6)[- ]?pack abs\b`,
    ),
  ],
  [
    "skin",
    new RegExp(
      String.raw`\bskin (?:whiten|lighten|bleach)|\b(?:whiten|lighten|darken|bleach)(?:ing|ed)? (?:my |the |his |her )?(?:skin|complexion)\b|\b(?:lighter|darker|paler|fairer|whiter|tanned) (?:skin|complexion)\b|\b(?:skin|complexion) (?:tone )?(?:lighter|darker|paler|fairer|whiter)\b|\bskin (?:tone|colou?r)\b` +
        String.raw`|\bhaut ?(?:aufhell|heller|dunkler|bleich|farbe|ton)|\b(?:hellere|dunklere|blassere) haut\b|\b(?:blanchi(?:r|ment)|eclairci(?:r|ssement)|fonce(?:r)?) (?:de )?(?:la |ma )?peau\b|\bpeau (?:plus )?(?:claire|foncee|blanche|pale)\b|\bteint (?:plus )?(?:clair|fonce|pale)\b` +
        String.raw`|\b(?:blanquea(?:r|miento)|aclara(?:r|miento)|oscurece(?:r)?) (?:de )?(?:la |mi )?piel\b|\bpiel (?:mas )?(?:clara|oscura|blanca|palida)\b|\b(?:sbianca(?:re|mento)|schiari(?:re|mento)|scurire) (?:della |la |mia )?pelle\b|\bpelle (?:piu )?(?:chiara|scura|bianca|pallida)\b`,
    ),
  ],
  [
    "ethnicity",
    new RegExp(
      String.raw`\b(?:more|less) (?:caucasian|asian|african|european|hispanic|latino|latina|arab)$|\b(?:ethnicit(?:y|ies)|ethnie|ethnia|etnia|etnicidad|origine ethnique|change my race|different race)\b` +
        String.raw`|\b${ME}(?: (?:look|looks|appear|aussehen|sembrer|paraitre|parecer|sembrare|more|mehr|plus|mas|piu|bitte|please))*(?: (?:a|an|un|une|ein|eine|una|uno))? (?:asian|japanese|chinese|korean|african|caucasian|european|indian|arab|arabic|hispanic|latino|latina|asiatisch|japanisch|chinesisch|afrikanisch|europaisch|indisch|arabisch|asiatique|japonaise?|chinoise?|africaine?|europeenne?|indienne?|arabe|asiatic[oa]|japones[a]?|chin[oa]|african[oa]|europe[oa]|indi[oa]|indian[oa]|arab[oa]|giappones[ea]|cines[ea]|african[oa]|europe[oa])\b`,
    ),
  ],
  [
    "face",
    new RegExp(
      String.raw`\b(?:smaller|bigger|larger|thinner|slimmer|narrower|wider|fuller|sharper|straighter) (?:nose|lips|jaw|jawline|chin|cheeks|cheekbones|face|eyes|forehead|ears)\b|\b(?:nose|lip) job\b|\bplastic surgery\b|\bface ?lift\b|\bbotox\b|\b(?:change|different) (?:my )?eye colou?r\b|\b(?:blue|green|brown|grey|gray) eyes\b|\bdouble chin\b` +
        String.raw`|\b(?:kleinere|grossere|schmalere|vollere) (?:nase|lippen|ohren|augen)\b|\bnase (?:kleiner|verkleinern)\b|\bschonheits-?op|\b(?:nez|levres|menton|machoire) plus (?:petit|petites?|gros|grosses?|fin|fines?)\b|\bchirurgie (?:esthetique|plastique)\b` +
        String.raw`|\b(?:nariz|labios|menton|mandibula) (?:mas )?(?:pequen[ao]s?|grandes?|fin[ao]s?|carnosos)\b|\bcirugia (?:estetica|plastica)\b|\b(?:naso|labbra|mento) (?:piu )?(?:piccol[oae]|grand[ei]|sottil[ei]|carnose)\b|\bchirurgia (?:estetica|plastica)\b`,
    ),
  ],
  [
    "person",
    new RegExp(
      String.raw`\b(?:make me look like|make him look like|make her look like|face ?swap|swap (?:my |the )?faces?|replace (?:my |the )?face|someone else'?s face|another (?:person'?s|man'?s|woman'?s) face|a celebrity|famous (?:person|actor|actress|singer)|celebrity'?s? face|(?:lass|mach) mich aussehen wie|wie ein (?:promi|star)\b|gesicht (?:tauschen|ersetzen)|ressembler a|echange de visage|que me parezca a|parecerme a|cambio de cara|fammi sembrare|scambio di volto|sembrare (?:un|una) (?:celebrita|famos[oa]))`,
    ),
  ],
  [
    "policy",
    new RegExp(
      String.raw`\b(?:nude|naked|nudity|topless|shirtless|undress(?:ed)?|lingerie|bikini|swimsuit|swimwear|swim trunks|bathing suit|underwear|bra|thong|sexy|seductive|cleavage|see-?through|explicit|porn\w*|erotic|gore|weapons?|guns?|pistols?|handgun|revolver|rifles?|shotgun|knife|knives|sword|grenade|nazi|swastika|kkk|drugs?|cocaine|cigarettes?|cigar|vape)\b` +
        String.raw`|\b(?:nackt|oben ohne|unterwasche|badeanzug|badehose|waffen?|pistole|gewehr|messer|hakenkreuz|zigaretten?|drogen)\b|\b(?:nue?s? integral|toute nue|tout nu|lingerie|sous-vetements?|maillot de bain|armes?|pistolet|revolver|fusil|couteau|croix gammee|cigarettes?|drogues?)\b` +
        String.raw`|\b(?:desnud[oa]s?|ropa interior|lenceria|traje de bano|banador|armas?|pistola|revolver|rifle|cuchillo|esvastica|cigarrillos?|drogas?)\b|\b(?:nud[oa]|biancheria intima|costume da bagno|armi|arma|pistola|fucile|coltello|svastica|sigarett[ae]|droghe?)\b`,
    ),
  ],
];

/** The usual prompt-injection phrasings, in the five languages: the instruction must describe a picture, not talk to the model. */
const INJECTION_PATTERNS: RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|prompts?|rules?|above|previous|prior|earlier|system|guidelines?|everything)\b/,
  /\b(system|developer|assistant|user|model) ?(prompt|message|:)/,
  /\b(you are now|act as|pretend (to be|you)|roleplay|jailbreak|new instructions?|from now on|instead of the above|do anything now|dan mode)\b/,
  /\b(reveal|print|repeat|show)\b.{0,30}\b(prompt|instructions?|system)\b/,
  /\b(ignorier\w*|vergiss)\b.{0,40}\b(anweisungen|regeln|vorgaben)\b|\b(ignore[rz]?|oublie[rz]?)\b.{0,40}\b(instructions|consignes|regles)\b|\b(ignora|olvida)\w*\b.{0,40}\b(instrucciones|reglas)\b|\b(ignora|dimentica)\w*\b.{0,40}\b(istruzioni|regole)\b/,
];

/** Why the first filter refuses the (already normalised) instruction, or null when it leaves it to the model. */
export function firstFilter(instruction: string): { reason: IdentityReason } | { reason: "instructions" } | null {
  const folded = foldInstruction(instruction);
  if (INJECTION_PATTERNS.some((p) => p.test(folded))) return { reason: "instructions" };
  for (const [reason, pattern] of FIRST_FILTER) if (pattern.test(folded)) return { reason };
  return null;
}

/**
 * The free checks, in order: the form (length, characters; domain/refine.ts checkInstructionForm), the prompt-injection
 * phrasings, then the first filter. What passes still goes to the text model's verdict before anything is spent.
 */
export function checkInstruction(raw: string): InstructionCheck {
  const form = checkInstructionForm(raw);
  if (!form.ok) return form;
  const refused = firstFilter(form.instruction);
  if (!refused) return form;
  if (refused.reason === "instructions") return { ok: false, message: REFINE_MESSAGES.instructions };
  return { ok: false, message: IDENTITY_MESSAGES[refused.reason], reason: refused.reason };
}
