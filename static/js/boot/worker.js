// @ts-check
// The service worker (sw.js): offline play and updates. Registered once the game is ready and numpy
// is in, so its downloads never compete with the page's; says when a new version is ready (the page
// moves to it only when the player asks, or on the next load) and when offline play is not available.

import {loader, root} from "./page.js";
import {BUILD} from "./build.js";
import {notice, closeNotice} from "./notice.js";

let reloadOnChange = false;

function reloadOnce() {
  if (!reloadOnChange) return;
  reloadOnChange = false;
  window.location.reload();
}

/** @param {ServiceWorkerRegistration} registration */
function takeUpdate(registration) {
  const waiting = registration.waiting;
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

/** @param {ServiceWorkerRegistration} registration */
function updateReady(registration) {
  root.setAttribute("data-update", "ready");
  notice("msg-update-ready", "update-reload", function () { takeUpdate(registration); });
}

function offlineUnavailable() {
  root.setAttribute("data-offline", "unavailable");
  if (loader.embedded) return;
  notice("msg-offline-unavailable", "offline-close", closeNotice);
}

/**
 * @param {ServiceWorkerRegistration} registration
 * @param {ServiceWorker} worker
 */
function watchInstall(registration, worker) {
  let reachedInstalled = false;
  worker.addEventListener("statechange", function () {
    if (worker.state === "installed") {
      reachedInstalled = true;
      if (navigator.serviceWorker.controller) updateReady(registration);
    } else if (worker.state === "activated" && !root.hasAttribute("data-update")) {
      root.setAttribute("data-offline", "ready");
    } else if (worker.state === "redundant" && !reachedInstalled) {
      offlineUnavailable();
    }
  });
}

function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext || loader.isFileUrl) return;
  navigator.serviceWorker.register("sw.js", {updateViaCache: "none"}).then(function (registration) {
    if (registration.installing) watchInstall(registration, registration.installing);
    registration.addEventListener("updatefound", function () {
      if (registration.installing) watchInstall(registration, registration.installing);
    });
    if (registration.waiting && navigator.serviceWorker.controller) {
      updateReady(registration);
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
  const worker = navigator.serviceWorker.controller;
  if (worker && BUILD) worker.postMessage({type: "masume:page-build", version: BUILD.version});
}

// Follow the worker from the start of the page; register it once the first screen is up.
export function startOfflinePlay() {
  if (loader.opaque || !("serviceWorker" in navigator) || loader.isFileUrl) return;
  const startedControlled = !!navigator.serviceWorker.controller;
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
  function afterEngine() {
    const installed = Promise.resolve(window.masumeNumpy).catch(function () {});
    Promise.race([installed, new Promise(function (resolve) { setTimeout(resolve, 30000); })]).then(registerWorker);
  }
  new MutationObserver(function (changes, observer) {
    if (root.getAttribute("data-ready") === "true") { observer.disconnect(); afterEngine(); }
  }).observe(root, {attributes: true, attributeFilter: ["data-ready"]});
}
