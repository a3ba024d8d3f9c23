// @ts-check
// Masume's own `interpreter` module (named in pyscript.toml): PyScript imports it and calls
// its loadPyodide(options) instead of Pyodide's.
//
// A returning player's time goes to CPython starting, not to bytes (BENCHMARKS.md). So:
// - When a start-up snapshot of this build is stored (Cache Storage), Python starts from it:
//   the WebAssembly memory of a Python that has already imported numpy and the game's pure
//   modules. Its bytes are checked (a checksum over every byte, snapshot-bundle.js), its build and runtime must be this page's, and
//   the function table must have the fingerprint it was made with; numpy's libraries are
//   loaded before the C runtime starts so they sit where the snapshot expects them.
// - Anything wrong with it (unreadable, another build, a changed byte, another table, a
//   failure while restoring) deletes it and starts Python the normal way, in the same page
//   load, without a word to the player: never worse than no snapshot at all.
// - A page that started the normal way makes a new snapshot once it is ready and the service
//   worker holds every file: in a Worker (static/js/snapshot-worker.js), at idle time, so play
//   is not disturbed. It is used from the next visit on.
// - A page that started from it and then fails inside Python while importing or opening a screen
//   drops it too (app/web/start_snapshot.py calls window.masumeSnapshot.dropAfterError): the
//   next visit starts the normal way and makes a new one.
// <html data-start="snapshot|normal"> and data-snapshot (making|stored|failed|dropped) say what
// happened; window.masumeSnapshot lets Settings show the stored size and clear it.
import {loadPyodide as loadRuntime, version} from "../vendor/pyodide/pyodide.mjs";
import {BundleError, checkBundle, copyMemory} from "./snapshot-bundle.js";
import {hookModuleCreation, installStep, tableFingerprint, unzip, writeFiles} from "./runtime-setup.js";

export {version};

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const BUILD = globalThis.MASUME_BUILD || {version: "unversioned", files: []};
const SCOPE = new URL("./", document.baseURI).href;
const CACHE_PREFIX = `masume:${SCOPE}:`;
const CACHE_SUFFIX = ":snapshot";
const SNAPSHOT_CACHE = CACHE_PREFIX + BUILD.version + CACHE_SUFFIX;
const SNAPSHOT_KEY = new URL("masume-start-snapshot.bin", SCOPE).href;  // (static/js/boot/snapshot.js reads it early)
const root = document.documentElement;

function fileUrl(pattern) {
  const entry = BUILD.files.find((file) => pattern.test(file.url));
  return entry && new URL(entry.url, document.baseURI).href;
}

function storageAvailable() {
  return !!(globalThis.caches && globalThis.isSecureContext);
}

// (caches.open would create an empty cache where none is: look first.)
async function openCache() {
  return storageAvailable() && await caches.has(SNAPSHOT_CACHE) ? caches.open(SNAPSHOT_CACHE) : null;
}

// Snapshots of other builds are never used: drop them (the service worker does too, on update).
async function dropOtherBuilds() {
  if (!storageAvailable()) return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name.endsWith(CACHE_SUFFIX)
    && name !== SNAPSHOT_CACHE).map((name) => caches.delete(name)));
}

async function storedBytes() {
  try {
    if (globalThis.masumeSnapshotRead) {  // already on its way (static/js/boot/snapshot.js)
      const early = await globalThis.masumeSnapshotRead;
      globalThis.masumeSnapshotRead = null;
      return early ? new Uint8Array(early) : null;
    }
    const cache = await openCache();
    const response = cache && await cache.match(SNAPSHOT_KEY);
    return response ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null;  // storage refused: start the normal way
  }
}

async function deleteSnapshot() {
  try {
    if (storageAvailable()) await caches.delete(SNAPSHOT_CACHE);
  } catch (error) { /* nothing stored, nothing to delete */ }
}

// Performance marks for bench/ and tests: masume:snapshot:read|decoded|runtime|restored, masume:snapshot:started,
// masume:snapshot:game-files (the game's files written for PyScript), masume:snapshot:numpy-install.
function mark(name) {
  if (globalThis.performance && performance.mark) performance.mark(`masume:snapshot:${name}`);
}

let plan = null;  // what the next Emscripten module creation gets: {step, created}

