// @ts-check
// The notice under the page (outside #app and #loading) for what the player should know once the
// game runs: a new version is ready, offline play is not available, a file of the page is broken.

import {loader} from "./page.js";

// The notices' live region: present (empty) from the start, so that screen readers announce what is
// written into it later.
export function createNoticeBox() {
  const box = document.createElement("div");
  box.id = "boot-notice";
  box.className = "boot-notice";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  document.body.appendChild(box);
}

export function closeNotice() {
  const box = loader.byId("boot-notice");
  if (box) box.textContent = "";
}

/**
 * Write a notice with one button ("update-reload" also gets "Later").
 * @param {string | null} messageId a loader message, or null when `messageText` is the words
 * @param {"update-reload" | "offline-close"} buttonId
 * @param {() => void} onClick
 * @param {string} [messageText]
 */
export function notice(messageId, buttonId, onClick, messageText) {
  loader.whenParsed(function () {
    const box = loader.byId("boot-notice");
    if (!box) return;
    box.textContent = "";
    const message = document.createElement("span");
    message.textContent = messageText || loader.text(messageId || "");
    box.appendChild(message);
    const button = document.createElement("button");
    button.type = "button";
    button.id = buttonId;
    button.textContent = loader.text(buttonId === "update-reload" ? "msg-update-reload" : "msg-notice-close");
    button.addEventListener("click", onClick);
    box.appendChild(button);
    if (buttonId === "update-reload") {
      // The update can wait: "Later" hides the notice (it covers the board's last rows on a
      // phone), and the next load takes the new version all the same.
      const later = document.createElement("button");
      later.type = "button";
      later.id = "update-later";
      later.textContent = loader.text("msg-update-later");
      later.addEventListener("click", closeNotice);
      box.appendChild(later);
    }
  });
}
