// @ts-check
// Masume's loader, after static/js/boot.js (the classic part: words, the failure message): the
// first module of the page, so all of this runs before PyScript's core.js, in this order.
//
// - Requests every big file of the runtime at once and hands each response to PyScript or Pyodide
//   when they ask for it, drawing a progress bar of bytes received (delivery.js, progress.js).
// - Names a missing (404), blocked or damaged file within seconds, in the player's language
//   (integrity.js, report.js), and turns every other way start-up can fail (a rejected promise,
//   a stall, a step that throws) into a readable message naming the step (failure.js).
// - Reads a stored start-up snapshot at once (snapshot.js).
// - Once the game is ready, registers the service worker for offline play (worker.js).

import "../sha256.js";  // (imported by delivery.js and integrity.js: named here, it is fetched with the rest)
import {loader, root} from "./page.js";
import {BUILD, byUrl, probe} from "./build.js";
import {describe} from "./describe.js";
import {engineWanted} from "./plan.js";
import {lookForSnapshot} from "./snapshot.js";
import {startDownloads, earlyBytes} from "./delivery.js";
import {brokenStylesheet, checkPageFiles, nameBrokenScript, syntaxErrorInBuildFile} from "./integrity.js";
import {fail} from "./failure.js";
import {fileMissing} from "./report.js";
import {createNoticeBox} from "./notice.js";
import {redraw, watch} from "./progress.js";
import {startOfflinePlay} from "./worker.js";

// PyScript's py:progress names; numpy is loaded inside the "Pyodide" stage
// (packages_cache = "passthrough" hands it to Pyodide's own loader).
/** @type {Record<string, string>} */
const STAGES = {
  "Loading Pyodide": "msg-loading-python",
  "Loading files": "msg-loading-files",
  "Loaded files": "msg-starting"
};

/**
 * A script, module or stylesheet that did not load (only seen as an `error` event), an error
 * thrown by a file of the build, or a promise rejected with no handler (a start that failed).
 * @param {Event} event
 */
function onError(event) {
  if (event.type === "unhandledrejection") {
    const reason = /** @type {PromiseRejectionEvent} */ (event).reason;
    console.error("Masume start-up failed:", reason);
    fail("msg-load-failed", reason);
    return;
  }
  const target = /** @type {(HTMLScriptElement & HTMLLinkElement) | null} */ (event.target);
  if (target && target.rel === "stylesheet" && target.href) { brokenStylesheet(target.href); return; }
  if (!target || /** @type {EventTarget} */ (target) === window) {
    syntaxErrorInBuildFile(/** @type {ErrorEvent} */ (event));
    return;
  }
  const url = target.src || (target.rel === "modulepreload" && target.href);
  if (!url || target.rel === "modulepreload") return;  // modulepreloads report themselves
  const entry = byUrl[new URL(url, document.baseURI).href];
  if (entry) nameBrokenScript(entry);
  else fail("msg-load-failed", url.split("/").pop(), Object.keys(byUrl));
}

function start() {
  const snapshotFound = lookForSnapshot(loader.opaque);
  window.masumeDescribeFailure = describe;  // (app/web/engine.py words numpy's failure with it)
  window.masumeBootFailed = fail;  // app/main.py calls this when Python fails to start
  window.masumeEngineWanted = function () { return engineWanted(window.location.hash); };
  window.masumeEarlyBytes = earlyBytes;
  startOfflinePlay();
  window.addEventListener("py:progress", function (event) {
    const id = STAGES[/** @type {CustomEvent} */ (event).detail];
    if (id) loader.setStage(id);
  });
  loader.takeErrors(onError);  // (error events and unhandled rejections, those before now first)
  if (!loader.isFileUrl && !loader.opaque && BUILD) startDownloads(snapshotFound);

  loader.whenParsed(function () {
    createNoticeBox();
    if (loader.isFileUrl || loader.opaque) return;  // (said by boot.js)
    if (!BUILD) {  // the list itself did not arrive: the upload is incomplete
      const list = {url: "static/vendor/precache.js"};
      probe(list).then(function (found) { fileMissing(list, found ? found.status : 0); });
      return;
    }
    loader.setStage("msg-loading-python");
    redraw();
    setTimeout(watch, 1000);
  });
  if (document.readyState === "complete") checkPageFiles();
  else window.addEventListener("load", checkPageFiles);
}

if (loader) start();
else root.setAttribute("data-boot-problem", "no-loader");  // (static/js/boot.js did not run: app/web/boot.py says so)
