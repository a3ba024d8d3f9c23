// @ts-check
// Masume's service worker: offline play after the first visit.
//
// On install it stores every file the game loads, from the list `make vendor` writes to
// static/vendor/precache.js (each with its sha256), in a cache named by the build's version:
// what the page already stored there during its first visit is kept if its hash matches, the
// rest is downloaded and checked. A file that is missing or does not match fails the
// install: the online game keeps working, and the page says offline play is not available.
// Once active it answers every request from the cache of the build the requesting page runs,
// with no network at all: a page loaded by an older version's worker keeps getting that
// version's files until it reloads, even after a newer version has taken over (each build's
// cache remembers the pages that run it, so any version of this worker finds them). A version's
// files are deleted once no open page runs it, its start-up snapshot as soon as a newer version
// takes over. A new version waits until a page lets it take over (static/js/boot/worker.js: the
// "reload" notice, or the next load), so one page never gets files of two versions.
"use strict";

importScripts("static/vendor/precache.js", "static/js/sha256.js");  // (the list; the hash the page uses too)

var sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

var BUILD = self.MASUME_BUILD;
var SCOPE = sw.registration.scope;  // this folder, ending in "/": several copies on one host stay apart
var PREFIX = "masume:" + SCOPE + ":";
var CACHE = PREFIX + BUILD.version;
var PRECACHE_URL = "static/vendor/precache.js";
var CLIENT_PATH = "masume-client/";  // an entry under this path in a build's cache: a page that runs that build
var RECENT_MS = 60000;  // a page's entry this young is kept even if the page is not listed yet (still loading)
var clientCaches = {};  // client id -> the cache of the build it runs, as learnt (lost when the worker stops)

function absolute(url) {
  return new URL(url, SCOPE).href;
}

function matches(response, entry) {
  return response.clone().arrayBuffer().then(self.masumeSha256.sha256Hex).then(function (digest) {
    return digest === entry.sha256;
  });
}

// Revalidate against the server (a file the page just downloaded comes back as a cheap 304
// from the HTTP cache) and keep the response only if its bytes are this version's.
function fetchVerified(entry) {
  return fetch(absolute(entry.url), {cache: "no-cache", credentials: "same-origin"}).then(function (response) {
    if (!response.ok) throw new Error(entry.url + ": HTTP " + response.status);
    return matches(response, entry).then(function (same) {
      if (!same) throw new Error(entry.url + " is not the file of version " + BUILD.version);
      return response;
    });
  });
}

function tellPages(message) {
  return sw.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (pages) {
    pages.forEach(function (page) { page.postMessage(message); });
  });
}

// A "derived" file (the runtime's WebAssembly) is inflated from its gzipped copy, which the list
// also holds and the page downloaded, instead of being downloaded a second time; where this
// browser cannot inflate, it is downloaded.
function derive(cache, entry) {
  if (!self.DecompressionStream) return fetchVerified(entry);
  return cache.match(absolute(entry.from)).then(function (source) {
    if (!source) return fetchVerified(entry);
    var inflated = new Response(source.body.pipeThrough(new DecompressionStream("gzip")), {
      headers: {"Content-Type": "application/wasm", "Content-Length": String(entry.size)}
    });
    return matches(inflated, entry).then(function (same) {
      if (!same) throw new Error(entry.url + " inflated from " + entry.from + " is not the file of version " + BUILD.version);
      return inflated;
    });
  });
}

function store(cache, entries) {
  return Promise.all(entries.map(function (entry) {
    // The page may have stored its own downloads here already (static/js/boot/delivery.js): keep those
    // that are this version's, download (or inflate) the rest.
    return cache.match(absolute(entry.url)).then(function (staged) {
      return staged ? matches(staged, entry) : false;
    }).then(function (kept) {
      if (kept) return null;
      var made = entry.kind === "derived" ? derive(cache, entry) : fetchVerified(entry);
      return made.then(function (response) { return cache.put(absolute(entry.url), response); });
    });
  }));
}

sw.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    var derived = BUILD.files.filter(function (entry) { return entry.kind === "derived"; });
    var others = BUILD.files.filter(function (entry) { return entry.kind !== "derived"; });
    return store(cache, others).then(function () { return store(cache, derived); }).then(function () {
      // The list itself, exactly as this worker read it: the page's copy can never be another version's.
      var text = "self.MASUME_BUILD = " + JSON.stringify(BUILD) + ";\n";
      return cache.put(absolute(PRECACHE_URL), new Response(text, {
        headers: {"Content-Type": "text/javascript; charset=utf-8"}
      }));
    });
  }).catch(function (error) {
    console.error("Masume: offline files not stored:", error);
    return caches.delete(CACHE).then(function () {
      return tellPages({type: "masume:install-failed", reason: String(error && error.message || error)});
    }).then(function () { throw error; });
  }));
});

// ----- which build each page runs -----------------------------------------------------------

function clientKey(id) {
  return absolute(CLIENT_PATH + encodeURIComponent(id));
}

