// @ts-check
// A start that failed, said in words: a file of the build that is missing or damaged is the likely
// cause (every failure from a half-uploaded folder looks different inside PyScript; the file list
// knows it), else the step that failed and why, never a Python traceback.

import {loader, isReady} from "./page.js";
import {entries, entryUrl, nativeFetch, probe, truncatedResource} from "./build.js";
import {damagedDownload} from "./integrity.js";
import {fileDamaged, fileMissing} from "./report.js";
import {readable} from "./describe.js";

/** @typedef {import("../../../types/masume").BuildEntry} BuildEntry */
/** @typedef {{entry: {url: string}, damaged: true} | {entry: BuildEntry, status: number}} Cause */

const DIAGNOSE_MS = 4000;  // how long a failure waits to find out whether a file is missing
let failing = false;

/**
 * After a failure: is a file of the build missing or damaged? Gives up after DIAGNOSE_MS.
 * @param {string[]} [urls] only these (absolute) URLs
 * @returns {Promise<Cause | null>}
 */
function diagnose(urls) {
  const wanted = urls ? entries.filter(function (entry) { return urls.indexOf(entryUrl(entry)) >= 0; }) : entries;
  const short = truncatedResource(wanted);
  if (short) return Promise.resolve({entry: short, damaged: true});
  if (!wanted.length || !nativeFetch) return Promise.resolve(null);
  const checks = Promise.all(wanted.map(probe)).then(function (results) {
    return results.filter(function (result) { return result; })[0] || null;
  });
  // A download still being checked may be the cause (numpy's wheel, refused by Pyodide's own check).
  /** @type {Promise<Cause | null>} */
  const found = Promise.all([damagedDownload(), checks]).then(function (results) {
    return results[0] ? {entry: results[0], damaged: /** @type {const} */ (true)} : results[1];
  });
  /** @type {Promise<null>} */
  const giveUp = new Promise(function (resolve) { setTimeout(function () { resolve(null); }, DIAGNOSE_MS); });
  return Promise.race([found, giveUp]);
}

/**
 * The start failed: say why, once (app/main.py calls this as window.masumeBootFailed).
 * @param {string} messageId "msg-load-failed" (a step failed) or another loader message
 * @param {unknown} [detail] what was thrown or rejected
 * @param {string[]} [urls] only these files can be the cause
 */
export function fail(messageId, detail, urls) {
  if (loader.failed() || failing || loader.opaque || isReady()) return;  // (opaque: said by boot.js)
  // From a file:// URL every later failure has the same cause: say that one.
  if (loader.isFileUrl) { loader.show("msg-file-protocol"); return; }
  failing = true;
  diagnose(urls).then(function (found) {
    if (found && "status" in found) fileMissing(found.entry, found.status);
    else if (found) fileDamaged(found.entry);
    else if (messageId === "msg-load-failed") {
      loader.show("msg-step-failed", {step: loader.currentStep(), reason: readable(detail)});
    } else loader.show(messageId, {reason: readable(detail)});
  });
}
