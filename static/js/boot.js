// Masume's loading screen. Runs before Python: it shows the load stages, and
// turns every way start-up can fail (a file:// URL, a rejected promise, a
// stall) into a readable message with a retry button instead of a blank page.
(function () {
  "use strict";
  // A stalled download shows no error of its own; after this long the loader says so.
  // (Tests shorten it through window.masumeBootTimeoutMs, set before this script runs.)
  var TIMEOUT_MS = window.masumeBootTimeoutMs || 90000;
  var root = document.documentElement;
  var failed = false;

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
  // test keeps equal to the Python string catalogue.
  function text(id) {
    var node = document.getElementById(id);
    return node ? node.getAttribute("data-" + lang) || "" : "";
  }
  function localise() {
    var nodes = document.querySelectorAll("[data-en][data-ja]");
    for (var i = 0; i < nodes.length; i++) nodes[i].textContent = nodes[i].getAttribute("data-" + lang);
  }
  function setStage(id) {
    if (failed) return;
    var stage = document.getElementById("loading-stage");
    if (stage) stage.textContent = text(id);
  }
  var isFileUrl = window.location.protocol === "file:";

  function fail(messageId, detail) {
    if (failed || root.getAttribute("data-ready") === "true") return;
    if (document.readyState === "loading") {  // the message elements are not parsed yet
      document.addEventListener("DOMContentLoaded", function () { fail(messageId, detail); });
      return;
    }
    // From a file:// URL every later failure has the same cause: say that one.
    if (isFileUrl) { messageId = "msg-file-protocol"; detail = ""; }
    failed = true;
    root.setAttribute("data-boot", "failed");
    var box = document.getElementById("loading-error");
    var message = document.getElementById("loading-error-text");
    message.textContent = text(messageId).replace("{reason}", detail || "");
    box.hidden = false;
    document.getElementById("loading-retry").focus();
  }
  window.masumeBootFailed = fail;  // app/main.py calls this when Python fails to start

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
    var reason = event.reason && (event.reason.message || String(event.reason));
    console.error("Masume start-up failed:", event.reason);
    fail("msg-load-failed", String(reason || "").split("\n")[0].slice(0, 200));
  });
  window.addEventListener("error", function (event) {
    // A script that does not load (a missing vendor file) only shows up here.
    if (event.target && event.target !== window && event.target.src) {
      fail("msg-load-failed", event.target.src.split("/").pop());
    }
  }, true);

  document.addEventListener("DOMContentLoaded", function () {
    localise();
    document.getElementById("loading-retry").addEventListener("click", function () {
      window.location.reload();
    });
    if (isFileUrl) {
      fail("msg-file-protocol");
      return;
    }
    setStage("msg-loading-python");
    setTimeout(function () { fail("msg-load-timeout"); }, TIMEOUT_MS);
  });
})();
