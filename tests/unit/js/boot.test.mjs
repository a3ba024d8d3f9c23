// The pure parts of Masume's loader under Node (tests/unit/test_boot_js.py runs this with `node --test`):
// the sha256 helper the page and the service worker share (static/js/sha256.js), a failure's words
// (static/js/boot/describe.js) and the download plan (static/js/boot/plan.js).
import {after, test} from "node:test";
import assert from "node:assert/strict";
import {createHash} from "node:crypto";
import {createRequire} from "node:module";
import {fileURLToPath, pathToFileURL} from "node:url";
import {copyFileSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const require = createRequire(import.meta.url);

// sha256.js is a classic script that defines self.masumeSha256 (as sw.js's importScripts runs it).
globalThis.self = globalThis;
require(path.join(ROOT, "static/js/sha256.js"));
const sha = globalThis.masumeSha256;
// The page's modules end in .js in a package that does not say "module": imported as copies named
// .mjs, so any Node from 18 on reads them as ES modules (these two import nothing).
const copies = mkdtempSync(path.join(tmpdir(), "masume-boot-"));
after(() => rmSync(copies, {recursive: true, force: true}));
/** @param {string} file */
function pageModule(file) {
  const copy = path.join(copies, path.basename(file, ".js") + ".mjs");
  copyFileSync(path.join(ROOT, file), copy);
  return import(pathToFileURL(copy).href);
}
const {describe, readable} = await pageModule("static/js/boot/describe.js");
const {planDownloads, engineWanted, FIRST} = await pageModule("static/js/boot/plan.js");

test("sha256 in hex is the precache list's (Python's hashlib, here Node's)", async () => {
  for (const text of ["", "abc", "Masume マス目", "x".repeat(100000)]) {
    const bytes = new TextEncoder().encode(text);
    assert.equal(await sha.sha256Hex(bytes), createHash("sha256").update(bytes).digest("hex"));
  }
});

test("sha256 as an integrity value is 'sha256-' and base64, as fetch() and Pyodide write it", async () => {
  const bytes = new TextEncoder().encode("numpy wheel");
  assert.equal(await sha.sha256Integrity(bytes), "sha256-" + createHash("sha256").update(bytes).digest("base64"));
});

test("hex pads each byte to two digits and reads a view's own bytes only", () => {
  assert.equal(sha.hex(new Uint8Array([0, 1, 15, 16, 255]).buffer), "00010f10ff");
  const whole = new Uint8Array([9, 10, 11, 12]);
  assert.equal(sha.hex(whole.subarray(1, 3)), "0a0b");
  assert.equal(sha.available(), true);
});

test("a failure is said in words: an Error by name and message, never [object Object]", () => {
  assert.equal(describe(new TypeError("bad thing")), "TypeError: bad thing");
  assert.equal(describe({name: "QuotaExceededError", message: "QuotaExceededError: full"}), "QuotaExceededError: full");
  assert.equal(describe("plain words"), "plain words");
  assert.equal(describe(null), "");
  assert.equal(describe({}), "an unexpected value");
  assert.equal(describe(new (class Odd {})()), "an unexpected Odd");
  assert.equal(describe(Object.create(null)), "an unexpected value");
});

test("an event is said by what it carries or where it came from", () => {
  const withError = new Event("error");
  Object.defineProperty(withError, "error", {value: new RangeError("too far")});
  assert.equal(describe(withError), "RangeError: too far");
  const request = new EventTarget();
  request.error = {name: "NotAllowedError", message: "denied"};
  const fromRequest = new Event("error");
  request.addEventListener("error", () => assert.equal(describe(fromRequest), "NotAllowedError: denied"));
  request.dispatchEvent(fromRequest);
  const bare = new Event("abort");
  assert.equal(describe(bare), "“abort” event");
});

test("a reason is one line, and a Python traceback is said by its last line", () => {
  const traceback = "Traceback (most recent call last):\n  File \"app/main.py\", line 3\n    import x\nModuleNotFoundError: No module named 'x'";
  assert.equal(readable(traceback), "ModuleNotFoundError: No module named 'x'");
  assert.equal(readable("first line\nsecond line"), "first line");
  assert.equal(readable("x".repeat(500)).length, 200);
});

/** A small build like scripts/vendor.py's list. */
function build() {
  const entry = (url, kind, extra = {}) => ({url, kind, size: 100, sha256: "0".repeat(64), ...extra});
  return [
    entry("index.html", "page"),
    entry("static/js/boot/main.js", "page"),
    entry("static/js/interpreter.js", "module"),
    entry("static/vendor/pyscript/core-abc.js", "module"),
    entry("pyscript.toml", "fetch"),
    entry("app/main.py", "fetch"),
    entry("static/vendor/app.zip", "fetch"),
    entry("static/vendor/pyodide/pyodide.asm.wasm-gz", "fetch", {size: 30}),
    entry("static/vendor/pyodide/pyodide.asm.wasm", "derived", {from: "static/vendor/pyodide/pyodide.asm.wasm-gz"}),
    entry("static/vendor/pyodide/python_stdlib.zip", "fetch"),
    entry("static/vendor/pyodide/numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl", "fetch"),
  ];
}
const urls = (list) => list.map((entry) => entry.url);

test("a first visit preloads modules, fetches the runtime's files first and numpy and the game second", () => {
  const plan = planDownloads(build(), {controlled: false, canInflate: true});
  assert.deepEqual(urls(plan.modules), ["static/js/interpreter.js", "static/vendor/pyscript/core-abc.js"]);
  assert.deepEqual(urls(plan.first), ["pyscript.toml", "static/vendor/app.zip", "static/vendor/pyodide/python_stdlib.zip"]);
  assert.deepEqual(urls(plan.second), ["app/main.py", "static/vendor/pyodide/numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"]);
  // The runtime's WebAssembly is compiled from its gzipped copy, outside both waves.
  assert.equal(plan.plainWasm.url, "static/vendor/pyodide/pyodide.asm.wasm");
  assert.equal(plan.packedWasm.url, "static/vendor/pyodide/pyodide.asm.wasm-gz");
  assert.equal(plan.bytes, 7 * 100);
});

test("a browser that cannot inflate downloads the plain runtime, first", () => {
  const plan = planDownloads(build(), {controlled: false, canInflate: false});
  assert.ok(urls(plan.first).includes("static/vendor/pyodide/pyodide.asm.wasm"));
  assert.ok(!urls(plan.first).includes("static/vendor/pyodide/pyodide.asm.wasm-gz"));
});

test("under a service worker neither runtime file is fetched (compiled from the worker's cache)", () => {
  const plan = planDownloads(build(), {controlled: true, canInflate: false});
  assert.ok(!urls([...plan.first, ...plan.second]).some((url) => /\.wasm/.test(url)));
});

test("the first wave is the runtime's start: PyScript, Pyodide, its stdlib and lock, config and game", () => {
  for (const url of ["static/vendor/pyodide/pyodide.asm.js", "static/vendor/pyodide/pyodide-lock.json",
    "static/vendor/pyscript/core-abc.js", "pyscript.toml", "static/vendor/app.zip"]) assert.ok(FIRST.test(url), url);
  for (const url of ["app/main.py", "static/vendor/pyodide/numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl"]) {
    assert.ok(!FIRST.test(url), url);
  }
});

test("a game's route wants numpy at once; home and statistics do not", () => {
  assert.equal(engineWanted(""), false);
  assert.equal(engineWanted("#"), false);
  assert.equal(engineWanted("#mines"), true);
  assert.equal(engineWanted("#mines/stats"), false);
  assert.equal(engineWanted("#mirrors/edit/x"), true);
});
