// Masume's loading screen and delivery. Runs before Python, as the page's first script.
//
// - Requests every big file of the runtime at once, from the list `make vendor` writes
//   (static/vendor/precache.js), instead of one after another as PyScript would find them,
//   and hands each response to PyScript or Pyodide when they ask for it: nothing is
//   downloaded twice. Meanwhile it draws a progress bar of bytes received out of the total.
// - Names a missing (404), blocked or damaged file within seconds, in the player's language:
//   each download is checked against its size and sha256 from the list as it arrives, and
//   every other file the page loaded (stylesheets, JS modules) against its size.
// - Turns every other way start-up can fail (a file:// URL, a rejected promise, a stall)
//   into a readable message with a retry button, naming the step that failed; never a
//   Python traceback. A slow download is never a failure: only one that stops (no byte for
//   STALL_MS) is said, and the message goes away if bytes come again.
// - Once the game is ready, registers the service worker (sw.js) for offline play, and says
//   when a new version is ready or when offline play is not available.
(function () {
  "use strict";
  // Once every byte is here, how long Python may take to start before the loader gives up, and
  // how long a download may go without a byte before the loader says it stalled. (Tests shorten
  // them through window.masumeBootTimeoutMs / masumeBootStallMs, set before this script runs.)
  var TIMEOUT_MS = window.masumeBootTimeoutMs || 90000;
  var STALL_MS = window.masumeBootStallMs || 30000;
  var DIAGNOSE_MS = 4000;  // how long a failure waits to find out whether a file is missing
  var SNAPSHOT_WAIT_MS = 10000;  // how long the start waits for Cache Storage to say whether a snapshot is stored
  var root = document.documentElement;
  var failed = false;
  var failing = false;
  var BUILD = window.MASUME_BUILD;
  var nativeFetch = window.fetch && window.fetch.bind(window);
  var snapshotFound = null;  // Promise<boolean>: whether a start-up snapshot of this build is stored
  var isFileUrl = window.location.protocol === "file:";
  // Shown in a frame (a game portal's page around it)? Then a refused service worker says nothing of
  // its own: a portal's page needs the network anyway, and app/web/shell.py says that nothing is kept.
  var embedded = false;
  try { embedded = window.self !== window.top; } catch (e) { embedded = true; }
  if (embedded) root.setAttribute("data-embedded", "frame");
  // A frame sandboxed without allow-same-origin runs with an opaque origin: the browser refuses the page
  // its own module scripts and every storage (reading window.caches throws), so the game cannot start
  // there; the loader says so instead of touching any of it.
  var opaque = !isFileUrl && window.origin === "null";

  // A start-up snapshot of this build is read from Cache Storage at once, while PyScript loads:
  // static/js/interpreter.js takes it from here (the cache and key are named the same there).
  if (BUILD && !opaque && window.caches && window.isSecureContext && !isFileUrl) {
    var snapshotCache = "masume:" + new URL("./", document.baseURI).href + ":" + BUILD.version + ":snapshot";
    // (One call: CacheStorage.match with a cacheName neither opens nor creates that cache.) Refused
    // (a portal's frame denied storage), it is no snapshot; unanswered for SNAPSHOT_WAIT_MS, the page
    // starts the normal way rather than wait on a storage that may never answer.
    var matched = Promise.race([new Promise(function (resolve) {
      caches.match(new URL("masume-start-snapshot.bin", document.baseURI).href, {cacheName: snapshotCache})
        .then(resolve, function () { resolve(null); });
    }), new Promise(function (resolve) { setTimeout(function () { resolve(null); }, SNAPSHOT_WAIT_MS); })])
      .catch(function () { return null; });  // (a match that throws at once)
    snapshotFound = matched.then(function (response) { return !!response; });
    window.masumeSnapshotFound = snapshotFound;
    window.masumeSnapshotRead = matched.then(function (response) { return response ? response.arrayBuffer() : null; })
      .catch(function () { return null; });
  }

  function language() {
    try {
      var saved = JSON.parse(window.localStorage.getItem("masume:setting:lang"));
      if (saved === "ja" || saved === "en") return saved;
    } catch (e) { /* storage may be disabled: follow the browser */ }
    var wanted = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    return String(wanted).toLowerCase().indexOf("ja") === 0 ? "ja" : "en";
  }
  var lang = language();
  root.lang = lang;

  // Text comes from data-en / data-ja attributes in index.html, which a unit
  // test keeps equal to the Python string catalogue. Later messages (the update
  // notice) follow the language the player has chosen since.
  function text(id, values) {
    var node = document.getElementById(id);
    var current = root.lang === "ja" ? "ja" : (root.lang === "en" ? "en" : lang);
    var out = node ? node.getAttribute("data-" + current) || "" : "";
    for (var key in values || {}) out = out.split("{" + key + "}").join(values[key]);
    return out;
  }
  function localise() {
    var nodes = document.querySelectorAll("[data-en][data-ja]");
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = nodes[i].getAttribute("data-" + lang);
  }
  function byId(id) { return document.getElementById(id); }
  function whenParsed(callback) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback);
    else callback();
  }
  function setStage(id) {
    if (failed) return;
    var stage = byId("loading-stage");
    if (stage) stage.textContent = text(id);
  }

  // A failure's cause in words, whatever was thrown or rejected: an Error or DOMException by its name
  // and message, an Event by what it came from (an IndexedDB request's event carries the request's
  // error), text as it is; never "[object Event]".
  function describe(reason, depth) {
    if (reason === null || reason === undefined || reason === "") return "";
    if (typeof reason !== "object" && typeof reason !== "function") return String(reason);
    if ((depth || 0) > 2) return "";
    var isEvent = typeof Event === "function" && reason instanceof Event;
    if (isEvent) {
      if (reason.message) return String(reason.message);  // an ErrorEvent
      if (reason.error) return describe(reason.error, (depth || 0) + 1);
      var target = reason.target;
      var inner = "";
      try { inner = target && target.error ? describe(target.error, (depth || 0) + 1) : ""; } catch (e) { inner = ""; }
      if (inner) return inner;
      var source = target && target.constructor && target.constructor.name;
      return "“" + reason.type + "” event" + (source ? " from " + source : "");
    }
    var name = reason.name ? String(reason.name) : "";
    var message = reason.message ? String(reason.message) : "";
    if (name && message) return message.indexOf(name) === 0 ? message : name + ": " + message;
    if (message || name) return message || name;
    var text = "";
    try { text = String(reason); } catch (e) { text = ""; }  // (an object without toString)
    if (text && !/^\[object \w+\]$/.test(text)) return text;
    var kind = typeof reason.constructor === "function" && reason.constructor.name;
    return "an unexpected " + (kind && kind !== "Object" ? kind : "value");
  }
  window.masumeDescribeFailure = describe;  // (app/web/engine.py words numpy's failure with it)

  // A reason for the message: one line, and never a Python traceback (its last line names the error).
  function readable(reason) {
    var lines = describe(reason).split("\n").map(function (line) { return line.trim(); })
      .filter(function (line) { return line; });
    var traceback = lines.some(function (line) {
      return line.indexOf("Traceback (most recent call last)") === 0 || line.indexOf("File \"") === 0;
    });
    var line = (traceback ? lines[lines.length - 1] : lines[0]) || "";
    return line.replace(/^Traceback \(most recent call last\):?/, "").slice(0, 200);
  }

  function show(messageId, values) {
    if (failed || root.getAttribute("data-ready") === "true") return;
    whenParsed(function () {
      if (failed || root.getAttribute("data-ready") === "true") return;
      failed = true;
      root.setAttribute("data-boot", "failed");
      showLoadingScreen();
      var box = byId("loading-error");
      byId("loading-error-text").textContent = text(messageId, values);
      box.hidden = false;
      byId("loading-retry").focus({preventScroll: true});  // (never scrolls an embedding page)
    });
  }

  // A failure before the first screen was ready may come after Python hid the loading screen (its
  // first screen failed to open): the message is shown there again, in place of a half-built page.
  function showLoadingScreen() {
    var loading = byId("loading");
    var app = byId("app");
    if (loading) loading.hidden = false;
    if (app) app.hidden = true;
  }

  // ----- the build's files -------------------------------------------------------------------

  function entryUrl(entry) { return new URL(entry.url, document.baseURI).href; }
  var entries = (BUILD && BUILD.files) || [];
  var byUrl = {};
  entries.forEach(function (entry) { byUrl[entryUrl(entry)] = entry; });

  // A file that arrived but is not this build's (truncated, changed, or another version's).
  function fileDamaged(entry) {
    root.setAttribute("data-damaged-file", entry.url);
    // Found after the first screen (numpy's wheel comes last): the game is running, so a notice says it.
    if (root.getAttribute("data-ready") === "true") pageFileProblem(entry);
    else show("msg-file-damaged", {file: entry.url});
  }

  function fileMissing(entry, status) {
    root.setAttribute("data-missing-file", entry.url);
    // Found after the first screen (numpy's wheel comes last): the game is running, so a notice says it.
    if (root.getAttribute("data-ready") === "true") pageFileProblem(entry, status);
    else if (status) show("msg-file-missing", {file: entry.url, status: status});
    else show("msg-file-blocked", {file: entry.url});
  }

  // Ask for one file without keeping it: the status names a missing file, a rejection a blocked one.
  function probe(entry) {
    return nativeFetch(entryUrl(entry), {method: "HEAD", cache: "no-store"}).then(function (response) {
      return response.ok ? null : {entry: entry, status: response.status};
    }, function () { return {entry: entry, status: 0}; });
  }

  // After a failure: is a file of the build missing? (Every failure from a half-uploaded folder
  // looks different inside PyScript; the file list knows the cause.) Gives up after DIAGNOSE_MS.
  function diagnose(urls) {
    var wanted = urls ? entries.filter(function (entry) { return urls.indexOf(entryUrl(entry)) >= 0; }) : entries;
    var short = truncatedResource(wanted);
    if (short) return Promise.resolve({entry: short, damaged: true});
    if (!wanted.length || !nativeFetch) return Promise.resolve(null);
    var checks = Promise.all(wanted.map(probe)).then(function (results) {
      return results.filter(function (result) { return result; })[0] || null;
    });
    // A download still being checked may be the cause (numpy's wheel, refused by Pyodide's own check).
    var found = Promise.all([damagedDownload(), checks]).then(function (results) {
      return results[0] ? {entry: results[0], damaged: true} : results[1];
    });
    var giveUp = new Promise(function (resolve) { setTimeout(function () { resolve(null); }, DIAGNOSE_MS); });
    return Promise.race([found, giveUp]);
  }

  function fail(messageId, detail, urls) {
    if (failed || failing || opaque || root.getAttribute("data-ready") === "true") return;  // (opaque: said below)
    // From a file:// URL every later failure has the same cause: say that one.
    if (isFileUrl) { show("msg-file-protocol"); return; }
    failing = true;
    diagnose(urls).then(function (found) {
      if (found && found.damaged) fileDamaged(found.entry);
      else if (found) fileMissing(found.entry, found.status);
      else if (messageId === "msg-load-failed") show("msg-step-failed", {step: currentStep(), reason: readable(detail)});
      else show(messageId, {reason: readable(detail)});
    });
  }
  window.masumeBootFailed = fail;  // app/main.py calls this when Python fails to start

  // ----- progress: bytes received out of the total ------------------------------------------

  var total = 0;
  var received = 0;
  var pending = 0;
  var drawQueued = false;
  function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }
  function draw() {
    drawQueued = false;
    var bar = byId("loading-progress");
    var label = byId("loading-bytes");
    if (!bar || !label || !total) return;
    bar.max = total;
    bar.value = Math.min(received, total);
    if (pending === 0) {
      root.setAttribute("data-download", "done");
      label.textContent = text("msg-download-done");
    } else {
      label.textContent = text("msg-downloading", {done: megabytes(received), total: megabytes(total)});
    }
  }
  function redraw() {
    if (drawQueued) return;
    drawQueued = true;
    (window.requestAnimationFrame || setTimeout)(draw);
  }
  var lastByteAt = Date.now();
  var doneAt = 0;
  function arrived(bytes) {
    received += bytes;
    if (bytes > 0) {
      lastByteAt = Date.now();
      if (stalled) unstall();
    }
    redraw();
  }
  function finished() {
    pending -= 1;
    if (pending === 0) doneAt = Date.now();
    redraw();
  }

  // ----- checking what arrived ---------------------------------------------------------------

  function hexOf(buffer) {
    var bytes = new Uint8Array(buffer);
    var out = "";
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }

  // Collects a download's chunks; end() checks size and sha256 against the list and names a damaged file.
  function checker(entry) {
    var chunks = [];
    var size = 0;
    return {
      add: function (chunk) { chunks.push(chunk); size += chunk.byteLength; },
      end: function () {
        if (!entry.sha256 || !window.crypto || !crypto.subtle) return Promise.resolve(true);
        if (size !== entry.size) { fileDamaged(entry); return Promise.resolve(false); }
        var whole = new Uint8Array(size);
        var at = 0;
        chunks.forEach(function (chunk) { whole.set(chunk, at); at += chunk.byteLength; });
        chunks = null;
        return crypto.subtle.digest("SHA-256", whole).then(function (digest) {
          if (hexOf(digest) === entry.sha256) return true;
          fileDamaged(entry);
          return false;
        }, function () { return true; });
      }
    };
  }

  // A file the page loaded by itself (a stylesheet, a JS module) that is shorter or longer than
  // the list says: the browser's resource timing knows its decoded size.
  function truncatedResource(wanted) {
    if (!window.performance || !performance.getEntriesByType) return null;
    var seen = {};
    performance.getEntriesByType("resource").forEach(function (timing) {
      if (timing.decodedBodySize > 0) seen[timing.name.split("#")[0]] = timing.decodedBodySize;
    });
    return wanted.filter(function (entry) {
      var size = seen[entryUrl(entry)];
      return size !== undefined && size !== entry.size;
    })[0] || null;
  }

  // Count a response's bytes as they arrive; resolves when the body is complete (or broken).
  function countBody(response, entry) {
    return new Promise(function (resolve) {
      if (!response.body || !response.body.getReader) { arrived(entry.size); finished(); resolve(); return; }
      var reader = response.body.getReader();
      var check = checker(entry);
      (function pump() {
        reader.read().then(function (step) {
          if (step.done) { finished(); check.end().then(resolve); return; }
          check.add(step.value);
          arrived(step.value.byteLength);
          pump();
        }, function () { finished(); resolve(); });
      })();
    });
  }

  // ----- request everything at once, hand each response over once ---------------------------

  var prefetched = {};  // absolute URL -> Promise<Response>, taken by the first fetch() of that URL
  var verdicts = {};  // absolute URL -> Promise<false if the download is damaged>, settled once it was checked
  var notYet = {};  // absolute URL -> entry of the second wave, not requested yet
  var complete = {};  // absolute URL -> Promise resolved once that download has ended, however

  function sha256Base64(buffer) {
    return crypto.subtle.digest("SHA-256", buffer).then(function (digest) {
      var bytes = new Uint8Array(digest);
      var binary = "";
      for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
      return "sha256-" + btoa(binary);
    });
  }

  // On a first visit, each download is also written to the cache the service worker will fill
  // for this version (sw.js checks each file's sha256 before it keeps it): the worker does not
  // download the big files a second time.
  var staging = null;
  function openStaging() {
    if (!window.caches || !window.isSecureContext || !window.TransformStream) return null;
    var name = "masume:" + new URL("./", document.baseURI).href + ":" + BUILD.version;
    return caches.open(name).catch(function () { return null; });
  }

  function prefetch(entry) {
    var url = entryUrl(entry);
    pending += 1;
    var ended;
    complete[url] = new Promise(function (resolve) { ended = resolve; });
    function done() { finished(); ended(); }
    prefetched[url] = nativeFetch(url, {credentials: "same-origin"}).then(function (response) {
      if (!response.ok) { fileMissing(entry, response.status); done(); return response; }
      // Checked as it arrives, on a copy read at the network's pace (not the cache write's, which can
      // lag seconds behind): a damaged file is named before whoever asked for it finds it broken.
      var verdict = countBody(response.clone(), entry);
      verdicts[url] = verdict;
      verdict.then(ended);
      if (staging && response.body) stage(url, response.clone(), verdict);
      return response;
    }, function (error) {
      fileMissing(entry, 0);
      done();
      throw error;
    });
  }

  // On a first visit each download is also written to the cache the service worker will fill for
  // this version; a copy found damaged is taken out again (sw.js checks hashes too).
  function stage(url, copy, verdict) {
    staging.then(function (cache) {
      if (!cache) return copy.body.cancel();
      return cache.put(url, copy).then(function () {
        return verdict.then(function (good) { return good === false ? cache.delete(url) : null; });
      });
    }).catch(function () { /* a full quota only costs the worker a download */ });
  }

  // A download found damaged among those checked so far, waiting for the ones still arriving.
  function damagedDownload() {
    var urls = Object.keys(verdicts);
    return Promise.all(urls.map(function (url) { return verdicts[url]; })).then(function (results) {
      for (var i = 0; i < results.length; i++) if (results[i] === false) return byUrl[urls[i]] || {url: urls[i]};
      return null;
    });
  }

  // Pyodide's runtime, compiled while the page loads (window.masumeRuntimeWasm: Promise of a
  // WebAssembly.Module, or null when it could not be, e.g. a server's wrong content type; then
  // Pyodide fetches and compiles it itself, as it would have). A first visit downloads it
  // gzipped and inflates it as it arrives (3.2 instead of 10.1 MB: many hosts send .wasm
  // uncompressed); later visits compile the inflated copy the service worker stored, so the
  // browser can reuse the code it cached. `plain` is the runtime's entry, `packed` its gzipped copy.
  var runtimeWasmUrl = null;
  function compileEarly(plain, packed, controlled) {
    if (!window.WebAssembly || !WebAssembly.compileStreaming) return false;
    runtimeWasmUrl = entryUrl(plain);
    var compiled;
    if (controlled || !packed || !window.DecompressionStream) {
      if (!controlled) return false;  // (Pyodide requests the plain file, prefetched as any other)
      compiled = WebAssembly.compileStreaming(nativeFetch(runtimeWasmUrl, {credentials: "same-origin"}));
    } else {
      prefetch(packed);
      var response = prefetched[entryUrl(packed)];
      delete prefetched[entryUrl(packed)];  // nobody else asks for the gzipped copy
      compiled = response.then(function (packedResponse) {
        if (!packedResponse.ok || !packedResponse.body) return null;
        var inflated = inflatedOrNamed(packedResponse.body, packed);
        return WebAssembly.compileStreaming(new Response(inflated, {headers: {"Content-Type": "application/wasm"}}));
      });
    }
    window.masumeRuntimeWasm = compiled.catch(function () { return null; });
    return true;
  }

  // The inflated bytes of a gzipped download. Bytes that cannot be inflated (changed, or cut
  // short) name the file as damaged at once, a fraction of a second into the download, instead
  // of after the whole file's checksum, which the Cache API's write can hold back for seconds.
  function inflatedOrNamed(body, entry) {
    var reader = body.pipeThrough(new DecompressionStream("gzip")).getReader();
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

  // Whether a file the page loaded itself arrived as the list says: false when it is not (a size
  // the browser saw, or its bytes fetched again against the list's sha256), null when that cannot
  // be told (no list entry's hash, no digest, no answer).
  function arrivedIntact(entry) {
    if (truncatedResource([entry])) return Promise.resolve(false);
    if (!entry.sha256 || !nativeFetch || !window.crypto || !crypto.subtle) return Promise.resolve(null);
    return nativeFetch(entryUrl(entry), {credentials: "same-origin"}).then(function (response) {
      return response.ok ? response.arrayBuffer() : null;
    }).then(function (bytes) {
      if (!bytes) return null;
      if (bytes.byteLength !== entry.size) return false;
      return crypto.subtle.digest("SHA-256", bytes).then(function (digest) { return hexOf(digest) === entry.sha256; });
    }).catch(function () { return null; });
  }

  // A script or module of the build that did not run: missing (its HTTP status), damaged (it arrived,
  // but not as the list says: a truncated or changed core.js), or else blocked on its way.
  function nameBrokenScript(entry) {
    probe(entry).then(function (found) {
      if (found && found.status) { fileMissing(entry, found.status); return null; }
      return arrivedIntact(entry).then(function (intact) {
        if (intact === false) fileDamaged(entry);
        else fileMissing(entry, found ? found.status : 0);
      });
    });
  }

  // A syntax error reported from a file of the build (a module cut short or with changed bytes parses
  // wrong): named as damaged when its bytes are not the list's.
  function syntaxErrorInBuildFile(event) {
    if (!event || !event.filename || root.getAttribute("data-ready") === "true") return;
    var syntax = (window.SyntaxError && event.error instanceof SyntaxError) || /SyntaxError/.test(String(event.message));
    var entry = syntax && byUrl[new URL(event.filename, document.baseURI).href.split("#")[0]];
    if (entry) arrivedIntact(entry).then(function (intact) { if (intact === false) fileDamaged(entry); });
  }

  function modulePreload(entry) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = entry.url;
    pending += 1;
    link.addEventListener("load", function () { arrived(entry.size); finished(); });
    link.addEventListener("error", function () {
      finished();
      nameBrokenScript(entry);
    });
    document.head.appendChild(link);
  }

  // Whether the screen the address names runs a game's rules, and so needs numpy at once: any
  // game route but statistics (app/core/route.py has the full grammar; home is the empty hash).
  window.masumeEngineWanted = function () {
    var parts = String(window.location.hash || "").replace(/^#/, "").split("/");
    return !!parts[0] && parts[1] !== "stats";
  };

  // A copy of a file's bytes, for a script that reads it before PyScript asks for it
  // (static/js/interpreter.js unzips the game's files early): the download is shared, never
  // repeated. PyScript's own request gets the response once `until` has settled (the early
  // reader is done with it) or after HOLD_MS at most. Promise<ArrayBuffer or null>, or null.
  var HOLD_MS = 5000;
  var held = {};  // absolute URL -> Promise PyScript's request waits for
  window.masumeEarlyBytes = function (href, until) {
    var url = new URL(href, document.baseURI);
    url.hash = "";
    if (notYet[url.href]) { var entry = notYet[url.href]; delete notYet[url.href]; prefetch(entry); }
    var waiting = prefetched[url.href];
    if (!waiting) return null;
    var copy = waiting.then(function (response) { return response.clone(); });
    if (until) {
      held[url.href] = Promise.race([until.catch(function () {}), new Promise(function (resolve) {
        setTimeout(resolve, HOLD_MS);
      })]);
    }
    return copy.then(function (response) { return response.ok ? response.arrayBuffer() : null; });
  };

  // PyScript and Pyodide call the global fetch() when they need a file: the first call for a
  // prefetched URL gets the response already on its way. A request with an integrity value
  // (Pyodide checks the numpy wheel's sha256) is checked here against the same value.
  function takeOver() {
    window.fetch = function (input, init) {
      var plain = typeof input === "string" || input instanceof URL;
      var method = (init && init.method) || "GET";
      if (plain && method.toUpperCase() === "GET" && !(init && init.body)) {
        var url = new URL(String(input), document.baseURI);
        url.hash = "";
        if (notYet[url.href]) {  // asked for before its turn (numpy, installed while home is built): start it now
          var entry = notYet[url.href];
          delete notYet[url.href];
          prefetch(entry);
        }
        if (url.href === runtimeWasmUrl && window.masumeRuntimeWasm) {
          // Already compiled (compileEarly): Pyodide's own request would read its 10 MB again for
          // nothing, so it gets an empty stand-in (static/js/runtime-setup.js instantiates the
          // compiled module instead); if the early compile failed, the real file.
          return window.masumeRuntimeWasm.then(function (module) {
            return module ? new Response(new Uint8Array(0), {headers: {"Content-Type": "application/wasm"}})
              : nativeFetch(input, init);
          });
        }
        var waiting = prefetched[url.href];
        if (waiting && held[url.href]) {
          var hold = held[url.href];
          delete held[url.href];
          delete prefetched[url.href];
          return hold.then(function () { return waiting; });
        }
        if (waiting) {
          delete prefetched[url.href];
          if (!(init && init.integrity)) return waiting;
          if (!window.crypto || !crypto.subtle) return nativeFetch(input, init);
          return waiting.then(function (response) {
            var headers = response.headers;
            var status = response.status;
            return response.arrayBuffer().then(function (bytes) {
              return sha256Base64(bytes).then(function (digest) {
                if (digest === init.integrity) return new Response(bytes, {status: status, headers: headers});
                // Our own check names the file first (it read the same bytes), then the caller hears of it.
                return Promise.resolve(verdicts[url.href]).then(function () {
                  throw new TypeError("Integrity check failed for " + url.href);
                });
              });
            });
          });
        }
      }
      return nativeFetch(input, init);
    };
  }

  // The files PyScript and Pyodide need to start Python come first; the numpy wheel and the
  // game's files second, so they arrive while Python starts instead of slowing its start.
  // (app.zip is small and static/js/interpreter.js unzips it while Python starts: it comes first too.)
  var FIRST = /pyodide\.asm\.|python_stdlib|pyodide-lock|pyodide\.mjs|pyscript\/|pyscript\.toml$|\/app\.zip$/;
  function startDownloads() {
    if (!nativeFetch) return;
    var controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
    var first = [];
    var second = [];
    // The runtime's WebAssembly is compiled at once, streaming, while the rest loads
    // (static/js/runtime-setup.js hands the compiled module to Pyodide): nothing waits for it.
    var plainWasm = entries.filter(function (entry) { return /\.wasm$/.test(entry.url); })[0];
    var packedWasm = plainWasm && entries.filter(function (entry) { return entry.url === plainWasm.from; })[0];
    entries.forEach(function (entry) {
      if (entry.kind === "module") { total += entry.size; modulePreload(entry); return; }
      if (entry === plainWasm && !(packedWasm && window.DecompressionStream)) entry = {url: entry.url, size: entry.size,
        sha256: entry.sha256, kind: "fetch"};  // a browser that cannot inflate downloads the plain file
      if (entry.kind !== "fetch") return;
      if (/\.wasm(-gz)?$/.test(entry.url) && (controlled || entry === packedWasm)) return;  // (compileEarly)
      total += entry.size;
      (FIRST.test(entry.url) ? first : second).push(entry);
    });
    takeOver();
    if (!controlled) staging = openStaging();
    if (plainWasm) {
      if (compileEarly(plainWasm, packedWasm, controlled) && !controlled && packedWasm) total += packedWasm.size;
    }
    first.forEach(prefetch);
    // Waiting for the first wave only when it has to cross a network; from the worker's cache all at
    // once, except numpy's wheel when a start-up snapshot holds numpy (fetched only if asked for).
    var ready = controlled ? snapshotFound || Promise.resolve(false) : Promise.all(first.map(function (entry) {
      return complete[entryUrl(entry)];
    }));
    // Meanwhile a body-less request for each of those names a missing file at once.
    if (!controlled) second.forEach(function (entry) {
      probe(entry).then(function (found) {
        if (found && found.status && found.status !== 405 && found.status !== 501) fileMissing(entry, found.status);
      });
    });
    second.forEach(function (entry) { notYet[entryUrl(entry)] = entry; });
    ready.then(function (snapshotStored) {
      second.forEach(function (entry) {
        if (!notYet[entryUrl(entry)]) return;
        // numpy's wheel waits to be asked for when a snapshot holds numpy, or when the first
        // screen needs none of it (numpy is installed once that screen is drawn).
        if (/\.whl$/.test(entry.url) && (snapshotStored === true || !window.masumeEngineWanted())) {
          total -= entry.size;
          redraw();
          return;
        }
        delete notYet[entryUrl(entry)];
        prefetch(entry);
      });
    });
    if (pending === 0) doneAt = Date.now();
    redraw();
  }

  // ----- the service worker: offline play, updates ------------------------------------------

  var reloadOnChange = false;
  function notice(messageId, buttonId, onClick, messageText) {
    whenParsed(function () {
      var box = byId("boot-notice");
      if (!box) return;
      box.textContent = "";
      var message = document.createElement("span");
      message.textContent = messageText || text(messageId);
      box.appendChild(message);
      var button = document.createElement("button");
      button.type = "button";
      button.id = buttonId;
      button.textContent = text(buttonId === "update-reload" ? "msg-update-reload" : "msg-notice-close");
      button.addEventListener("click", onClick);
      box.appendChild(button);
      if (buttonId === "update-reload") {
        // The update can wait: "Later" hides the notice (it covers the board's last rows on a
        // phone), and the next load takes the new version all the same.
        var later = document.createElement("button");
        later.type = "button";
        later.id = "update-later";
        later.textContent = text("msg-update-later");
        later.addEventListener("click", function () { box.textContent = ""; });
        box.appendChild(later);
      }
    });
  }

  function takeUpdate(registration) {
    var waiting = registration.waiting;
    if (!waiting) {  // another tab let it take over already: this page only has to load it
      window.location.reload();
      return;
    }
    reloadOnChange = true;
    // controllerchange is the usual signal; the worker's own "activated" is the fallback, so a
    // page whose controllerchange was missed still moves to the new version exactly once.
    waiting.addEventListener("statechange", function () {
      if (waiting.state === "activated") reloadOnce();
    });
    waiting.postMessage({type: "masume:skip-waiting"});
  }

  function reloadOnce() {
    if (!reloadOnChange) return;
    reloadOnChange = false;
    window.location.reload();
  }

  function offlineUnavailable() {
    root.setAttribute("data-offline", "unavailable");
    if (embedded) return;
    notice("msg-offline-unavailable", "offline-close", function () { byId("boot-notice").textContent = ""; });
  }

  function watchInstall(registration, worker) {
    var reachedInstalled = false;
    worker.addEventListener("statechange", function () {
      if (worker.state === "installed") {
        reachedInstalled = true;
        if (navigator.serviceWorker.controller) {
          root.setAttribute("data-update", "ready");
          notice("msg-update-ready", "update-reload", function () { takeUpdate(registration); });
        }
      } else if (worker.state === "activated" && !root.hasAttribute("data-update")) {
        root.setAttribute("data-offline", "ready");
      } else if (worker.state === "redundant" && !reachedInstalled) {
        offlineUnavailable();
      }
    });
  }

  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext || isFileUrl) return;
    navigator.serviceWorker.register("sw.js", {updateViaCache: "none"}).then(function (registration) {
      if (registration.installing) watchInstall(registration, registration.installing);
      registration.addEventListener("updatefound", function () {
        if (registration.installing) watchInstall(registration, registration.installing);
      });
      if (registration.waiting && navigator.serviceWorker.controller) {
        root.setAttribute("data-update", "ready");
        notice("msg-update-ready", "update-reload", function () { takeUpdate(registration); });
      } else if (registration.active && navigator.serviceWorker.controller) {
        root.setAttribute("data-offline", "ready");
      }
    }, function (error) {
      console.warn("Masume: offline play is not available:", error);
      offlineUnavailable();
    });
  }

  // The worker answers each page from the cache of the build that page runs (sw.js): the page
  // tells it, whenever a worker takes control of it. So a page of an older release that sees a
  // newer worker take over (another tab took the update) goes on with its own release's files
  // until it reloads, instead of mixing the two; its "A new version is ready" stays.
  function tellBuild() {
    var worker = navigator.serviceWorker.controller;
    if (worker && BUILD) worker.postMessage({type: "masume:page-build", version: BUILD.version});
  }

  if (!opaque && "serviceWorker" in navigator && !isFileUrl) {
    var startedControlled = !!navigator.serviceWorker.controller;
    tellBuild();
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      tellBuild();
      reloadOnce();  // (only when this page asked for the update)
    });
    // A version that finished installing while an older page was open takes over on this load,
    // before this page boots Python (the older version's files are still what this page gets).
    // It may also have taken over already, between this page's request and this line (the
    // old page's unload can let it activate): then its controllerchange may have come and gone.
    if (startedControlled) {
      navigator.serviceWorker.getRegistration().then(function (registration) {
        if (!registration) return;
        if (registration.waiting && registration.active) {
          takeUpdate(registration);
        } else if (registration.active && registration.active !== navigator.serviceWorker.controller) {
          reloadOnChange = true;
          reloadOnce();
        }
      }, function () { /* no registration: nothing to take */ });
    }
    // Register only once the game is ready and numpy's package (installed after the first screen)
    // is in, so the worker's downloads never compete with the page's nor fetch numpy's wheel while
    // the page is downloading it (30 s at most: offline play does not wait on a hung install).
    var afterEngine = function () {
      var installed = Promise.resolve(window.masumeNumpy).catch(function () {});
      Promise.race([installed, new Promise(function (resolve) { setTimeout(resolve, 30000); })]).then(registerWorker);
    };
    new MutationObserver(function (changes, observer) {
      if (root.getAttribute("data-ready") === "true") { observer.disconnect(); afterEngine(); }
    }).observe(root, {attributes: true, attributeFilter: ["data-ready"]});
  }

  // ----- a stalled download, a start that never ends -----------------------------------------

  var stalled = false;
  function stall() {
    stalled = true;
    root.setAttribute("data-boot", "stalled");
    byId("loading-error-text").textContent = text("msg-stalled", {
      seconds: Math.round(STALL_MS / 1000), done: megabytes(received), total: megabytes(total)});
    byId("loading-error").hidden = false;
  }
  function unstall() {  // bytes came again: the download goes on, and so does the bar
    stalled = false;
    if (failed) return;
    root.removeAttribute("data-boot");
    byId("loading-error").hidden = true;
  }
  // Once a second: a download with no byte for STALL_MS says so (and Try again); once every byte is
  // here, Python gets TIMEOUT_MS to start before the loader gives up.
  function watch() {
    if (failed || root.getAttribute("data-ready") === "true") return;
    var now = Date.now();
    if (pending > 0) {
      if (!stalled && now - lastByteAt > STALL_MS) stall();
    } else if (now - (doneAt || lastByteAt) > TIMEOUT_MS) {
      fail("msg-load-timeout");
      return;
    }
    setTimeout(watch, 1000);
  }

  // The step the loader was at, for a failure's message ("Loading Python and numpy…").
  function currentStep() {
    var stage = byId("loading-stage");
    return (stage && stage.textContent || "").replace(/[….]+$/, "");
  }

  // Stylesheets and scripts the page loaded itself: missing or of the wrong size, the game may
  // still start (unstyled), so it says so in a notice instead of stopping.
  function pageFileProblem(entry, status) {
    root.setAttribute("data-page-file-problem", entry.url);
    var id = status === undefined ? "msg-page-file-damaged" : "msg-page-file-missing";
    var message = text(id, {file: entry.url, status: status});
    notice(null, "offline-close", function () { byId("boot-notice").textContent = ""; }, message);
  }
  function checkPageFiles() {
    if (!BUILD || !nativeFetch) return;
    // (a stylesheet that failed may have failed before this script could listen for it)
    var sheets = entries.filter(function (entry) { return /\.css$/.test(entry.url); });
    Promise.all(sheets.map(probe)).then(function (results) {
      var missing = results.filter(function (result) { return result; })[0];
      if (missing) { pageFileProblem(missing.entry, missing.status); return; }
      var short = truncatedResource(entries.filter(function (entry) { return entry.kind === "page"; }));
      if (short) pageFileProblem(short);
    });
  }

  // ----- start-up stages and failures --------------------------------------------------------

  // PyScript's py:progress names; numpy is loaded inside the "Pyodide" stage
  // (packages_cache = "passthrough" hands it to Pyodide's own loader).
  var STAGES = {
    "Loading Pyodide": "msg-loading-python",
    "Loading files": "msg-loading-files",
    "Loaded files": "msg-starting"
  };
  window.addEventListener("py:progress", function (event) {
    var id = STAGES[event.detail];
    if (id) setStage(id);
  });
  window.addEventListener("unhandledrejection", function (event) {
    console.error("Masume start-up failed:", event.reason);
    fail("msg-load-failed", event.reason);
  });
  window.addEventListener("error", function (event) {
    // A script or module that does not load (a missing vendor file) only shows up here.
    if (opaque) return;  // (every module is refused in a sandbox without allow-same-origin: said once, below)
    var target = event.target;
    if (target && target.rel === "stylesheet" && target.href) {
      var sheet = byUrl[new URL(target.href, document.baseURI).href];
      if (sheet) probe(sheet).then(function (found) { pageFileProblem(sheet, found ? found.status : 0); });
      return;
    }
    if (!target || target === window) { syntaxErrorInBuildFile(event); return; }
    var url = target.src || (target.rel === "modulepreload" && target.href);
    if (!url || (target.rel === "modulepreload")) return;  // modulepreloads report themselves
    var entry = byUrl[new URL(url, document.baseURI).href];
    if (entry) nameBrokenScript(entry);
    else fail("msg-load-failed", url.split("/").pop(), Object.keys(byUrl));
  }, true);

  if (!isFileUrl && !opaque && BUILD) startDownloads();

  whenParsed(function () {
    localise();
    // The update and offline notices' live region: present (empty) from the start, so that
    // screen readers announce what is written into it later. Outside #app and #loading.
    var box = document.createElement("div");
    box.id = "boot-notice";
    box.className = "boot-notice";
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    document.body.appendChild(box);
    byId("loading-retry").addEventListener("click", function () {
      window.location.reload();
    });
    if (isFileUrl) {
      show("msg-file-protocol");
      return;
    }
    if (opaque) {
      root.setAttribute("data-boot-problem", "sandboxed");
      show("msg-sandboxed", {url: window.location.href.split("#")[0]});
      return;
    }
    if (!BUILD) {  // the list itself did not arrive: the upload is incomplete
      probe({url: "static/vendor/precache.js"}).then(function (found) {
        fileMissing({url: "static/vendor/precache.js"}, found ? found.status : 0);
      });
      return;
    }
    setStage("msg-loading-python");
    redraw();
    setTimeout(watch, 1000);
  });
  window.addEventListener("load", checkPageFiles);
})();