// Python after a restore: what the snapshot froze that must differ per visit.
const AFTER_RESTORE = `
import random as _random, sys as _sys
_random.seed()
if "numpy.random" in _sys.modules:
    _sys.modules["numpy.random"].seed()
_seen = False
_kept = []
for _entry in _sys.path:
    if _entry == "":
        if _seen:
            continue
        _seen = True
    _kept.append(_entry)
_sys.path[:] = _kept
try:
    import time as _time
    _time.tzset()
except (ImportError, AttributeError):
    pass
del _random, _sys, _seen, _kept, _entry
`;

// PyScript unpacks app.zip into Python's working directory with Python's own zip module, file
// by file: a few hundred milliseconds on a 2-core machine. Its files are written here instead,
// once, from JS: `files()` returns them ([{path, data}], paths relative to that directory), or
// [] when they are already there (a restore wrote them before Python started), or null when
// they are not ready (PyScript then unpacks as it always did).
function writeGameFilesForPyScript(pyodide, files) {
  const app = BUILD.files.find((file) => /\/app\.zip$/.test(file.url));
  const unpack = pyodide.unpackArchive;
  pyodide.unpackArchive = function (buffer, format, options = {}) {
    const here = [".", "./", pyodide.FS.cwd()].includes(options.extractDir);
    const ready = app && format === "zip" && here && (buffer.byteLength ?? buffer.length) === app.size ? files() : null;
    if (!ready) return unpack.call(this, buffer, format, options);
    pyodide.unpackArchive = unpack;
    const home = pyodide.FS.cwd();
    writeFiles(pyodide.FS, ready, (path) => `${home}/${path}`);
    mark("game-files");
  };
}

// The game's files unzipped from app.zip's bytes as they arrive (shared with PyScript's own
// request, which waits until this is done: static/js/boot/delivery.js), while Python starts: {files}.
function unzipGameFilesEarly() {
  const app = BUILD.files.find((file) => /\/app\.zip$/.test(file.url));
  if (!app || !globalThis.masumeEarlyBytes || !globalThis.DecompressionStream) return;
  let done;
  const finished = new Promise((resolve) => { done = resolve; });
  const bytes = globalThis.masumeEarlyBytes(new URL(app.url, document.baseURI).href, finished);
  if (!bytes) return;
  bytes.then((buffer) => (buffer && buffer.byteLength === app.size
    ? unzip(new Uint8Array(buffer), (path) => !path.endsWith("/")) : null))
    .then((files) => { early.files = files; }, () => {})
    .finally(done);
}

// Started as this module loads, unless a start-up snapshot is stored (its bundle holds the files).
const early = {files: null};
Promise.resolve(globalThis.masumeSnapshotFound).then((found) => { if (!found) unzipGameFilesEarly(); });

// Pyodide's snapshot begins with a header of its own; its memory image starts at the byte offset
// in that header's second word.
function pyodideHeadLength(bundle) {
  const start = new Uint8Array(8);
  copyMemory(bundle, start, 0, 8);
  const length = new DataView(start.buffer).getUint32(4, true);
  if (length < 12 || length >= bundle.header.memory.length) throw new BundleError("no Pyodide snapshot header");
  return length;
}

async function restore(bytes, options) {
  const bundle = checkBundle(bytes);  // (its checksum first)
  const {header, files} = bundle;
  mark("decoded");
  if (header.build !== BUILD.version) throw new BundleError(`made for build ${header.build}`);
  if (header.pyodide !== version) throw new BundleError(`made for Pyodide ${header.pyodide}`);
  // Pyodide is given its header alone and a heap of the snapshot's size; the memory is written
  // straight into that heap once it exists (created), not rebuilt as a whole image that Pyodide
  // would then copy again: 60 MB less to allocate and copy on the main thread.
  const headLength = pyodideHeadLength(bundle);
  const head = new Uint8Array(headLength);
  copyMemory(bundle, head, 0, headLength);
  plan = {
    step: installStep(files, header.libs),
    initialMemory: header.memory.length,
    async created(Module) {
      const found = tableFingerprint(Module);
      if (found !== header.table) throw new BundleError(`function table ${found}, snapshot made with ${header.table}`);
      copyMemory(bundle, Module.HEAPU8, headLength);
      mark("runtime");
    },
  };
  const settings = {
    ...options,
    indexURL: INDEX_URL,
    packages: (options.packages || []).filter((name) => !header.packages.includes(name)),
    _loadSnapshot: head,
  };
  const pyodide = await loadRuntime(settings);
  plan = null;
  if (header.app) writeGameFilesForPyScript(pyodide, () => []);
  pyodide.runPython(AFTER_RESTORE);
  for (const name of header.packages) pyodide.loadedPackages[name] = "default channel";
  // Pyodide keeps its options; without this the snapshot's bytes would stay in memory.
  /** @type {any} */ (pyodide)._api.config._loadSnapshot = null;  // (Pyodide's private API)
  settings._loadSnapshot = null;
  return pyodide;
}

