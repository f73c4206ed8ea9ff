/**
 * The stand-in text model's own judge of a refine instruction (issue 46 item 6): small, deterministic, in the five
 * languages the product speaks, and written apart from the product's word lists (domain/refine-filter.ts) so a test
 * through the stand-in checks the product against a second reading, not against itself. It reads concepts rather than
 * phrases: who the change is aimed at (the person: "me", "mich", "moi", "hazme", "fammi"…), what it would change
 * (age, body, skin, ethnicity, face, gender), a named person, and things no headshot shows. It is a stand-in, not a
 * model: phrasings far from these concepts get "allowed".
 */

/** Letters that only look Latin, to their Latin twin (the few a person can type by mistake or on purpose). */
const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ɡ: "g",
  һ: "h",
  ӏ: "l",
  α: "a",
  ε: "e",
  ο: "o",
  ρ: "p",
  ν: "v",
  τ: "t",
  ι: "i",
  κ: "k",
};

function fold(text: string): string {
  const plain = [...text.normalize("NFKC").toLowerCase()].map((c) => LOOK_ALIKES[c] ?? c).join("");
  return ` ${plain
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()} `;
}

const has = (text: string, words: string[]) =>
  words.some((w) => text.includes(` ${w} `) || (w.endsWith("*") && text.includes(` ${w.slice(0, -1)}`)));

/** The person as the one changed. */
const SELF = [
  "me",
  "my",
  "myself",
  "i",
  "mich",
  "mir",
  "mein",
  "meine",
  "meinen",
  "moi",
  "hazme",
  "vuelveme",
  "fammi",
  "rendimi",
  "rends",
  "yo",
];
const AGE = [
  "older",
  "younger",
  "old",
  "young",
  "elderly",
  "years",
  "jahre",
  "junger",
  "jung",
  "alter",
  "alt",
  "jeune",
  "vieux",
  "vieille",
  "ans",
  "joven",
  "viejo",
  "vieja",
  "anos",
  "giovane",
  "vecchio",
  "vecchia",
  "anni",
  "rajeunir",
  "ringiovanire",
];
const WEIGHT = ["kg", "kilo", "kilos", "chili", "pounds", "lbs", "weight", "abnehmen", "dimagrire", "adelgazar", "maigrir"];
const SHAPE = [
  "thin",
  "thinner",
  "slim",
  "slimmer",
  "fat",
  "fatter",
  "skinny",
  "muscular",
  "schlanker",
  "schlank",
  "dunner",
  "dicker",
  "mince",
  "maigre",
  "delgado",
  "delgada",
  "flaco",
  "gordo",
  "magro",
  "magra",
  "grasso",
];
const SKIN = ["hautaufhellung", "skin", "haut", "peau", "piel", "pelle", "complexion", "teint"];
const SKIN_CHANGE = [
  "hautaufhellung",
  "whitening",
  "whiten",
  "lighten",
  "lighter",
  "darker",
  "bleach",
  "aufhellen",
  "heller",
  "blanchir",
  "eclaircir",
  "aclarar",
  "blanquear",
  "schiarire",
  "sbiancare",
];
const ORIGIN = [
  "japanese",
  "chinese",
  "korean",
  "asian",
  "african",
  "european",
  "caucasian",
  "indian",
  "arab",
  "latino",
  "asiatisch",
  "japanisch",
  "afrikanisch",
  "japonais",
  "asiatique",
  "africain",
  "japones",
  "asiatico",
  "africano",
  "giapponese",
  "asiatico",
  "cinese",
];
const FACE_PART = ["nose", "lips", "jaw", "chin", "nase", "lippen", "nez", "levres", "nariz", "labios", "naso", "labbra"];
const FACE_CHANGE = ["smaller", "bigger", "thinner", "reshape", "kleiner", "kleinere", "plus petit", "mas pequena", "piu piccolo"];
const GENDER = ["woman", "man", "male", "female", "girl", "boy", "frau", "mann", "femme", "homme", "mujer", "hombre", "donna", "uomo"];
const POLICY = [
  "pistol",
  "gun",
  "rifle",
  "weapon",
  "knife",
  "swimsuit",
  "bikini",
  "nude",
  "naked",
  "lingerie",
  "underwear",
  "pistole",
  "waffe",
  "badeanzug",
  "nackt",
  "pistolet",
  "arme",
  "maillot",
  "nu",
  "nue",
  "pistola",
  "arma",
  "desnudo",
  "bano",
  "costume da bagno",
  "nudo",
  "cigarette",
  "drugs",
];
const TALKING = ["ignore", "ignora", "ignoriere", "oublie", "olvida", "dimentica", "disregard"];
const ORDERS = ["instructions", "istruzioni", "instrucciones", "anweisungen", "consignes", "rules", "regole", "prompt"];

/** A capitalised first and last name after "make me", "look like" and their translations: someone named. */
const NAMED =
  /(?:make me|turn me into|look like|hazme|fammi|fais-moi|mach mich(?: zu)?|aussehen wie|ressembler à|ressembler a|parecerme a|parecer a|sembrare)\s+\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+/u;

export interface StandinVerdict {
  verdict: "allowed" | "refused";
  category: string;
  reason: string;
}

const refused = (category: string, reason: string): StandinVerdict => ({ verdict: "refused", category, reason });

export function judgeStandin(instruction: string): StandinVerdict {
  const t = fold(instruction);
  if (has(t, TALKING) && has(t, ORDERS)) return refused("instructions", "It talks to the model instead of describing a change.");
  if (has(t, POLICY) || t.includes(" costume da bagno ") || t.includes(" traje de bano "))
    return refused("policy", "It asks for something no headshot shows.");
  if (NAMED.test(instruction.normalize("NFKC"))) return refused("person", "It asks for a named person's likeness.");
  if (has(t, SKIN) && has(t, SKIN_CHANGE)) return refused("skin", "It changes the person's skin tone.");
  if (has(t, WEIGHT)) return refused("body", "It changes the person's weight.");
  if (has(t, FACE_PART) && FACE_CHANGE.some((w) => t.includes(` ${w} `))) return refused("face", "It changes the person's face.");
  const self = has(t, SELF);
  if (!self) return { verdict: "allowed", category: "none", reason: "A change to the picture, not to the person." };
  if (has(t, AGE)) return refused("age", "It changes the person's age.");
  if (has(t, SHAPE)) return refused("body", "It changes the person's body.");
  if (has(t, ORIGIN)) return refused("ethnicity", "It changes the person's ethnicity.");
  if (has(t, GENDER)) return refused("gender", "It changes the person's gender.");
  return { verdict: "allowed", category: "none", reason: "A change to the picture, not to the person." };
}
