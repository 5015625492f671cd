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

/** "으로" after a closed syllable, "로" after an open one or ㄹ: "'휴대폰'으로", "'노트북'으로", "'내 폰'으로". */
export function directionParticle(word: string): "으로" | "로" | "(으)로" {
  const code = (word.trim().at(-1) ?? "").charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return final === 0 || final === 8 ? "로" : "으로";
  }
  return "(으)로";
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
