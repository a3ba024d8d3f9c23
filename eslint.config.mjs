// ESLint (flat config) for Masume's JavaScript: the page's (static/js/), the service worker (sw.js)
// and the Node tests (tests/unit/js/). Run by `make test`; `npx eslint .` runs it alone.
import js from "@eslint/js";
import globals from "globals";

export default [
  {ignores: ["static/vendor/**", "node_modules/**", "dist/**", ".venv/**", ".cache/**", "bench/results/**"]},
  js.configs.recommended,
  {
    linterOptions: {reportUnusedDisableDirectives: "error"},
    rules: {
      "no-unused-vars": ["error", {args: "none", caughtErrors: "none"}],
      "no-var": "off",
      eqeqeq: ["error", "always", {null: "ignore"}],
      "no-implicit-globals": "error",
      "no-shadow": "off",
      "prefer-const": "error",
      "no-useless-assignment": "error",
    },
  },
  {
    // The page's modules: the loader (static/js/boot/) and what PyScript imports.
    files: ["static/js/**/*.js"],
    languageOptions: {sourceType: "module", globals: {...globals.browser}},
  },
  {
    // Classic scripts of the page (index.html loads them before any module) and the worker's shared helper.
    files: ["static/js/boot.js", "static/js/board-grid.js", "static/js/storage-fallback.js", "static/js/sha256.js"],
    languageOptions: {sourceType: "script", globals: {...globals.browser, ...globals.worker}},
  },
  {
    files: ["static/js/storage-fallback.js"],  // (also exported to its Node tests when `module` is there)
    languageOptions: {globals: {module: "readonly"}},
  },
  {
    files: ["static/js/snapshot-worker.js"],
    languageOptions: {sourceType: "module", globals: {...globals.worker}},
  },
  {
    files: ["sw.js"],
    languageOptions: {sourceType: "script", globals: {...globals.serviceworker}},
    rules: {"no-implicit-globals": "off"},  // (a worker's global scope is its own)
  },
  {
    files: ["tests/**/*.mjs", "bench/**/*.mjs", "bench/**/*.js", "eslint.config.mjs"],
    languageOptions: {sourceType: "module", globals: {...globals.node}},
  },
];