// The page asks; the worker makes. Waits for the page to be ready and the worker's cache
// complete, then for an idle moment.
function scheduleMaking() {
  // (Browser tests that are not about the snapshot turn its making off: it costs seconds of CPU.)
  if (!storageAvailable() || !globalThis.Worker || !navigator.serviceWorker || globalThis.masumeNoSnapshot) return;
  const ready = () => root.getAttribute("data-ready") === "true" && root.getAttribute("data-offline") === "ready";
  const start = () => {
    const idle = globalThis.requestIdleCallback || ((callback) => setTimeout(callback, 200));
    idle(() => { makeSnapshot(); }, {timeout: 5000});
  };
  if (ready()) { start(); return; }
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    start();
  });
  observer.observe(root, {attributes: true, attributeFilter: ["data-ready", "data-offline"]});
}

let making = null;

async function enoughRoom() {
  try {
    const {quota, usage} = await navigator.storage.estimate();
    return quota - usage > 120 * 1048576;  // the bundle is about 40 MB; leave room for records
  } catch (error) {
    return true;  // no estimate: try, and a refused write simply stores nothing
  }
}

function makeSnapshot() {
  if (making) return making;
  making = (async () => {
    if (!await enoughRoom()) { root.setAttribute("data-snapshot", "no-room"); return; }
    const wheel = fileUrl(/\/numpy-[^/]*\.whl$/);
    const app = fileUrl(/\/app\.zip$/);
    if (!wheel || !app) return;
    root.setAttribute("data-snapshot", "making");
    // (Its address names this page's build: the service worker answers its requests from that build's files.)
    const script = new URL(`./snapshot-worker.js?masume-build=${encodeURIComponent(BUILD.version)}`, import.meta.url);
    const worker = new Worker(script, {type: "module", name: "masume-snapshot"});
    const result = await new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data || {});
      worker.onerror = (event) => resolve({type: "failed", reason: event.message || "worker error"});
      worker.postMessage({
        indexURL: INDEX_URL, wheelURL: wheel, appURL: app, build: BUILD.version,
        cacheName: SNAPSHOT_CACHE, key: SNAPSHOT_KEY, filesCache: CACHE_PREFIX + BUILD.version,
      });
    });
    worker.terminate();  // its whole Python goes with it
    if (result.type === "stored") {
      root.setAttribute("data-snapshot", "stored");
      root.setAttribute("data-snapshot-size", String(result.size));
      root.setAttribute("data-snapshot-ms", String(result.ms));
      console.info(`Masume: start-up snapshot stored (${(result.size / 1048576).toFixed(1)} MB in ${result.ms} ms)`);
    } else {
      root.setAttribute("data-snapshot", "failed");
      console.warn("Masume: no start-up snapshot:", result.reason);
      await deleteSnapshot();
    }
  })().finally(() => { making = null; });
  return making;
}

// For Settings: what is stored, and a way to clear it (the next visit starts the normal way
// and makes a new one).
globalThis.masumeSnapshot = {
  async status() {
    try {
      const cache = await openCache();
      const response = cache && await cache.match(SNAPSHOT_KEY);
      if (!response) return {stored: false, size: 0};
      const size = Number(response.headers.get("X-Masume-Size")) || (await response.arrayBuffer()).byteLength;
      return {stored: true, size};
    } catch (error) {
      return {stored: false, size: 0};
    }
  },
  async clear() {
    await deleteSnapshot();
    root.removeAttribute("data-snapshot");
  },
  make: makeSnapshot,
  python: null,  // the running Pyodide, for tests and benchmarks (as app/web/boot.py keeps the shell)
};

// A page restored from the snapshot whose Python then fails while importing or opening a screen
// (app/web/start_snapshot.py): the snapshot is under doubt, so it goes, and the next visit starts
// the normal way (and makes a new one). On a page that started the normal way this does nothing.
globalThis.masumeSnapshot.dropAfterError = async function (reason) {
  if (root.getAttribute("data-start") !== "snapshot" || root.getAttribute("data-snapshot") === "dropped") return false;
  root.setAttribute("data-snapshot", "dropped");
  root.setAttribute("data-snapshot-dropped", String(reason || "").slice(0, 200));
  console.warn("Masume: start-up snapshot dropped after an internal error:", reason);
  await deleteSnapshot();
  return true;
};

