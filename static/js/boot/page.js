// @ts-check
// What the classic loader (static/js/boot.js) set up before the modules: the page's words, its
// failure message and facts about where the page runs. `loader` is undefined only when boot.js
// itself did not run (then main.js does nothing, and app/web/boot.py says the file is missing).

export const loader = window.masumeLoader;
export const root = document.documentElement;

/**
 * Whether the first screen is up (Python set data-ready).
 * @returns {boolean}
 */
export function isReady() {
  return root.getAttribute("data-ready") === "true";
}
