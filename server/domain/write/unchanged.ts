/**
 * A save that would leave its records as they were. Thrown inside the write's transaction, so
 * nothing it wrote stays (no new version, revision, audit entry or emptied page cache), and
 * answered as a success that says nothing changed: the manager's form already shows what is
 * stored, and the audit log keeps changes, which this was not.
 */
export class NothingChanged extends Error {
  override name = "NothingChanged";
}

/** "게시글에 바뀐 내용이 없어 저장하지 않았습니다." for a kind of record. */
export function nothingChangedMessage(noun: string): string {
  return `${noun}에 바뀐 내용이 없어 저장하지 않았습니다. 변경 기록도 그대로입니다.`;
}
