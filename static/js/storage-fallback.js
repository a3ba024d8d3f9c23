// @ts-check
// Lets the page start where the browser denies it IndexedDB: a game portal shows Masume in a frame of
// another site, and browsers that block third-party storage (Chromium's default for such frames,
// private modes, strict tracking protection) make every indexedDB.open fail.
//
// Masume keeps nothing in IndexedDB itself, but PyScript 0.6.66 opens a store there as it starts (its
// IDBMap, for a package cache that pyscript.toml's packages_cache = "passthrough" leaves unused) and
// gives up when that open fails. So indexedDB.open is wrapped: where the browser's own open fails (an
// error event, a thrown exception, or no indexedDB at all), the caller gets an in-memory database that
// answers the few calls such a store makes (open with upgradeneeded/success, transaction, objectStore,
// get, getKey, getAllKeys, put, count, clear, delete, and the transaction's complete) and forgets
// everything when the page goes. Where the browser's open works, nothing changes.
// tests/unit/test_storage_fallback.py runs this file under Node, and runs PyScript's own store
// (taken from the vendored core-*.js) on it: a PyScript whose store reads differently fails there.
//
// Loaded as a classic script before PyScript's modules; under Node it exports its parts instead.
(function (scope, make) {
  "use strict";
  var parts = make();
  if (typeof module === "object" && module && module.exports) module.exports = parts;
  else parts.install(scope);
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  /** The stand-in's objects are EventTargets given IndexedDB's properties, as these types say:
   * @typedef {string | number} Key
   * @typedef {((this: EventTarget, event: Event) => void) | null} Handler
   * @typedef {EventTarget & {source: MemoryStore | null, transaction: StandInTransaction | null, readyState: string,
   *   result: unknown, error: unknown} & Record<string, Handler | unknown>} StandInRequest
   * @typedef {EventTarget & {db: StandInDatabase, mode: string, durability: string, error: unknown,
   *   objectStoreNames: string[], _finished: boolean, _queue: [StandInRequest, unknown, unknown][], _busy: boolean,
   *   objectStore: (name: string) => MemoryStore, _run: (request: StandInRequest, error: unknown, result: unknown) => void,
   *   _next: () => void, _finish: () => void, commit: () => void, abort: () => void}} StandInTransaction
   * @typedef {EventTarget & {name: string, version: number, _stores: Record<string, Map<Key, unknown>>,
   *   _closed: boolean, _upgrade: StandInTransaction | null, objectStoreNames: StoreNames,
   *   createObjectStore: (name: string) => MemoryStore, deleteObjectStore: (name: string) => void,
   *   transaction: (names: string | string[], mode?: string) => StandInTransaction, close: () => void}} StandInDatabase
   * @typedef {string[] & {contains?: (name: string) => boolean, item?: (index: number) => string | null}} StoreNames
   */

  /**
   * @param {string} name
   * @param {string} message
   * @returns {Error}
   */
  function domError(name, message) {
    if (typeof DOMException === "function") return new DOMException(message, name);
    var error = new Error(message);
    error.name = name;
    return error;
  }

  /** @param {() => void} callback */
  function later(callback) { setTimeout(callback, 0); }

  // An object with on<type> handler properties called like the DOM's: as a listener added when the
  // object is made, so that event.target is the object while the handler runs.
  /**
   * @param {EventTarget} target
   * @param {string[]} types
   */
  function withHandlers(target, types) {
    var handlers = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (target));
    types.forEach(function (type) {
      handlers["on" + type] = null;
      target.addEventListener(type, function (event) {
        var handler = handlers["on" + type];
        if (typeof handler === "function") handler.call(target, event);
      });
    });
  }

  /**
   * @param {EventTarget} target
   * @param {string} type
   * @param {Record<string, unknown>} [extra] properties the event carries (oldVersion, newVersion)
   * @returns {Event}
   */
  function fire(target, type, extra) {
    var event = new Event(type);
    var fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (event));
    for (var key in extra || {}) fields[key] = extra[key];
    target.dispatchEvent(event);
    return event;
  }

  // IndexedDB's key order for the keys a store like PyScript's uses: numbers before strings.
  /**
   * @param {unknown} key
   * @returns {Key}
   */
  function checkedKey(key) {
    if (typeof key === "number" && !isNaN(key)) return key;
    if (typeof key === "string") return key;
    throw domError("DataError", "The in-memory stand-in for IndexedDB takes only numbers and strings as keys.");
  }
  /**
   * @param {Key} a
   * @param {Key} b
   */
  function compareKeys(a, b) {
    if (typeof a !== typeof b) return typeof a === "number" ? -1 : 1;
    return a < b ? -1 : (a > b ? 1 : 0);
  }
  /**
   * @template T
   * @param {T} value
   * @returns {T}
   */
  function copy(value) {
    return typeof structuredClone === "function" ? structuredClone(value) : value;
  }

  // ----- the in-memory database ------------------------------------------------------------------

  /**
   * @param {MemoryStore | null} source
   * @param {StandInTransaction | null} transaction
   * @returns {StandInRequest}
   */
  function MemoryRequest(source, transaction) {
    var request = /** @type {StandInRequest} */ (new EventTarget());
    withHandlers(request, ["success", "error"]);
    request.source = source;
    request.transaction = transaction;
    request.readyState = "pending";
    request.result = undefined;
    request.error = null;
    return request;
  }

  /**
   * @constructor
   * @param {StandInTransaction} transaction
   * @param {string} name
   * @param {Map<Key, unknown>} records
   */
  function MemoryStore(transaction, name, records) {
    this.transaction = transaction;
    this.name = name;
    this._records = records;  // Map key -> value
  }
  /**
   * @param {boolean} writes
   * @param {(records: Map<Key, unknown>) => unknown} work
   * @returns {StandInRequest}
   */
  MemoryStore.prototype._request = function (writes, work) {
    var transaction = this.transaction;
    if (transaction._finished) throw domError("TransactionInactiveError", "The transaction has finished.");
    if (writes && transaction.mode === "readonly") {
      throw domError("ReadOnlyError", "The transaction is read-only.");
    }
    var request = MemoryRequest(this, transaction);
    var result;
    try {
      result = work(this._records);
    } catch (error) {
      transaction._run(request, error, undefined);
      return request;
    }
    transaction._run(request, null, result);
    return request;
  };
  /** @param {unknown} key */
  MemoryStore.prototype.get = function (key) {
    var checked = checkedKey(key);
    return this._request(false, function (records) { return copy(records.get(checked)); });
  };
  /** @param {unknown} key */
  MemoryStore.prototype.getKey = function (key) {
    var checked = checkedKey(key);
    return this._request(false, function (records) { return records.has(checked) ? checked : undefined; });
  };
  MemoryStore.prototype.getAllKeys = function () {
    return this._request(false, function (records) { return Array.from(records.keys()).sort(compareKeys); });
  };
  MemoryStore.prototype.getAll = function () {
    return this._request(false, function (records) {
      return Array.from(records.keys()).sort(compareKeys).map(function (key) { return copy(records.get(key)); });
    });
  };
  MemoryStore.prototype.count = function () {
    return this._request(false, function (records) { return records.size; });
  };
  /**
   * @param {unknown} value
   * @param {unknown} [key]
   */
  MemoryStore.prototype.put = function (value, key) {
    if (key === undefined) throw domError("DataError", "The in-memory stand-in needs an explicit key.");
    var checked = checkedKey(key);
    var stored = copy(value);
    return this._request(true, function (records) { records.set(checked, stored); return checked; });
  };
  /**
   * @param {unknown} value
   * @param {unknown} [key]
   */
  MemoryStore.prototype.add = function (value, key) {
    if (key === undefined) throw domError("DataError", "The in-memory stand-in needs an explicit key.");
    var checked = checkedKey(key);
    var stored = copy(value);
    return this._request(true, function (records) {
      if (records.has(checked)) throw domError("ConstraintError", "A record with this key already exists.");
      records.set(checked, stored);
      return checked;
    });
  };
  /** @param {unknown} key */
  MemoryStore.prototype.delete = function (key) {
    var checked = checkedKey(key);
    return this._request(true, function (records) { records.delete(checked); return undefined; });
  };
  MemoryStore.prototype.clear = function () {
    return this._request(true, function (records) { records.clear(); return undefined; });
  };

  // Requests succeed (or fail) one after another, a task later; the transaction completes once
  // none is left, and none was placed by the last one's handlers.
  /**
   * @param {StandInDatabase} db
   * @param {string[]} names
   * @param {string} mode
   * @returns {StandInTransaction}
   */
  function MemoryTransaction(db, names, mode) {
    var transaction = /** @type {StandInTransaction} */ (new EventTarget());
    withHandlers(transaction, ["complete", "error", "abort"]);
    transaction.db = db;
    transaction.mode = mode;
    transaction.durability = "default";
    transaction.error = null;
    transaction.objectStoreNames = names.slice();
    transaction._finished = false;
    transaction._queue = [];
    transaction._busy = false;
    transaction.objectStore = function (name) {
      if (names.indexOf(name) < 0) throw domError("NotFoundError", "No object store named " + name + ".");
      return new MemoryStore(transaction, name, db._stores[name]);
    };
    transaction._run = function (request, error, result) {
      transaction._queue.push([request, error, result]);
      transaction._next();
    };
    transaction._next = function () {
      if (transaction._busy) return;
      transaction._busy = true;
      later(function () {
        transaction._busy = false;
        var step = transaction._queue.shift();
        if (!step) { transaction._finish(); return; }
        var request = step[0];
        request.readyState = "done";
        if (step[1]) {
          request.error = step[1];
          var event = fire(request, "error");
          if (!event.defaultPrevented) {
            transaction.error = step[1];
            transaction._finished = true;
            transaction._queue = [];
            fire(transaction, "error");
            fire(transaction, "abort");
            return;
          }
        } else {
          request.result = step[2];
          fire(request, "success");
        }
        transaction._next();
      });
    };
    transaction._finish = function () {
      if (transaction._finished) return;
      transaction._finished = true;
      if (db._upgrade === transaction) db._upgrade = null;
      fire(transaction, "complete");
    };
    transaction.commit = function () { transaction._next(); };
    transaction.abort = function () {
      if (transaction._finished) throw domError("InvalidStateError", "The transaction has finished.");
      transaction._finished = true;
      transaction._queue = [];
      later(function () { fire(transaction, "abort"); });
    };
    return transaction;
  }

  /**
   * @param {Record<string, unknown>} stores
   * @returns {StoreNames}
   */
  function storeNames(stores) {
    var names = Object.keys(stores).sort();
    /** @type {StoreNames} */
    var list = names.slice();
    list.contains = function (name) { return names.indexOf(name) >= 0; };
    list.item = function (index) { return index < names.length ? names[index] : null; };
    return list;
  }

  /**
   * @param {string} name
   * @param {number} version
   * @param {Record<string, Map<Key, unknown>>} stores
   * @returns {StandInDatabase}
   */
  function MemoryDatabase(name, version, stores) {
    var db = /** @type {StandInDatabase} */ (new EventTarget());
    withHandlers(db, ["abort", "close", "error", "versionchange"]);
    db.name = name;
    db.version = version;
    db._stores = stores;
    db._closed = false;
    db._upgrade = null;  // the versionchange transaction while upgradeneeded runs
    Object.defineProperty(db, "objectStoreNames", {get: function () { return storeNames(stores); }});
    db.createObjectStore = function (storeName) {
      if (!db._upgrade) throw domError("InvalidStateError", "Object stores are made only while upgrading.");
      if (Object.prototype.hasOwnProperty.call(stores, storeName)) {
        throw domError("ConstraintError", "An object store named " + storeName + " already exists.");
      }
      stores[storeName] = new Map();
      db._upgrade.objectStoreNames.push(storeName);
      return new MemoryStore(db._upgrade, storeName, stores[storeName]);
    };
    db.deleteObjectStore = function (storeName) {
      if (!db._upgrade) throw domError("InvalidStateError", "Object stores are deleted only while upgrading.");
      delete stores[storeName];
    };
    db.transaction = function (names, mode) {
      if (db._closed) throw domError("InvalidStateError", "The database connection is closing.");
      var wanted = typeof names === "string" ? [names] : Array.from(names);
      wanted.forEach(function (storeName) {
        if (!Object.prototype.hasOwnProperty.call(stores, storeName)) {
          throw domError("NotFoundError", "No object store named " + storeName + ".");
        }
      });
      var transaction = MemoryTransaction(db, wanted, mode || "readonly");
      transaction._next();  // a transaction given no request completes by itself
      return transaction;
    };
    db.close = function () { db._closed = true; };
    return db;
  }

  // IDBFactory's open and deleteDatabase, over databases kept in this page's memory.
  /** @constructor */
  function MemoryFactory() {
    /** @type {Record<string, {version: number, stores: Record<string, Map<Key, unknown>>}>} */
    this._databases = {};  // name -> {version, stores}
  }
  /**
   * @param {unknown} name
   * @param {number} [version]
   * @returns {StandInRequest}
   */
  MemoryFactory.prototype.open = function (name, version) {
    if (version !== undefined && !(version >= 1)) throw new TypeError("The version must be 1 or more.");
    var request = MemoryRequest(null, null);
    withHandlers(request, ["upgradeneeded", "blocked"]);
    this.answer(request, String(name), version);
    return request;
  };
  // Answers an open request (this stand-in's own, or the browser's whose open failed) from memory:
  // upgradeneeded when the database is new or older than asked, then success, a task later.
  /**
   * @param {EventTarget} request
   * @param {string} name
   * @param {number} [version]
   */
  MemoryFactory.prototype.answer = function (request, name, version) {
    var databases = this._databases;
    /**
     * @param {string} key
     * @param {unknown} value
     */
    function set(key, value) {
      Object.defineProperty(request, key, {value: value, configurable: true, writable: true});
    }
    later(function () {
      var known = databases[name];
      var oldVersion = known ? known.version : 0;
      var newVersion = version === undefined ? Math.max(oldVersion, 1) : version;
      if (newVersion < oldVersion) {
        set("readyState", "done");
        set("error", domError("VersionError", "The database is newer than the version asked for."));
        fire(request, "error");
        return;
      }
      if (!known) known = databases[name] = {version: 0, stores: {}};
      var db = MemoryDatabase(name, newVersion, known.stores);
      set("readyState", "done");
      set("error", null);
      set("result", db);
      var succeed = function () {
        set("transaction", null);
        fire(request, "success");
      };
      if (newVersion === oldVersion) { set("transaction", null); succeed(); return; }
      known.version = newVersion;
      var upgrade = MemoryTransaction(db, Object.keys(known.stores), "versionchange");
      db._upgrade = upgrade;
      set("transaction", upgrade);
      upgrade.addEventListener("complete", function () { later(succeed); });
      fire(request, "upgradeneeded", {oldVersion: oldVersion, newVersion: newVersion});
      upgrade._next();
    });
  };
  /** @param {unknown} name */
  MemoryFactory.prototype.deleteDatabase = function (name) {
    var request = MemoryRequest(null, null);
    withHandlers(request, ["blocked", "upgradeneeded"]);
    var databases = this._databases;
    later(function () {
      var known = databases[String(name)];
      delete databases[String(name)];
      request.readyState = "done";
      fire(request, "success", {oldVersion: known ? known.version : 0, newVersion: null});
    });
    return request;
  };
  MemoryFactory.prototype.databases = function () {
    var databases = this._databases;
    return Promise.resolve(Object.keys(databases).map(function (name) {
      return {name: name, version: databases[name].version};
    }));
  };
  /**
   * @param {unknown} a
   * @param {unknown} b
   */
  MemoryFactory.prototype.cmp = function (a, b) { return compareKeys(checkedKey(a), checkedKey(b)); };

  // ----- the wrap -----------------------------------------------------------------------------

  // Wraps scope.indexedDB.open (or puts the stand-in where there is no indexedDB) and returns what
  // it did: "wrapped", "memory" or "none". `noted(reason)` is told each time the stand-in answers.
  /**
   * @param {any} scope the page's window (or a test's stand-in for it)
   * @param {(reason: unknown) => void} [noted]
   * @returns {"wrapped" | "memory" | "none"}
   */
  function install(scope, noted) {
    var memory = new MemoryFactory();
    /** @param {unknown} reason */
    var tell = function (reason) {
      var root = scope.document && scope.document.documentElement;
      if (root && root.setAttribute) root.setAttribute("data-indexeddb", "memory");
      if (noted) noted(reason);
    };
    var factory = null;
    try {
      factory = scope.indexedDB;
    } catch (error) {
      factory = null;  // (an opaque origin's frame: reading it throws SecurityError)
    }
    if (!factory || typeof factory.open !== "function") {
      try {
        Object.defineProperty(scope, "indexedDB", {value: memory, configurable: true, writable: true});
      } catch (error) {
        return "none";
      }
      var open = memory.open;
      memory.open = function () { tell("no IndexedDB"); return open.apply(memory, arguments); };
      return "memory";
    }
    var realOpen = factory.open;
    /**
     * @param {string} name
     * @param {number} [version]
     * @returns {IDBOpenDBRequest | StandInRequest}
     */
    factory.open = function (name, version) {
      var request;
      try {
        request = version === undefined ? realOpen.call(factory, name) : realOpen.call(factory, name, version);
      } catch (error) {
        if (error instanceof TypeError) throw error;  // a wrong argument is the caller's, as before
        tell(error);
        return memory.open(name, version);
      }
      // Added before the caller sets onerror, so it runs first: a failed open is answered from memory
      // instead, and the caller's handlers see upgradeneeded and success as from a working browser.
      request.addEventListener("error", function (event) {
        if (event.target !== request) return;
        event.stopImmediatePropagation();
        event.preventDefault();
        tell(request.error);
        memory.answer(request, String(name), version);
      });
      return request;
    };
    return "wrapped";
  }

  return {MemoryFactory: MemoryFactory, install: install};
});
