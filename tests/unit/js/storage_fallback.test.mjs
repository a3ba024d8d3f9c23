// static/js/storage-fallback.js under Node (node --test; run by tests/unit/test_storage_fallback.py).
//
// The in-memory stand-in behaves as IndexedDB does for the calls it answers, the wrap leaves a working
// indexedDB.open alone and answers a failed one (an error event, as a browser that denies storage
// gives, or a thrown exception) from memory, and PyScript's own store, taken from the vendored
// core-*.js (MASUME_PYSCRIPT_CORE), starts and works on it where IndexedDB is denied.
import {test} from "node:test";
import assert from "node:assert/strict";
import {createRequire} from "node:module";
import {readFileSync} from "node:fs";

const require = createRequire(import.meta.url);
const {MemoryFactory, install} = require(process.env.MASUME_STORAGE_FALLBACK);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const settled = (request) => new Promise((resolve, reject) => {
  request.onsuccess = (event) => resolve(event.target.result);
  request.onerror = (event) => reject(event.target.error);
});
const until = (target, type) => new Promise((resolve) => target.addEventListener(type, resolve, {once: true}));

// What handlers threw, as a browser reports an exception in an event handler (not to the dispatcher).
const reported = [];

// A request as a browser's IDBRequest: on<type> attributes are listeners added when first set.
class BrowserRequest extends EventTarget {
  #handlers = {};
  constructor() {
    super();
    for (const type of ["success", "error", "upgradeneeded", "blocked"]) {
      Object.defineProperty(this, `on${type}`, {
        get: () => this.#handlers[type] ?? null,
        set: (handler) => {
          if (!(type in this.#handlers)) {
            this.addEventListener(type, (event) => {
              try { this.#handlers[type]?.call(this, event); } catch (error) { reported.push(error); }
            });
          }
          this.#handlers[type] = handler;
        },
      });
    }
  }
}

// indexedDB as a browser that denies storage to this frame: every open fails a task later.
function deniedFactory() {
  return {
    opened: 0,
    open() {
      this.opened += 1;
      const request = new BrowserRequest();
      request.readyState = "pending";
      setTimeout(() => {
        request.readyState = "done";
        request.error = new DOMException("The user denied permission to access the database.", "UnknownError");
        request.dispatchEvent(new Event("error"));
      }, 0);
      return request;
    },
  };
}

async function newStore(factory, name = "db", store = "entries") {
  const request = factory.open(name);
  request.onupgradeneeded = ({target: {result}}) => { if (!result.objectStoreNames.length) result.createObjectStore(store); };
  return settled(request);
}

test("a new database is upgraded (version 0 to 1), then opened; an open database is not upgraded again", async () => {
  const factory = new MemoryFactory();
  const seen = [];
  const first = factory.open("a");
  first.onupgradeneeded = (event) => {
    seen.push(["upgrade", event.oldVersion, event.newVersion, event.target.transaction.mode]);
    event.target.result.createObjectStore("entries");
    event.target.transaction.oncomplete = () => seen.push(["complete"]);
  };
  const db = await settled(first);
  seen.push(["success", db.version, Array.from(db.objectStoreNames)]);
  assert.deepEqual(seen, [["upgrade", 0, 1, "versionchange"], ["complete"], ["success", 1, ["entries"]]]);
  assert.equal(first.transaction, null);
  const again = factory.open("a");
  again.onupgradeneeded = () => assert.fail("upgraded twice");
  assert.equal((await settled(again)).objectStoreNames.contains("entries"), true);
  const older = factory.open("a", 2);
  older.onupgradeneeded = (event) => seen.push(["upgrade", event.oldVersion, event.newVersion]);
  await settled(older);
  assert.deepEqual(seen.at(-1), ["upgrade", 1, 2]);
  await assert.rejects(settled(factory.open("a", 1)), {name: "VersionError"});
});

test("object stores are made only while upgrading", async () => {
  const db = await newStore(new MemoryFactory());
  assert.throws(() => db.createObjectStore("more"), {name: "InvalidStateError"});
  assert.throws(() => db.transaction("missing", "readonly"), {name: "NotFoundError"});
});

test("put, get, getKey, getAllKeys, count, delete and clear keep and answer as IndexedDB does", async () => {
  const db = await newStore(new MemoryFactory());
  const write = db.transaction("entries", "readwrite");
  const store = write.objectStore("entries");
  const value = {list: [1, 2], text: "x"};
  for (const [key, item] of [["b", value], ["a", 1], [3, "three"], [1, null]]) store.put(item, key);
  value.list.push(99);  // kept as it was when put (structured clone), not as the caller changes it later
  await until(write, "complete");
  const read = db.transaction(["entries"], "readonly").objectStore("entries");
  assert.deepEqual(await settled(read.get("b")), {list: [1, 2], text: "x"});
  assert.equal(await settled(read.get("missing")), undefined);
  assert.equal(await settled(read.getKey("a")), "a");
  assert.equal(await settled(read.getKey("zz")), undefined);
  assert.deepEqual(await settled(read.getAllKeys()), [1, 3, "a", "b"]);  // numbers before strings
  assert.equal(await settled(read.count()), 4);
  const got = await settled(db.transaction("entries", "readonly").objectStore("entries").get("b"));
  got.list.push(7);  // a copy: changing what get returned changes nothing stored
  assert.deepEqual(await settled(db.transaction("entries", "readonly").objectStore("entries").get("b")).then((v) => v.list), [1, 2]);
  const change = db.transaction("entries", "readwrite").objectStore("entries");
  await settled(change.delete("a"));
  assert.deepEqual(await settled(change.getAllKeys()), [1, 3, "b"]);
  await settled(change.clear());
  assert.equal(await settled(change.count()), 0);
});

test("a read-only transaction refuses writes, and a bad key is refused", async () => {
  const db = await newStore(new MemoryFactory());
  const store = db.transaction("entries", "readonly").objectStore("entries");
  assert.throws(() => store.put(1, "a"), {name: "ReadOnlyError"});
  assert.throws(() => store.clear(), {name: "ReadOnlyError"});
  assert.throws(() => store.get({}), {name: "DataError"});
});

test("requests succeed in order, then the transaction completes (also one with no request at all)", async () => {
  const db = await newStore(new MemoryFactory());
  const transaction = db.transaction("entries", "readwrite");
  const store = transaction.objectStore("entries");
  const order = [];
  store.put(1, "k").onsuccess = () => {
    order.push("put");
    store.get("k").onsuccess = (event) => order.push(`get ${event.target.result}`);  // placed by a handler: still in
  };
  store.count().onsuccess = (event) => order.push(`count ${event.target.result}`);
  transaction.oncomplete = () => order.push("complete");
  await until(transaction, "complete");
  assert.deepEqual(order, ["put", "count 1", "get 1", "complete"]);
  const empty = db.transaction("entries", "readonly");
  await until(empty, "complete");
  assert.throws(() => transaction.objectStore("entries").get("k"), {name: "TransactionInactiveError"});
});

test("data lasts across connections of the same page, and deleteDatabase forgets it", async () => {
  const factory = new MemoryFactory();
  const db = await newStore(factory, "kept");
  await settled(db.transaction("entries", "readwrite").objectStore("entries").put("v", "k"));
  db.close();
  assert.throws(() => db.transaction("entries", "readonly"), {name: "InvalidStateError"});
  const reopened = await newStore(factory, "kept");
  assert.equal(await settled(reopened.transaction("entries", "readonly").objectStore("entries").get("k")), "v");
  assert.deepEqual(await factory.databases(), [{name: "kept", version: 1}]);
  await settled(factory.deleteDatabase("kept"));
  const fresh = await newStore(factory, "kept");
  assert.equal(await settled(fresh.transaction("entries", "readonly").objectStore("entries").count()), 0);
});

test("a working indexedDB is wrapped but left to answer by itself", async () => {
  const working = new MemoryFactory();  // stands for a browser's own, working IndexedDB
  const scope = {indexedDB: working};
  const notes = [];
  assert.equal(install(scope, (reason) => notes.push(reason)), "wrapped");
  const db = await newStore(scope.indexedDB, "real");
  await settled(db.transaction("entries", "readwrite").objectStore("entries").put(1, "k"));
  assert.deepEqual(Object.keys(working._databases), ["real"]);
  assert.deepEqual(notes, []);
});

test("where the browser denies IndexedDB, a failed open is answered from memory, and the caller's onerror never runs", async () => {
  const denied = deniedFactory();
  const scope = {indexedDB: denied};
  const notes = [];
  install(scope, (reason) => notes.push(String(reason && reason.name)));
  const request = scope.indexedDB.open("IDBMap/x");
  const seen = [];
  request.onupgradeneeded = ({target: {result, transaction}}) => {
    seen.push("upgradeneeded");
    result.createObjectStore("entries");
    transaction.oncomplete = () => seen.push("complete");
  };
  request.onerror = () => seen.push("error");
  const db = await settled(request);
  assert.equal(denied.opened, 1);
  assert.deepEqual(seen, ["upgradeneeded", "complete"]);
  assert.deepEqual(notes, ["UnknownError"]);
  await settled(db.transaction("entries", "readwrite").objectStore("entries").put("v", "k"));
  assert.equal(await settled(db.transaction("entries", "readonly").objectStore("entries").get("k")), "v");
});

test("an open that throws, or no indexedDB at all, gets the stand-in too", async () => {
  const throwing = {indexedDB: {open() { throw new DOMException("denied", "SecurityError"); }}};
  install(throwing);
  assert.equal((await newStore(throwing.indexedDB)).version, 1);
  assert.throws(() => {
    const picky = {indexedDB: {open() { throw new TypeError("bad version"); }}};
    install(picky);
    picky.indexedDB.open("x", 0);
  }, TypeError);  // a caller's own mistake still throws
  const missing = {};
  assert.equal(install(missing), "memory");
  assert.equal((await newStore(missing.indexedDB)).version, 1);
  const unreadable = {};
  Object.defineProperty(unreadable, "indexedDB", {configurable: true, get() { throw new DOMException("no", "SecurityError"); }});
  assert.equal(install(unreadable), "memory");
  assert.equal((await newStore(unreadable.indexedDB)).version, 1);
});

// ----- PyScript's own store, as vendored -------------------------------------------------------------

// The IDBMap code of PyScript's core-*.js: from its `const{assign:…}=Object` to the end of the Map
// class that wraps it, plus the engine's "Loading Storage" step that uses it.
function pyscriptStore() {
  const core = readFileSync(process.env.MASUME_PYSCRIPT_CORE, "utf8");
  const storeClass = /class (\w+) extends EventTarget\{#\w+;#\w+;#\w+;async#\w+\(\w+,\w+\)\{const \w+=\(await this\.#\w+\)\.transaction\(/.exec(core);
  assert.ok(storeClass, "PyScript's IDBMap class is not where static/js/storage-fallback.js expects it");
  const start = core.lastIndexOf("const{assign:", storeClass.index);
  assert.ok(start >= 0 && storeClass.index - start < 200, "the constants before PyScript's IDBMap class moved");
  const map = new RegExp(`class (\\w+) extends Map\\{#\\w+;#\\w+;constructor\\(\\.\\.\\.\\w+\\)\\{super\\(\\),this\\.#\\w+=new ${storeClass[1]}\\(`).exec(core.slice(storeClass.index));
  assert.ok(map, "PyScript's Map over IDBMap is not where static/js/storage-fallback.js expects it");
  let at = storeClass.index + map.index + map[0].indexOf("{");
  let depth = 0;
  do {
    if (core[at] === "{") depth += 1;
    else if (core[at] === "}") depth -= 1;
    at += 1;
  } while (depth > 0);
  const engine = /en\("Loading Storage"\);const (\w+)=.{0,80}?,(\w+)=new (\w+)\(`\$\{\1\}@\$\{\w+\}`\).{0,200}?await \2\.sync\(\)/.exec(core);
  assert.ok(engine, "PyScript's start no longer opens its store as static/js/storage-fallback.js expects");
  assert.equal(engine[3], map[1], "PyScript's start opens another store than the IDBMap tested here");
  return {source: `${core.slice(start, at)};return ${map[1]};`, engine: engine[0]};
}

test("the vendored PyScript's start-up store calls only what the stand-in answers", () => {
  const {source, engine} = pyscriptStore();
  // Every method the store's code calls: IndexedDB's (open, transaction, objectStore and the store's
  // requests), its own, and the language's. A new name is a PyScript that may need more of the stand-in.
  const called = new Set(Array.from(source.matchAll(/\.(\w+)\(/g), (match) => match[1]));
  assert.deepEqual([...called].sort(), ["all", "bind", "call", "clear", "close", "count", "createObjectStore",
    "delete", "dispatchEvent", "entries", "get", "getAllKeys", "getKey", "keys", "map", "objectStore", "open", "put",
    "set", "startsWith", "then", "transaction"]);
  // The start: the store is made, synced, then (packages_cache = "passthrough") cleared and closed.
  const store = /,(\w+)=new \w+\(/.exec(engine)[1];
  const start = readFileSync(process.env.MASUME_PYSCRIPT_CORE, "utf8");
  const from = start.indexOf(engine);
  const steps = start.slice(from, start.indexOf('"Loaded Pyodide"', from));
  const used = new Set(Array.from(steps.matchAll(new RegExp(`\\b${store}\\.(\\w+)\\(`, "g")), (match) => match[1]));
  assert.deepEqual([...used].sort(), ["clear", "close", "get", "has", "sync"]);
});

test("PyScript's store starts, keeps, reads and closes on the stand-in where IndexedDB is denied", async () => {
  const {source} = pyscriptStore();
  const denied = deniedFactory();
  const saved = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  globalThis.indexedDB = denied;
  try {
    install(globalThis);
    const StoreMap = new Function(source)();
    reported.length = 0;
    const store = new StoreMap("static/vendor/pyodide@0.27.7");
    store.clear();  // what the start does with packages_cache = "passthrough"
    await store.sync();
    store.set("k", "v");
    store.set("n", 2);
    store.delete("n");
    await store.close();
    assert.equal(denied.opened, 1);
    const again = new StoreMap("static/vendor/pyodide@0.27.7");
    await again.sync();  // the same page opens it again: what was kept is there
    assert.deepEqual(Array.from(again.entries()), [["k", "v"]]);
    await again.close();
    assert.deepEqual(reported, []);
  } finally {
    if (saved) Object.defineProperty(globalThis, "indexedDB", saved);
    else delete globalThis.indexedDB;
  }
});

test("without the stand-in PyScript's store fails where IndexedDB is denied (what the page met)", async () => {
  const {source} = pyscriptStore();
  const saved = Object.getOwnPropertyDescriptor(globalThis, "indexedDB");
  globalThis.indexedDB = deniedFactory();
  reported.length = 0;
  try {
    const StoreMap = new Function(source)();
    await assert.rejects(new StoreMap("x").sync(), (event) => event instanceof Event && event.type === "error");
    await tick();
    // its onerror dispatches the event it is handling again: the page's "already being dispatched"
    assert.equal(reported.length, 1);
    assert.match(String(reported[0].message), /already being dispatched/);
  } finally {
    if (saved) Object.defineProperty(globalThis, "indexedDB", saved);
    else delete globalThis.indexedDB;
  }
});
