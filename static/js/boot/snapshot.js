// @ts-check
// A start-up snapshot of this build is read from Cache Storage at once, while PyScript loads:
// static/js/interpreter.js takes it from window.masumeSnapshotRead (the cache and key are named the
// same there), and delivery leaves numpy's wheel alone when the snapshot holds numpy.

import {BUILD} from "./build.js";

const SNAPSHOT_WAIT_MS = 10000;  // how long the start waits for Cache Storage to say whether a snapshot is stored

/**
 * Look for this build's snapshot; returns whether one is stored (null: no place to look).
 * @param {boolean} opaque the page runs with an opaque origin (no storage at all)
 * @returns {Promise<boolean> | null}
 */
export function lookForSnapshot(opaque) {
  if (!BUILD || opaque || !window.caches || !window.isSecureContext || window.location.protocol === "file:") return null;
  const cacheName = "masume:" + new URL("./", document.baseURI).href + ":" + BUILD.version + ":snapshot";
  // (One call: CacheStorage.match with a cacheName neither opens nor creates that cache.) Refused
  // (a portal's frame denied storage), it is no snapshot; unanswered for SNAPSHOT_WAIT_MS, the page
  // starts the normal way rather than wait on a storage that may never answer.
  /** @type {Promise<Response | null>} */
  const matched = Promise.race([new Promise(function (resolve) {
    caches.match(new URL("masume-start-snapshot.bin", document.baseURI).href, {cacheName: cacheName})
      .then(function (response) { resolve(response || null); }, function () { resolve(null); });
  }), new Promise(function (resolve) { setTimeout(function () { resolve(null); }, SNAPSHOT_WAIT_MS); })])
    .catch(function () { return null; });  // (a match that throws at once)
  const found = matched.then(function (response) { return !!response; });
  window.masumeSnapshotFound = found;
  window.masumeSnapshotRead = matched.then(function (response) { return response ? response.arrayBuffer() : null; })
    .catch(function () { return null; });
  return found;
}
