// @ts-check
// The build's file list (static/vendor/precache.js, written by `make vendor`): every file the game
// loads with its size and sha256. Missing (the upload is incomplete), `BUILD` is undefined.

/** @typedef {import("../../../types/masume").BuildEntry} BuildEntry */

export const BUILD = window.MASUME_BUILD;
/** @type {BuildEntry[]} */
export const entries = (BUILD && BUILD.files) || [];
// The browser's own fetch(), taken before static/js/boot/delivery.js puts its own in its place.
export const nativeFetch = window.fetch && window.fetch.bind(window);

/**
 * A listed file's absolute URL.
 * @param {{url: string}} entry
 * @returns {string}
 */
export function entryUrl(entry) { return new URL(entry.url, document.baseURI).href; }

/** @type {Record<string, BuildEntry>} absolute URL -> its entry */
export const byUrl = {};
entries.forEach(function (entry) { byUrl[entryUrl(entry)] = entry; });

/**
 * The first of `wanted` whose size, as seen, is not the listed one (pure).
 * @template {{url: string, size: number}} T
 * @param {T[]} wanted
 * @param {Record<string, number>} seen absolute URL -> decoded size
 * @param {(entry: {url: string}) => string} urlOf
 * @returns {T | null}
 */
export function wrongSize(wanted, seen, urlOf) {
  return wanted.filter(function (entry) {
    const size = seen[urlOf(entry)];
    return size !== undefined && size !== entry.size;
  })[0] || null;
}

/**
 * A file the page loaded by itself (a stylesheet, a JS module) that is shorter or longer than
 * the list says: the browser's resource timing knows its decoded size.
 * @param {BuildEntry[]} wanted
 * @returns {BuildEntry | null}
 */
export function truncatedResource(wanted) {
  if (!window.performance || !performance.getEntriesByType) return null;
  /** @type {Record<string, number>} */
  const seen = {};
  performance.getEntriesByType("resource").forEach(function (timing) {
    const size = /** @type {PerformanceResourceTiming} */ (timing).decodedBodySize;
    if (size > 0) seen[timing.name.split("#")[0]] = size;
  });
  return wrongSize(wanted, seen, entryUrl);
}

/**
 * Ask for one file without keeping it: the status names a missing file, a rejection a blocked one.
 * @template {{url: string}} T
 * @param {T} entry
 * @returns {Promise<{entry: T, status: number} | null>}
 */
export function probe(entry) {
  return nativeFetch(entryUrl(entry), {method: "HEAD", cache: "no-store"}).then(function (response) {
    return response.ok ? null : {entry: entry, status: response.status};
  }, function () { return {entry: entry, status: 0}; });
}
