/** Korean particles that depend on whether a word ends in a final consonant (받침). */

function hasFinalConsonant(word: string): boolean | undefined {
  const last = word.trimEnd().charCodeAt(word.trimEnd().length - 1);
  if (!(last >= 0xac00 && last <= 0xd7a3)) return undefined;
  return (last - 0xac00) % 28 !== 0;
}

function withParticle(word: string, afterConsonant: string, afterVowel: string): string {
  const final = hasFinalConsonant(word);
  if (final === undefined) return `${word}${afterConsonant}(${afterVowel})`;
  return `${word}${final ? afterConsonant : afterVowel}`;
}

/** 질문 → 질문이, 이미지 → 이미지가. */
export function withSubjectParticle(word: string): string {
  return withParticle(word, "이", "가");
}

/** 질문 → 질문을, 이미지 → 이미지를. */
export function withObjectParticle(word: string): string {
  return withParticle(word, "을", "를");
}
