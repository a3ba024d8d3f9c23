// @ts-check
// Masume's loading screen, the part that must run at once, as a classic script: the loader's words
// in the player's language and its failure message. Everything else the loader does (delivery of
// the runtime's files, their checks, the progress bar, the service worker) is ES modules under
// static/js/boot/, started by static/js/boot/main.js; they use this through window.masumeLoader.
//
// Classic, because a module never runs where the game cannot start and must say why: from a file://
// URL, and in a frame sandboxed without allow-same-origin (an opaque origin, where the browser
// refuses the page its own module scripts and every storage). And because its capture listener for
// `error` must be there before the page's other files load: an error that comes before the modules
// run (a missing classic script, a boot module that does not load) is kept for them or said here.
"use strict";

(function () {
  const root = document.documentElement;
  const isFileUrl = window.location.protocol === "file:";
  // Shown in a frame (a game portal's page around it)? Then a refused service worker says nothing of
  // its own: a portal's page needs the network anyway, and app/web/shell.py says that nothing is kept.
  let embedded = true;  // (reading window.top may throw: a frame then)
  try { embedded = window.self !== window.top; } catch (e) { /* a frame */ }
  if (embedded) root.setAttribute("data-embedded", "frame");
  const opaque = !isFileUrl && window.origin === "null";
  let failed = false;

  /**
   * The player's language: the saved setting, else the browser's.
   * @returns {"en" | "ja"}
   */
  function language() {
    try {
      const saved = JSON.parse(String(window.localStorage.getItem("masume:setting:lang")));
      if (saved === "ja" || saved === "en") return saved;
    } catch (e) { /* storage may be disabled: follow the browser */ }
    const wanted = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    return String(wanted).toLowerCase().indexOf("ja") === 0 ? "ja" : "en";
  }
  const lang = language();
  root.lang = lang;

  /** @param {string} id */
  function byId(id) { return document.getElementById(id); }

  /**
   * A message of index.html's loader in the page's language, its {names} filled in. Text comes from
   * data-en / data-ja attributes, which a unit test keeps equal to the Python string catalogue; later
   * messages (the update notice) follow the language the player has chosen since.
   * @param {string} id
   * @param {Record<string, string | number | undefined>} [values]
   * @returns {string}
   */
  function text(id, values) {
    const node = byId(id);
    const current = root.lang === "ja" ? "ja" : (root.lang === "en" ? "en" : lang);
    let out = node ? node.getAttribute("data-" + current) || "" : "";
    for (const key in values || {}) out = out.split("{" + key + "}").join(String(values?.[key]));
    return out;
  }

  function localise() {
    const nodes = document.querySelectorAll("[data-en][data-ja]");
    for (let i = 0; i < nodes.length; i++) nodes[i].textContent = nodes[i].getAttribute("data-" + lang);
  }

  /** @param {() => void} callback */
  function whenParsed(callback) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", callback);
    else callback();
  }

  /** @param {string} id */
  function setStage(id) {
    if (failed) return;
    const stage = byId("loading-stage");
    if (stage) stage.textContent = text(id);
  }

  // The step the loader was at, for a failure's message ("Loading Python and numpy…").
  function currentStep() {
    const stage = byId("loading-stage");
    return (stage && stage.textContent || "").replace(/[….]+$/, "");
  }

  function ready() { return root.getAttribute("data-ready") === "true"; }

  // A failure before the first screen was ready may come after Python hid the loading screen (its
  // first screen failed to open): the message is shown there again, in place of a half-built page.
  function showLoadingScreen() {
    const loading = byId("loading");
    const app = byId("app");
    if (loading) loading.hidden = false;
    if (app) app.hidden = true;
  }

  /**
   * Stop the loading screen with a message and a retry button (once; never after the first screen).
   * @param {string} messageId
   * @param {Record<string, string | number | undefined>} [values]
   */
  function show(messageId, values) {
    if (failed || ready()) return;
    whenParsed(function () {
      if (failed || ready()) return;
      failed = true;
      root.setAttribute("data-boot", "failed");
      showLoadingScreen();
      const box = /** @type {HTMLElement} */ (byId("loading-error"));
      /** @type {HTMLElement} */ (byId("loading-error-text")).textContent = text(messageId, values);
      box.hidden = false;
      /** @type {HTMLElement} */ (byId("loading-retry")).focus({preventScroll: true});  // (never scrolls an embedding page)
    });
  }

  // Error events (a script, module or stylesheet that did not load) and unhandled rejections, kept
  // until the modules take them (they run once the page is parsed).
  /** @type {Event[]} */
  const early = [];
  /** @type {((event: Event) => void) | null} */
  let handler = null;
  window.addEventListener("error", function (event) {
    if (opaque) return;  // (every module is refused in a sandbox without allow-same-origin: said once, below)
    if (handler) { handler(event); return; }
    const target = /** @type {HTMLScriptElement | null} */ (event.target);
    if (target && target.type === "module" && /static\/js\/boot\/main\.js$/.test(target.src || "")) {
      if (!isFileUrl) bootModulesFailed();  // (from a file:// URL no module loads: said below)
      return;
    }
    early.push(event);
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    if (handler) handler(event);
    else early.push(event);
  });

  // The loader's own modules did not load (all of them form one graph, which fails as a whole). The
  // game may still start without them (PyScript fetches its files itself), as without this file: then
  // app/web/boot.py says which file is missing, found here from the build's list, asking the server.
  function bootModulesFailed() {
    const build = window.MASUME_BUILD;
    const urls = build ? build.files.map(function (entry) { return entry.url; })
      .filter(function (url) { return /^static\/js\/(boot\/|sha256\.js$)/.test(url); }) : [];
    Promise.all(urls.map(function (url) {
      return fetch(url, {method: "HEAD", cache: "no-store"}).then(function (response) {
        return response.ok ? null : {url: url, status: response.status};
      }, function () { return {url: url, status: 0}; });
    })).then(function (results) {
      const found = results.filter(function (result) { return result; })[0];
      root.setAttribute("data-loader-missing", found ? found.url : "static/js/boot/main.js");
    });
  }

  whenParsed(function () {
    localise();
    /** @type {HTMLElement} */ (byId("loading-retry")).addEventListener("click", function () {
      window.location.reload();
    });
    if (isFileUrl) {
      show("msg-file-protocol");
    } else if (opaque) {
      root.setAttribute("data-boot-problem", "sandboxed");
      show("msg-sandboxed", {url: window.location.href.split("#")[0]});
    }
  });

  window.masumeLoader = {
    root: root,
    lang: lang,
    isFileUrl: isFileUrl,
    embedded: embedded,
    opaque: opaque,
    byId: byId,
    text: text,
    whenParsed: whenParsed,
    setStage: setStage,
    currentStep: currentStep,
    ready: ready,
    show: show,
    failed: function () { return failed; },
    takeErrors: function (take) {
      handler = take;
      early.splice(0).forEach(take);
    }
  };
})();
