// @ts-check
// How a broken file is said: before the first screen, the loader's message stops the start; after it
// (numpy's wheel comes last), the game is running, so a notice says it. A stylesheet or script the
// page loaded itself may leave the game working (unstyled): a notice, not a stop.

import {loader, root, isReady} from "./page.js";
import {notice, closeNotice} from "./notice.js";

/** @typedef {import("../../../types/masume").BuildEntry} BuildEntry */

/**
 * A file that arrived but is not this build's (truncated, changed, or another version's).
 * @param {{url: string}} entry
 */
export function fileDamaged(entry) {
  root.setAttribute("data-damaged-file", entry.url);
  if (isReady()) pageFileProblem(entry);
  else loader.show("msg-file-damaged", {file: entry.url});
}

/**
 * A file that did not arrive: missing (its HTTP status) or blocked (status 0).
 * @param {{url: string}} entry
 * @param {number} status
 */
export function fileMissing(entry, status) {
  root.setAttribute("data-missing-file", entry.url);
  if (isReady()) pageFileProblem(entry, status);
  else if (status) loader.show("msg-file-missing", {file: entry.url, status: status});
  else loader.show("msg-file-blocked", {file: entry.url});
}

/**
 * A file the page loaded itself, missing (a status) or of the wrong size (no status), said in a notice.
 * @param {{url: string}} entry
 * @param {number} [status]
 */
export function pageFileProblem(entry, status) {
  root.setAttribute("data-page-file-problem", entry.url);
  const id = status === undefined ? "msg-page-file-damaged" : "msg-page-file-missing";
  notice(null, "offline-close", closeNotice, loader.text(id, {file: entry.url, status: status}));
}
