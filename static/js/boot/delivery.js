// @ts-check
// Delivery: every big file of the runtime is requested at once, from the build's list, instead of
// one after another as PyScript would find them, and each response is handed to PyScript or
// Pyodide when they ask for it (the fetch takeover): nothing is downloaded twice. Each download is
// counted for the progress bar and checked as it arrives; on a first visit it is also written to the
// cache the service worker will fill, so the worker does not download the big files again.

import "../sha256.js";
import {BUILD, entries, entryUrl, nativeFetch, probe} from "./build.js";
import {planDownloads} from "./plan.js";
import * as progress from "./progress.js";
import {checker, nameBrokenScript, recordVerdict, verdictOf} from "./integrity.js";
import {fileDamaged, fileMissing} from "./report.js";

/** @typedef {import("../../../types/masume").BuildEntry} BuildEntry */

const sha256 = self.masumeSha256;
/** @type {Record<string, Promise<Response>>} absolute URL -> response, taken by the first fetch() of that URL */
const prefetched = {};
/** @type {Record<string, BuildEntry>} absolute URL -> entry of the second wave, not requested yet */
const notYet = {};
/** @type {Record<string, Promise<unknown>>} absolute URL -> settled once that download has ended, however */
const complete = {};
/** @type {Record<string, Promise<unknown>>} absolute URL -> what PyScript's request for it waits for */
const held = {};
const HOLD_MS = 5000;  // the longest PyScript's request waits for an early reader (masumeEarlyBytes)
/** @type {Promise<Cache | null> | null} the service worker's cache for this build, on a first visit */
let staging = null;
/** @type {string | null} */
let runtimeWasmUrl = null;

/**
 * Count a response's bytes as they arrive and check them; resolves when the body is complete (or
 * broken), with false when it is not this build's file.
 * @param {Response} response
 * @param {BuildEntry} entry
 * @returns {Promise<boolean | void>}
 */
function countBody(response, entry) {
  return new Promise(function (resolve) {
    if (!response.body || !response.body.getReader) {
      progress.arrived(entry.size);
      progress.finished();
      resolve();
      return;
    }
    const reader = response.body.getReader();
    const check = checker(entry);
    (function pump() {
      reader.read().then(function (step) {
        if (step.done) { progress.finished(); check.end().then(resolve); return; }
        check.add(step.value);
        progress.arrived(step.value.byteLength);
        pump();
      }, function () { progress.finished(); resolve(); });
    })();
  });
}

/** @returns {Promise<Cache | null> | null} */
function openStaging() {
  if (!window.caches || !window.isSecureContext || !window.TransformStream || !BUILD) return null;
  const name = "masume:" + new URL("./", document.baseURI).href + ":" + BUILD.version;
  return caches.open(name).catch(function () { return null; });
}

/**
 * On a first visit each download is also written to the cache the service worker will fill for
 * this version; a copy found damaged is taken out again (sw.js checks hashes too).
 * @param {Promise<Cache | null>} into
 * @param {string} url
 * @param {Response} copy
 * @param {Promise<boolean | void>} verdict
 */
function stage(into, url, copy, verdict) {
  into.then(function (cache) {
    if (!cache) return copy.body ? copy.body.cancel() : undefined;
    return cache.put(url, copy).then(function () { return verdict; }).then(function (good) {
      if (good === false) return cache.delete(url).then(function () {});
    });
  }).catch(function () { /* a full quota only costs the worker a download */ });
}

/**
 * Request one file now; its response waits in `prefetched` for whoever asks for it.
 * @param {BuildEntry} entry
 */
function prefetch(entry) {
  const url = entryUrl(entry);
  progress.started();
  /** @type {(value?: unknown) => void} */
  let ended = function () {};
  complete[url] = new Promise(function (resolve) { ended = resolve; });
  function done() { progress.finished(); ended(); }
  prefetched[url] = nativeFetch(url, {credentials: "same-origin"}).then(function (response) {
    if (!response.ok) { fileMissing(entry, response.status); done(); return response; }
    // Checked as it arrives, on a copy read at the network's pace (not the cache write's, which can
    // lag seconds behind): a damaged file is named before whoever asked for it finds it broken.
    const verdict = countBody(response.clone(), entry);
    recordVerdict(url, verdict);
    verdict.then(ended);
    if (staging && response.body) stage(staging, url, response.clone(), verdict);
    return response;
  }, function (error) {
    fileMissing(entry, 0);
    done();
    throw error;
  });
}

