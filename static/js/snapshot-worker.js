// @ts-check
// Makes Masume's start-up snapshot, off the page's main thread (started by
// static/js/interpreter.js once the page is ready and the service worker holds every file).
//
// It starts a Python of its own exactly as a restoring page will (numpy's files written and
// its libraries loaded before the C runtime starts, in one order: static/js/runtime-setup.js),
// unpacks app.zip where PyScript does (and keeps its files in the bundle), imports numpy and the game's pure modules
// (app/startup_modules.py), then stores the memory snapshot with numpy's files as one bundle
// (static/js/snapshot-bundle.js) in Cache Storage, keyed to the build. The page terminates
// this worker when it answers, and its memory goes with it.
import {loadPyodide, version} from "../vendor/pyodide/pyodide.mjs";
import {encodeBundle} from "./snapshot-bundle.js";
import {hookModuleCreation, installStep, libraryPaths, tableFingerprint, unzip} from "./runtime-setup.js";

// What the snapshot holds besides Python itself: everything the pages import at start that
// does not touch the browser. Modules under app/web use `js` and stay out.
const PREPARE = `
import importlib, os, sys, zipfile
with zipfile.ZipFile("/tmp/masume-app.zip") as archive:
    archive.extractall(".")
os.remove("/tmp/masume-app.zip")
import numpy
# Every module of the game that imports nothing of the browser (app/startup_modules.py): app.core,
# app.games, app.catalogue (the one game list, registered into app.core as the page will find it)
# and the pure parts of app.web.
from app.startup_modules import browser_free_modules
for _name in browser_free_modules():
    importlib.import_module(_name)
# The standard library app/web and app/main.py import (app/web itself needs the page's \`js\`).
import asyncio, dataclasses, importlib.util, traceback, urllib.parse  # noqa
importlib.invalidate_caches()
del _name, browser_free_modules
# What is imported now lives as long as the page: out of the collector's way, so a restored page's
# first collections do not walk numpy's and the standard library's objects again and again.
import gc
gc.collect()
gc.freeze()
`;

// The runtime's files come from this version's cache, which the service worker has just filled:
// whether or not the worker's own requests pass through the service worker, nothing is downloaded
// a second time (the page's first visit already did).
function fetchFromCache(filesCache) {
  const network = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = typeof input === "string" || input instanceof URL ? String(input) : input.url;
    try {
      const hit = filesCache && await caches.match(new URL(url, self.location.href).href, {cacheName: filesCache});
      if (hit) return hit;
    } catch (error) { /* no cache: the network */ }
    return network(input, init);
  };
}

async function bytesOf(url) {
  const response = await fetch(url, {credentials: "same-origin"});
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function make({indexURL, wheelURL, appURL, build, cacheName, key, filesCache}) {
  const started = performance.now();
  fetchFromCache(filesCache);
  const [wheel, app] = await Promise.all([bytesOf(wheelURL), bytesOf(appURL)]);
  const files = await unzip(wheel);
  const libs = libraryPaths(files);
  let module = null;
  await hookModuleCreation(indexURL, () => ({step: installStep(files, libs), created(created) { module = created; }}));
  const pyodide = await loadPyodide({indexURL, _makeSnapshot: true, packages: [], stdout: () => {}, stderr: () => {}});
  pyodide.FS.writeFile("/tmp/masume-app.zip", app);
  pyodide.runPython(PREPARE);
  // The game's files go in the bundle too, written where PyScript unpacks app.zip: a restoring
  // page writes them before Python starts and skips PyScript's slower unpacking in Python.
  const home = pyodide.runPython("import os; os.getcwd()");
  const gameFiles = (await unzip(app, (path) => !path.endsWith("/"))).map(({path, data}) => ({path: `${home}/${path}`, data}));
  // Pyodide lists the packages it found in site-packages (numpy, "Unknown") in an object that a
  // snapshot requires to be empty; the restoring page lists numpy again itself.
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const table = tableFingerprint(module);
  const memory = pyodide.makeMemorySnapshot();
  const bundle = await encodeBundle({
    memory, files: files.concat(gameFiles),
    info: {build, pyodide: version, table, libs, packages: ["numpy"], app: home, made: new Date().toISOString()},
  });
  const cache = await caches.open(cacheName);
  await cache.put(key, new Response(bundle, {
    headers: {"Content-Type": "application/octet-stream", "X-Masume-Size": String(bundle.length)},
  }));
  return {type: "stored", size: bundle.length, ms: Math.round(performance.now() - started)};
}

self.onmessage = (event) => {
  make(event.data).then((result) => self.postMessage(result), (error) => {
    self.postMessage({type: "failed", reason: String(error && error.stack || error).slice(0, 500)});
  });
};
