// @ts-check
// What the loader downloads and in which order, from the build's list. Pure: no page, so Node tests
// it (tests/unit/js/boot.test.mjs).

/** @typedef {import("../../../types/masume").BuildEntry} BuildEntry */

// The files PyScript and Pyodide need to start Python come first; the numpy wheel and the
// game's files second, so they arrive while Python starts instead of slowing its start.
// (app.zip is small and static/js/interpreter.js unzips it while Python starts: it comes first too.)
export const FIRST = /pyodide\.asm\.|python_stdlib|pyodide-lock|pyodide\.mjs|pyscript\/|pyscript\.toml$|\/app\.zip$/;

/**
 * @typedef {object} Plan
 * @property {BuildEntry[]} modules JS modules PyScript imports later: modulepreloaded at once
 * @property {BuildEntry[]} first downloads requested at once
 * @property {BuildEntry[]} second downloads requested once the first wave is in (or asked for)
 * @property {BuildEntry | null} plainWasm the runtime's WebAssembly (compiled early: not in the waves)
 * @property {BuildEntry | null} packedWasm its gzipped copy, which a first visit downloads instead
 * @property {number} bytes the size of the modules and of both waves
 */

/**
 * Sort the build's files into what the loader requests, and when.
 * @param {BuildEntry[]} entries the build's list
 * @param {{controlled: boolean, canInflate: boolean}} where whether a service worker answers (its
 *   cache has the runtime inflated) and whether this browser has DecompressionStream
 * @returns {Plan}
 */
export function planDownloads(entries, where) {
  /** @type {Plan} */
  const plan = {modules: [], first: [], second: [], plainWasm: null, packedWasm: null, bytes: 0};
  const plainWasm = entries.filter(function (entry) { return /\.wasm$/.test(entry.url); })[0] || null;
  const packedWasm = (plainWasm && entries.filter(function (entry) { return entry.url === plainWasm.from; })[0]) || null;
  plan.plainWasm = plainWasm;
  plan.packedWasm = packedWasm;
  entries.forEach(function (entry) {
    if (entry.kind === "module") { plan.bytes += entry.size; plan.modules.push(entry); return; }
    if (entry === plainWasm && !(packedWasm && where.canInflate)) {  // a browser that cannot inflate downloads the plain file
      entry = {url: entry.url, size: entry.size, sha256: entry.sha256, kind: "fetch"};
    }
    if (entry.kind !== "fetch") return;
    if (/\.wasm(-gz)?$/.test(entry.url) && (where.controlled || entry === packedWasm)) return;  // (compiled early)
    plan.bytes += entry.size;
    (FIRST.test(entry.url) ? plan.first : plan.second).push(entry);
  });
  return plan;
}

/**
 * Whether the screen an address's hash names runs a game's rules, and so needs numpy at once: any
 * game route but statistics (app/core/route.py has the full grammar; home is the empty hash).
 * @param {string} hash
 * @returns {boolean}
 */
export function engineWanted(hash) {
  const parts = String(hash || "").replace(/^#/, "").split("/");
  return !!parts[0] && parts[1] !== "stats";
}
