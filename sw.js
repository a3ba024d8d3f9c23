// Masume's service worker: offline play after the first visit.
//
// On install it stores every file the game loads, from the list `make vendor` writes to
// static/vendor/precache.js (each with its sha256), in a cache named by the build's version:
// what the page already stored there during its first visit is kept if its hash matches, the
// rest is downloaded and checked. A file that is missing or does not match fails the
// install: the online game keeps working, and the page says offline play is not available.
// Once active it answers every request of the page from that cache, with no network at all,
// and deletes the caches of older versions, their start-up snapshots too. A new version waits
// until the page lets it take over (static/js/boot.js: the "reload" notice, or the next load),
// so one page never gets files of two versions.
"use strict";

importScripts("static/vendor/precache.js");

var BUILD = self.MASUME_BUILD;
var SCOPE = self.registration.scope;  // this folder, ending in "/": several copies on one host stay apart
var PREFIX = "masume:" + SCOPE + ":";
var CACHE = PREFIX + BUILD.version;
var PRECACHE_URL = "static/vendor/precache.js";

function absolute(url) {
  return new URL(url, SCOPE).href;
}

function hex(buffer) {
  var bytes = new Uint8Array(buffer);
  var out = "";
  for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
  return out;
}

function matches(response, entry) {
  return response.clone().arrayBuffer().then(function (bytes) {
    return crypto.subtle.digest("SHA-256", bytes);
  }).then(function (digest) { return hex(digest) === entry.sha256; });
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
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (pages) {
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
    // The page may have stored its own downloads here already (static/js/boot.js): keep those
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

self.addEventListener("install", function (event) {
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

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      // This version's start-up snapshot (static/js/interpreter.js) stays; older versions' go.
      return key.indexOf(PREFIX) === 0 && key !== CACHE && key !== CACHE + ":snapshot";
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "masume:skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if ((request.method !== "GET" && request.method !== "HEAD") || request.url.indexOf(SCOPE) !== 0) return;
  var url = new URL(request.url);
  url.hash = "";
  url.search = "";
  var key = url.href;
  if (request.mode === "navigate" && key === SCOPE) key = absolute("index.html");
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(key);
  }).then(function (hit) {
    if (!hit) return fetch(request);
    if (request.method === "HEAD") return new Response(null, {status: hit.status, headers: hit.headers});
    return hit;
  }));
});
