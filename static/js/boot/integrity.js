// @ts-check
// Whether what arrived is this build's: each download against its size and sha256 from the list as
// it arrives, and every other file the page loaded (stylesheets, scripts, modules) against its size,
// or its bytes fetched again when it did not run.

import "../sha256.js";
import {isReady} from "./page.js";
import {byUrl, entries, entryUrl, nativeFetch, probe, truncatedResource} from "./build.js";
import {fileDamaged, fileMissing, pageFileProblem} from "./report.js";

/** @typedef {import("../../../types/masume").BuildEntry} BuildEntry */

const sha256 = self.masumeSha256;

/** @type {Record<string, Promise<boolean | void>>} absolute URL -> false once found damaged */
const verdicts = {};

/**
 * Note a download's check (false: damaged), for a failure that waits for it (diagnose).
 * @param {string} url absolute
 * @param {Promise<boolean | void>} verdict
 */
export function recordVerdict(url, verdict) { verdicts[url] = verdict; }

/**
 * A download found damaged among those checked so far, waiting for the ones still arriving.
 * @returns {Promise<{url: string} | null>}
 */
export function damagedDownload() {
  const urls = Object.keys(verdicts);
  return Promise.all(urls.map(function (url) { return verdicts[url]; })).then(function (results) {
    for (let i = 0; i < results.length; i++) if (results[i] === false) return byUrl[urls[i]] || {url: urls[i]};
    return null;
  });
}

/**
 * The verdict on one URL's download, if it is being checked.
 * @param {string} url absolute
 * @returns {Promise<boolean | void> | undefined}
 */
export function verdictOf(url) { return verdicts[url]; }

/**
 * Collects a download's chunks; end() checks size and sha256 against the list and names a damaged
 * file (true: as listed, or no way to tell).
 * @param {BuildEntry} entry
 */
export function checker(entry) {
  /** @type {Uint8Array[] | null} */
  let chunks = [];
  let size = 0;
  return {
    /** @param {Uint8Array} chunk */
    add: function (chunk) { if (chunks) chunks.push(chunk); size += chunk.byteLength; },
    /** @returns {Promise<boolean>} */
    end: function () {
      if (!entry.sha256 || !sha256.available()) return Promise.resolve(true);
      if (size !== entry.size) { fileDamaged(entry); return Promise.resolve(false); }
      const whole = new Uint8Array(size);
      let at = 0;
      (chunks || []).forEach(function (chunk) { whole.set(chunk, at); at += chunk.byteLength; });
      chunks = null;
      return sha256.sha256Hex(whole).then(function (digest) {
        if (digest === entry.sha256) return true;
        fileDamaged(entry);
        return false;
      }, function () { return true; });
    }
  };
}

/**
 * Whether a file the page loaded itself arrived as the list says: false when it is not (a size
 * the browser saw, or its bytes fetched again against the list's sha256), null when that cannot
 * be told (no list entry's hash, no digest, no answer).
 * @param {BuildEntry} entry
 * @returns {Promise<boolean | null>}
 */
function arrivedIntact(entry) {
  if (truncatedResource([entry])) return Promise.resolve(false);
  if (!entry.sha256 || !nativeFetch || !sha256.available()) return Promise.resolve(null);
  return nativeFetch(entryUrl(entry), {credentials: "same-origin"}).then(function (response) {
    return response.ok ? response.arrayBuffer() : null;
  }).then(function (bytes) {
    if (!bytes) return null;
    if (bytes.byteLength !== entry.size) return false;
    return sha256.sha256Hex(bytes).then(function (digest) { return digest === entry.sha256; });
  }).catch(function () { return null; });
}

/**
 * A script or module of the build that did not run: missing (its HTTP status), damaged (it arrived,
 * but not as the list says: a truncated or changed core.js), or else blocked on its way.
 * @param {BuildEntry} entry
 */
export function nameBrokenScript(entry) {
  probe(entry).then(function (found) {
    if (found && found.status) { fileMissing(entry, found.status); return null; }
    return arrivedIntact(entry).then(function (intact) {
      if (intact === false) fileDamaged(entry);
      else fileMissing(entry, found ? found.status : 0);
    });
  });
}

/**
 * A syntax error reported from a file of the build (a module cut short or with changed bytes parses
 * wrong): named as damaged when its bytes are not the list's.
 * @param {ErrorEvent} event
 */
export function syntaxErrorInBuildFile(event) {
  if (!event || !event.filename || isReady()) return;
  const syntax = (window.SyntaxError && event.error instanceof SyntaxError) || /SyntaxError/.test(String(event.message));
  const entry = syntax && byUrl[new URL(event.filename, document.baseURI).href.split("#")[0]];
  if (entry) arrivedIntact(entry).then(function (intact) { if (intact === false) fileDamaged(entry); });
}

/**
 * A stylesheet that did not load: said in a notice (the game may still start, unstyled).
 * @param {string} href
 */
export function brokenStylesheet(href) {
  const sheet = byUrl[new URL(href, document.baseURI).href];
  if (sheet) probe(sheet).then(function (found) { pageFileProblem(sheet, found ? found.status : 0); });
}

// Once the page has loaded: its stylesheets missing (one that failed may have failed before anything
// could listen for it), or a file it loaded itself of the wrong size.
export function checkPageFiles() {
  if (!entries.length || !nativeFetch) return;
  const sheets = entries.filter(function (entry) { return /\.css$/.test(entry.url); });
  Promise.all(sheets.map(probe)).then(function (results) {
    const missing = results.filter(function (result) { return result; })[0];
    if (missing) { pageFileProblem(missing.entry, missing.status); return; }
    const short = truncatedResource(entries.filter(function (entry) { return entry.kind === "page"; }));
    if (short) pageFileProblem(short);
  });
}