// Remember that a page runs the build whose files are in cache `name`: in that cache itself, so
// that any later version of this worker finds it, and the entry goes with the build's files.
function remember(id, name) {
  if (!id) return Promise.resolve();
  clientCaches[id] = name;
  return caches.has(name).then(function (found) {
    if (!found) return null;
    return caches.open(name).then(function (cache) {
      return cache.put(clientKey(id), new Response(JSON.stringify({cache: name, at: Date.now()}),
        {headers: {"Content-Type": "application/json"}}));
    });
  });
}

// A Worker a page starts (the start-up snapshot's maker) names its page's build in its address.
function buildInClientUrl(id) {
  return sw.clients.get(id).then(function (client) {
    var build = client && new URL(client.url).searchParams.get("masume-build");
    return build ? PREFIX + build : null;
  });
}

// The cache a request is answered from: the one of the build its page runs, else this worker's.
function cacheFor(id) {
  if (!id) return Promise.resolve(CACHE);
  if (clientCaches[id]) return Promise.resolve(clientCaches[id]);
  return caches.match(clientKey(id)).then(function (entry) {
    return entry ? entry.json().then(function (record) { return record.cache; }) : buildInClientUrl(id);
  }).then(function (name) {
    clientCaches[id] = name || CACHE;
    return clientCaches[id];
  }, function () { return CACHE; });
}

function clientIdOf(request) {
  return decodeURIComponent(request.url.slice(absolute(CLIENT_PATH).length));
}

// Delete what no open page needs: other builds' start-up snapshots, and (`files`) other builds'
// files once no page runs them and this build's entries of pages gone. Never while a newer version
// installs or waits: its cache, not yet run by any page, would look unused.
function prune(files) {
  if (sw.registration.installing || sw.registration.waiting) return Promise.resolve();
  return Promise.all([caches.keys(), sw.clients.matchAll({includeUncontrolled: true, type: "all"})])
    .then(function (found) {
      var alive = {};
      found[1].forEach(function (client) { alive[client.id] = true; });
      var names = found[0].filter(function (name) { return name.indexOf(PREFIX) === 0; });
      return Promise.all(names.map(function (name) {
        if (/:snapshot$/.test(name)) return name === CACHE + ":snapshot" ? null : caches.delete(name);
        if (!files) return null;
        return caches.open(name).then(function (cache) {
          return cache.keys().then(/** @param {readonly Request[]} requests @returns {Promise<unknown>} */ function (requests) {
            var entries = requests.filter(function (request) { return request.url.indexOf(absolute(CLIENT_PATH)) === 0; });
            var open = entries.filter(function (request) { return alive[clientIdOf(request)]; });
            if (name !== CACHE && open.length === 0) {
              Object.keys(clientCaches).forEach(function (id) { if (clientCaches[id] === name) delete clientCaches[id]; });
              return caches.delete(name);
            }
            return Promise.all(entries.filter(function (request) { return !alive[clientIdOf(request)]; })
              .map(function (request) {
                return cache.match(request).then(function (entry) { return entry.json(); }).then(function (record) {
                  if (!(record.at > Date.now() - RECENT_MS)) return cache.delete(request);
                  return null;
                });
              }));
          });
        });
      }));
    }).catch(function (error) { console.warn("Masume: old files not tidied:", error); });
}

sw.addEventListener("activate", function (event) {
  // Older versions' snapshots go now; their files stay until the pages have said which build they
  // run (the message below): a page the old worker has just answered, claimed by this one before it
  // is listed among the clients, would otherwise lose its build's files halfway through loading.
  event.waitUntil(prune(false).then(function () { return sw.clients.claim(); }));
});

sw.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "masume:skip-waiting") sw.skipWaiting();
  // Each page says which build it runs once a worker controls it (static/js/boot/worker.js).
  if (data.type === "masume:page-build" && typeof data.version === "string" && event.source) {
    var name = PREFIX + data.version;
    event.waitUntil(caches.has(name).then(function (found) {
      return found ? remember(/** @type {Client} */ (event.source).id, name) : null;
    }).then(function () { return prune(true); }));
  }
});

sw.addEventListener("fetch", function (event) {
  var request = event.request;
  if ((request.method !== "GET" && request.method !== "HEAD") || request.url.indexOf(SCOPE) !== 0) return;
  var url = new URL(request.url);
  url.hash = "";
  url.search = "";
  var key = url.href;
  var navigation = request.mode === "navigate";
  if (navigation && key === SCOPE) key = absolute("index.html");
  // A page loads this worker's build; everything a page asks for afterwards comes from its own build.
  var answer = (navigation ? Promise.resolve(CACHE) : cacheFor(event.clientId)).then(function (name) {
    return caches.match(key, {cacheName: name});  // (match with a cacheName never creates that cache)
  }).then(function (hit) {
    if (!hit) return fetch(request);
    // The page is written down as running this build before it gets its first byte: a newer worker
    // taking over while it loads (a reload lets a waiting one activate) must find it to answer it.
    var noted = navigation && event.resultingClientId ? remember(event.resultingClientId, CACHE) : Promise.resolve();
    return noted.catch(function () {}).then(function () {
      if (request.method === "HEAD") return new Response(null, {status: hit.status, headers: hit.headers});
      return hit;
    });
  });
  event.respondWith(answer);
});
