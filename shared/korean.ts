/**
 * Korean particles that follow a word, chosen by how the word ends when read aloud: 이/을/은/과
 * after a closed syllable (활동이), 가/를/는/와 after an open one (회지가); 으로 after a closed
 * syllable other than ㄹ, 로 after an open one or ㄹ (서울로). The one helper for every message,
 * on the server and in the browser, so no message falls back to printing both forms.
 *
 * A word is read from its last letter that is spoken: closing quotes and brackets are skipped
 * ("'노트북'을"), a number by its last spoken digit ("15를", "10을"), Latin letters as an
 * acronym's letter names when capitals ("PDF를", "HTML을") and by their usual sound otherwise
 * ("book을", "iPhone을", "photo.jpg를").
 */

/** How a word ends when read: an open syllable, a closed one, or one closed by ㄹ. */
type Ending = "open" | "closed" | "rieul";

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The final consonant ㄹ's index among a syllable's 28 endings. */
const RIEUL_FINAL = 8;

/** 0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구. */
const digitEndings: Ending[] = [
  "closed",
  "rieul",
  "open",
  "closed",
  "open",
  "open",
  "closed",
  "rieul",
  "rieul",
  "open",
];

/** Capital letters read by name: L 엘, M 엠, N 엔, R 알 close; the rest (에이, 비, 씨, …) are open. */
const letterNameEndings: Partial<Record<string, Ending>> = { L: "rieul", M: "closed", N: "closed", R: "rieul" };

/** The spoken part of a word: letters, digits and Hangul syllables (quotes and brackets are not). */
const spoken = /[0-9A-Za-z\uac00-\ud7a3]/;

function endingOf(word: string): Ending {
  const characters = [...word];
  let index = characters.length - 1;
  while (index >= 0 && !spoken.test(characters[index] ?? "")) index -= 1;
  const last = characters[index] ?? "";
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const final = (code - HANGUL_FIRST) % 28;
    return final === 0 ? "open" : final === RIEUL_FINAL ? "rieul" : "closed";
  }
  if (/[0-9]/.test(last)) {
    // 10 십, 100 백, 1000 천, 10000 만: a round number ends closed.
    return last === "0" && /[1-9]0+$/.test(characters.slice(0, index + 1).join(""))
      ? "closed"
      : (digitEndings[Number(last)] ?? "closed");
  }
  if (/[A-Z]/.test(last)) {
    const run = /[A-Za-z]+$/.exec(characters.slice(0, index + 1).join(""))?.[0] ?? last;
    if (run === run.toUpperCase()) return letterNameEndings[last] ?? "open";
  }
  return englishEnding((/[A-Za-z]+$/.exec(characters.slice(0, index + 1).join(""))?.[0] ?? "").toLowerCase());
}

/**
 * An English word by its sound: book 북, team 팀, phone 폰, mail 메일 close; photo, test 테스트,
 * style open. A run without vowels is an abbreviation read by letter names: png 피엔지, html 엘.
 */
function englishEnding(word: string): Ending {
  if (word === "") return "closed";
  if (!/[aeiouy]/.test(word)) return letterNameEndings[word.slice(-1).toUpperCase()] ?? "open";
  if (/le?$/.test(word)) return "rieul";
  if (/(m|n|ng|[mn]e|[aeiou][bckpt]|ck)$/.test(word)) return "closed";
  return "open";
}

/** The pairs a word can take, written as the closed form, then the open one. */
export type ParticlePair = "이/가" | "을/를" | "은/는" | "과/와" | "으로/로" | "이에요/예요";

/** The particle of `pair` that follows `word`: particle("노트북", "을/를") is "을". */
export function particle(word: string, pair: ParticlePair): string {
  const [closed = "", open = ""] = pair.split("/");
  const ending = endingOf(word);
  if (pair === "으로/로") return ending === "closed" ? closed : open;
  return ending === "open" ? open : closed;
}

/** The word followed by its particle: withParticle("'테스트 노트북'", "을/를") is "'테스트 노트북'을". */
export function withParticle(word: string, pair: ParticlePair): string {
  return `${word}${particle(word, pair)}`;
}

export function subjectParticle(word: string): "이" | "가" {
  return particle(word, "이/가") as "이" | "가";
}

export function objectParticle(word: string): "을" | "를" {
  return particle(word, "을/를") as "을" | "를";
}

/** A kind of record as messages name it: "세션", "세션이", "세션을". */
export interface RecordNoun {
  name: string;
  subject: string;
  object: string;
}

export function recordNoun(name: string): RecordNoun {
  return {
    name,
    subject: withParticle(name, "이/가"),
    object: withParticle(name, "을/를"),
  };
}
