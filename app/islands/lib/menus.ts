/**
 * The menus are built on the platform (decision 0004): the side menu is a modal <dialog> opened
 * and closed by invoker commands, its groups an exclusive <details> accordion, and the desktop
 * submenus open on :hover and :focus-within. What is left for script:
 */
export function enhanceMenus(): void {
  followCommandsWithoutSupport();
  closeDialogsOnLeaving();
  dismissSubmenusWithEscape();
}

/** Browsers without invoker commands: the buttons' `command` and `commandfor` done by hand. */
function followCommandsWithoutSupport(): void {
  if ("command" in HTMLButtonElement.prototype) return;
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[commandfor]");
    if (!button) return;
    const dialog = document.getElementById(button.getAttribute("commandfor") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute("command");
    if (command === "show-modal" && !dialog.open) dialog.showModal();
    else if (command === "close") dialog.close();
  });
}

/**
 * Following a link in a dialog (the side menu) closes it, so the page is not shown with the menu
 * still open when the browser brings it back from its back-forward cache.
 */
function closeDialogsOnLeaving(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest("dialog[open] a[href]");
    link?.closest("dialog")?.close();
  });
}

/**
 * Escape closes the desktop submenu the keyboard is in and returns focus to its group's label;
 * it opens again once the pointer or focus leaves the group and comes back.
 */
function dismissSubmenusWithEscape(): void {
  for (const group of document.querySelectorAll<HTMLElement>("[data-submenu-group]")) {
    group.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      group.setAttribute("data-dismissed", "");
      group.querySelector<HTMLElement>("[data-submenu-label]")?.focus();
    });
    const reopen = () => group.removeAttribute("data-dismissed");
    group.addEventListener("mouseleave", reopen);
    group.addEventListener("focusout", (event) => {
      if (!group.contains(event.relatedTarget as Node | null)) reopen();
    });
  }
}
