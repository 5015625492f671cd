/**
 * Rows chosen in an admin list for one change to them all (deleting the chosen articles): the
 * field their checkboxes send, how many one change may touch, and what is said past that. The
 * server refuses more; the list says so before anything is sent.
 */

/** Each chosen row's checkbox sends "id:version", the version its row was loaded at. */
export const SELECTED_FIELD = "selected";

/** At most this many records in one change, so one transaction stays short. */
export const MAX_SELECTED = 100;

/** "한 번에 게시글 100개까지 고를 수 있습니다. 120개를 골랐으니 나누어 진행해 주세요." */
export function tooManySelectedMessage(noun: string, count: number): string {
  return `한 번에 ${noun} ${MAX_SELECTED}개까지 고를 수 있습니다. ${count}개를 골랐으니 나누어 진행해 주세요.`;
}

/** The selection as a checkbox sends it. */
export function selectedValue(id: string, version: number): string {
  return `${id}:${version}`;
}