/**
 * Start a second-wave file now, if it is still waiting (asked for before its turn).
 * @param {string} url absolute
 */
function startIfWaiting(url) {
  const entry = notYet[url];
  if (!entry) return;
  delete notYet[url];
  prefetch(entry);
}

/**
 * The inflated bytes of a gzipped download. Bytes that cannot be inflated (changed, or cut
 * short) name the file as damaged at once, a fraction of a second into the download, instead
 * of after the whole file's checksum, which the Cache API's write can hold back for seconds.
 * @param {ReadableStream<Uint8Array>} body
 * @param {BuildEntry} entry
 * @returns {ReadableStream<Uint8Array>}
 */
function inflatedOrNamed(body, entry) {
  const inflate = /** @type {ReadableWritablePair<Uint8Array, Uint8Array>} */ (new DecompressionStream("gzip"));
  const reader = body.pipeThrough(inflate).getReader();
  return new ReadableStream({
    pull: function (controller) {
      return reader.read().then(function (step) {
        if (step.done) controller.close();
        else controller.enqueue(step.value);
      }, function (error) {
        fileDamaged(entry);
        controller.error(error);
      });
    },
    cancel: function (reason) { return reader.cancel(reason); }
  });
}

/**
 * Pyodide's runtime, compiled while the page loads (window.masumeRuntimeWasm: Promise of a
 * WebAssembly.Module, or null when it could not be, e.g. a server's wrong content type; then
 * Pyodide fetches and compiles it itself, as it would have). A first visit downloads it
 * gzipped and inflates it as it arrives (3.2 instead of 10.1 MB: many hosts send .wasm
 * uncompressed); later visits compile the inflated copy the service worker stored, so the
 * browser can reuse the code it cached. Returns whether it is being compiled.
 * @param {BuildEntry} plain the runtime's entry
 * @param {BuildEntry | null} packed its gzipped copy
 * @param {boolean} controlled
 * @returns {boolean}
 */
function compileEarly(plain, packed, controlled) {
  if (!window.WebAssembly || !WebAssembly.compileStreaming) return false;
  const url = entryUrl(plain);
  runtimeWasmUrl = url;
  /** @type {Promise<WebAssembly.Module | null>} */
  let compiled;
  if (controlled || !packed || !window.DecompressionStream) {
    if (!controlled) return false;  // (Pyodide requests the plain file, prefetched as any other)
    compiled = WebAssembly.compileStreaming(nativeFetch(url, {credentials: "same-origin"}));
  } else {
    prefetch(packed);
    const response = prefetched[entryUrl(packed)];
    delete prefetched[entryUrl(packed)];  // nobody else asks for the gzipped copy
    compiled = response.then(function (packedResponse) {
      if (!packedResponse.ok || !packedResponse.body) return null;
      const inflated = inflatedOrNamed(packedResponse.body, packed);
      return WebAssembly.compileStreaming(new Response(inflated, {headers: {"Content-Type": "application/wasm"}}));
    });
  }
  window.masumeRuntimeWasm = compiled.catch(function () { return null; });
  return true;
}

/**
 * A JS module PyScript imports later, fetched now (counted once it has loaded).
 * @param {BuildEntry} entry
 */
function modulePreload(entry) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = entry.url;
  progress.started();
  link.addEventListener("load", function () { progress.arrived(entry.size); progress.finished(); });
  link.addEventListener("error", function () {
    progress.finished();
    nameBrokenScript(entry);
  });
  document.head.appendChild(link);
}

/**
 * A copy of a file's bytes, for a script that reads it before PyScript asks for it
 * (static/js/interpreter.js unzips the game's files early): the download is shared, never
 * repeated. PyScript's own request gets the response once `until` has settled (the early
 * reader is done with it) or after HOLD_MS at most. (window.masumeEarlyBytes)
 * @param {string} href
 * @param {Promise<unknown>} [until]
 * @returns {Promise<ArrayBuffer | null> | null}
 */
export function earlyBytes(href, until) {
  const url = new URL(href, document.baseURI);
  url.hash = "";
  startIfWaiting(url.href);
  const waiting = prefetched[url.href];
  if (!waiting) return null;
  const copy = waiting.then(function (response) { return response.clone(); });
  if (until) {
    held[url.href] = Promise.race([until.catch(function () {}), new Promise(function (resolve) {
      setTimeout(resolve, HOLD_MS);
    })]);
  }
  return copy.then(function (response) { return response.ok ? response.arrayBuffer() : null; });
}

