/**
 * Korean particles that follow a word: the subject particle is 이 after a closed syllable
 * (활동이) and 가 after an open one (회지가); the object particle 을/를 likewise. Used by the
 * server's messages and the admin pages' confirmations alike.
 */

function endsClosed(word: string): boolean {
  const code = (word.trim().at(-1) ?? "").charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 !== 0;
  return true;
}

export function subjectParticle(word: string): "이" | "가" {
  return endsClosed(word) ? "이" : "가";
}

export function objectParticle(word: string): "을" | "를" {
  return endsClosed(word) ? "을" : "를";
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
    subject: `${name}${subjectParticle(name)}`,
    object: `${name}${objectParticle(name)}`,
  };
}