// numpy's package is installed at once when the address names a game, otherwise once the first
// screen is drawn (home needs none of it, and installing it on the main thread would hold that
// screen back), or when a screen asks for it (window.masumeNumpyNow, called by app/web/engine.py). Its bytes are already on their
// way meanwhile (static/js/boot/delivery.js).
function installLater(pyodide, names) {
  const problems = [];
  /** @type {() => void} */
  let begin = () => {};
  /** @type {Promise<void>} */
  const asked = new Promise((resolve) => { begin = resolve; });
  globalThis.masumeNumpyReady = false;
  globalThis.masumeNumpyNow = () => begin();
  globalThis.masumeNumpy = asked.then(() => mark("numpy-install")).then(() => pyodide.loadPackage(names, {
    messageCallback() {},
    errorCallback(message) { problems.push(message); },
  })).then(() => {
    const missing = names.filter((name) => !pyodide.loadedPackages[name]);
    if (missing.length) throw new Error(problems[0] || `${missing.join(", ")} could not be installed`);
    globalThis.masumeNumpyReady = true;
  });
  globalThis.masumeNumpy.catch((error) => console.error("Masume: numpy could not be installed:", error));
  // A game route needs it at once (its screen waits for it); home and statistics do not.
  const wanted = globalThis.masumeEngineWanted;  // (static/js/boot/main.js)
  if (wanted && wanted()) begin();
  else whenPageReady(() => setTimeout(begin, 0));
}

function whenPageReady(then) {
  if (root.getAttribute("data-ready") === "true") { then(); return; }
  const observer = new MutationObserver(() => {
    if (root.getAttribute("data-ready") !== "true") return;
    observer.disconnect();
    then();
  });
  observer.observe(root, {attributes: true, attributeFilter: ["data-ready"]});
}

// PyScript's first Python writes its own package (pyscript/*.py) and imports it: 70-180 ms on a
// 2-core machine, every visit, for a package Masume never uses (app/ imports nothing from it;
// tests/unit/test_page_files.py checks). The files are still written, so a later `import pyscript`
// works as usual; only the eager import is dropped. A PyScript whose bootstrap reads differently
// is left as it is.
const PYSCRIPT_IMPORT = "\nimport pyscript as _pyscript\n";
function skipPyScriptPackageImport(pyodide) {
  const run = pyodide.runPythonAsync;
  pyodide.runPythonAsync = function (code, ...rest) {
    if (typeof code === "string" && code.includes(PYSCRIPT_IMPORT)) {
      pyodide.runPythonAsync = run;
      code = code.replace(PYSCRIPT_IMPORT, "\n_pyscript = None\n");
      root.setAttribute("data-pyscript-package", "not-imported");
    }
    return run.call(this, code, ...rest);
  };
}

export async function loadPyodide(options = {}) {
  await hookModuleCreation(INDEX_URL, () => plan);
  dropOtherBuilds().catch(() => {});
  const bytes = await storedBytes();
  if (bytes) {
    mark("read");
    try {
      const pyodide = await restore(bytes, options);
      mark("restored");
      skipPyScriptPackageImport(pyodide);
      root.setAttribute("data-start", "snapshot");
      globalThis.masumeSnapshot.python = pyodide;
      return pyodide;
    } catch (error) {
      plan = null;
      console.warn("Masume: start-up snapshot refused, starting the normal way:", error);
      root.setAttribute("data-snapshot-refused", String(error && error.message || error).slice(0, 200));
      await deleteSnapshot();
    }
  }
  // numpy is not waited for: home and statistics need none of it. Its package is installed in
  // the background while the first screen is built (its bytes are already on their way:
  // static/js/boot/delivery.js), and the screens that need it wait for window.masumeNumpy (app/web/engine.py).
  const later = (options.packages || []).filter((name) => name === "numpy");
  const pyodide = await loadRuntime({
    ...options, indexURL: INDEX_URL, packages: (options.packages || []).filter((name) => !later.includes(name)),
  });
  if (later.length) installLater(pyodide, later);
  writeGameFilesForPyScript(pyodide, () => early.files);
  skipPyScriptPackageImport(pyodide);
  mark("started");
  root.setAttribute("data-start", "normal");
  globalThis.masumeSnapshot.python = pyodide;
  scheduleMaking();
  return pyodide;
}
