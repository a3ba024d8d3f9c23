// @ts-check
// The progress bar: bytes received out of the total of what the loader downloads. A slow download
// is never a failure: only one that stops (no byte for STALL_MS) is said, and the message goes away
// if bytes come again; once every byte is here, Python gets TIMEOUT_MS to start.

import {loader, root, isReady} from "./page.js";
import {fail} from "./failure.js";

// (Tests shorten them through window.masumeBootTimeoutMs / masumeBootStallMs, set before the page.)
const TIMEOUT_MS = window.masumeBootTimeoutMs || 90000;
const STALL_MS = window.masumeBootStallMs || 30000;

let total = 0;
let received = 0;
let pending = 0;
let drawQueued = false;
let lastByteAt = Date.now();
let doneAt = 0;
let stalled = false;

/**
 * Megabytes with one decimal, as the bar's words say them (pure).
 * @param {number} bytes
 * @returns {string}
 */
export function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }

function draw() {
  drawQueued = false;
  const bar = /** @type {HTMLProgressElement | null} */ (loader.byId("loading-progress"));
  const label = loader.byId("loading-bytes");
  if (!bar || !label || !total) return;
  bar.max = total;
  bar.value = Math.min(received, total);
  if (pending === 0) {
    root.setAttribute("data-download", "done");
    label.textContent = loader.text("msg-download-done");
  } else {
    label.textContent = loader.text("msg-downloading", {done: megabytes(received), total: megabytes(total)});
  }
}

export function redraw() {
  if (drawQueued) return;
  drawQueued = true;
  (window.requestAnimationFrame || setTimeout)(draw);
}

/**
 * Bytes the loader will download (negative: no longer).
 * @param {number} bytes
 */
export function expect(bytes) { total += bytes; }

// One more download under way.
export function started() { pending += 1; }

/** @param {number} bytes received just now */
export function arrived(bytes) {
  received += bytes;
  if (bytes > 0) {
    lastByteAt = Date.now();
    if (stalled) unstall();
  }
  redraw();
}

// One download ended (however).
export function finished() {
  pending -= 1;
  if (pending === 0) doneAt = Date.now();
  redraw();
}

// Nothing (more) to download: Python's time to start counts from now.
export function settled() {
  if (pending === 0) doneAt = Date.now();
  redraw();
}

function stall() {
  stalled = true;
  root.setAttribute("data-boot", "stalled");
  /** @type {HTMLElement} */ (loader.byId("loading-error-text")).textContent = loader.text("msg-stalled", {
    seconds: Math.round(STALL_MS / 1000), done: megabytes(received), total: megabytes(total)});
  /** @type {HTMLElement} */ (loader.byId("loading-error")).hidden = false;
}

function unstall() {  // bytes came again: the download goes on, and so does the bar
  stalled = false;
  if (loader.failed()) return;
  root.removeAttribute("data-boot");
  /** @type {HTMLElement} */ (loader.byId("loading-error")).hidden = true;
}

// Once a second: a download with no byte for STALL_MS says so (and Try again); once every byte is
// here, Python gets TIMEOUT_MS to start before the loader gives up.
export function watch() {
  if (loader.failed() || isReady()) return;
  const now = Date.now();
  if (pending > 0) {
    if (!stalled && now - lastByteAt > STALL_MS) stall();
  } else if (now - (doneAt || lastByteAt) > TIMEOUT_MS) {
    fail("msg-load-timeout");
    return;
  }
  setTimeout(watch, 1000);
}
