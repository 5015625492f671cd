/**
 * Tells the surrounding admin form that it holds unsaved changes after a change made by script
 * (a row added or removed, a picture marked for removal): the form listens for input events.
 */
export function markFormEdited(element: Element | null): void {
  element?.dispatchEvent(new Event("input", { bubbles: true }));
}