/**
 * A prefetched response for a request with an integrity value (Pyodide checks the numpy wheel's
 * sha256), checked here against the same value.
 * @param {string} url absolute
 * @param {Promise<Response>} waiting
 * @param {string} integrity
 * @returns {Promise<Response>}
 */
function withIntegrity(url, waiting, integrity) {
  return waiting.then(function (response) {
    const headers = response.headers;
    const status = response.status;
    return response.arrayBuffer().then(function (bytes) {
      return sha256.sha256Integrity(bytes).then(function (digest) {
        if (digest === integrity) return new Response(bytes, {status: status, headers: headers});
        // Our own check names the file first (it read the same bytes), then the caller hears of it.
        return Promise.resolve(verdictOf(url)).then(function () {
          throw new TypeError("Integrity check failed for " + url);
        });
      });
    });
  });
}

// PyScript and Pyodide call the global fetch() when they need a file: the first call for a
// prefetched URL gets the response already on its way.
function takeOver() {
  /**
   * @param {RequestInfo | URL} input
   * @param {RequestInit} [init]
   * @returns {Promise<Response>}
   */
  window.fetch = function (input, init) {
    const plain = typeof input === "string" || input instanceof URL;
    const method = (init && init.method) || "GET";
    if (plain && method.toUpperCase() === "GET" && !(init && init.body)) {
      const url = new URL(String(input), document.baseURI);
      url.hash = "";
      startIfWaiting(url.href);  // asked for before its turn (numpy, installed while home is built)
      const compiled = window.masumeRuntimeWasm;
      if (url.href === runtimeWasmUrl && compiled) {
        // Already compiled (compileEarly): Pyodide's own request would read its 10 MB again for
        // nothing, so it gets an empty stand-in (static/js/runtime-setup.js instantiates the
        // compiled module instead); if the early compile failed, the real file.
        return compiled.then(function (module) {
          return module ? new Response(new Uint8Array(0), {headers: {"Content-Type": "application/wasm"}})
            : nativeFetch(input, init);
        });
      }
      const waiting = prefetched[url.href];
      if (waiting && held[url.href]) {
        const hold = held[url.href];
        delete held[url.href];
        delete prefetched[url.href];
        return hold.then(function () { return waiting; });
      }
      if (waiting) {
        delete prefetched[url.href];
        if (!(init && init.integrity)) return waiting;
        if (!sha256.available()) return nativeFetch(input, init);
        return withIntegrity(url.href, waiting, init.integrity);
      }
    }
    return nativeFetch(input, init);
  };
}

/**
 * Request every file of the build at once (the first wave; the second once it is in), and take
 * over fetch() to hand each response over once.
 * @param {Promise<boolean> | null} snapshotFound whether a start-up snapshot of this build is stored
 */
export function startDownloads(snapshotFound) {
  if (!nativeFetch) return;
  const controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  const plan = planDownloads(entries, {controlled: controlled, canInflate: !!window.DecompressionStream});
  progress.expect(plan.bytes);
  plan.modules.forEach(modulePreload);
  takeOver();
  if (!controlled) staging = openStaging();
  if (plan.plainWasm && compileEarly(plan.plainWasm, plan.packedWasm, controlled) && !controlled && plan.packedWasm) {
    progress.expect(plan.packedWasm.size);
  }
  plan.first.forEach(prefetch);
  // Waiting for the first wave only when it has to cross a network; from the worker's cache all at
  // once, except numpy's wheel when a start-up snapshot holds numpy (fetched only if asked for).
  const ready = controlled ? snapshotFound || Promise.resolve(false) : Promise.all(plan.first.map(function (entry) {
    return complete[entryUrl(entry)];
  }));
  // Meanwhile a body-less request for each of those names a missing file at once.
  if (!controlled) plan.second.forEach(function (entry) {
    probe(entry).then(function (found) {
      if (found && found.status && found.status !== 405 && found.status !== 501) fileMissing(entry, found.status);
    });
  });
  plan.second.forEach(function (entry) { notYet[entryUrl(entry)] = entry; });
  ready.then(function (snapshotStored) {
    plan.second.forEach(function (entry) {
      if (!notYet[entryUrl(entry)]) return;
      // numpy's wheel waits to be asked for when a snapshot holds numpy, or when the first
      // screen needs none of it (numpy is installed once that screen is drawn).
      if (/\.whl$/.test(entry.url) && (snapshotStored === true || !window.masumeEngineWanted())) {
        progress.expect(-entry.size);
        progress.redraw();
        return;
      }
      startIfWaiting(entryUrl(entry));
    });
  });
  progress.settled();
}
