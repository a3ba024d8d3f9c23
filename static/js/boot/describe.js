// @ts-check
// A failure's cause in words, for the loader's message and for app/web/engine.py (through
// window.masumeDescribeFailure). Pure: no page, so Node tests it (tests/unit/js/boot.test.mjs).

/**
 * A failure's cause in words, whatever was thrown or rejected: an Error or DOMException by its name
 * and message, an Event by what it came from (an IndexedDB request's event carries the request's
 * error), text as it is; never "[object Event]".
 * @param {unknown} reason
 * @param {number} [depth]
 * @returns {string}
 */
export function describe(reason, depth) {
  if (reason === null || reason === undefined || reason === "") return "";
  if (typeof reason !== "object" && typeof reason !== "function") return String(reason);
  if ((depth || 0) > 2) return "";
  const isEvent = typeof Event === "function" && reason instanceof Event;
  if (isEvent) {
    const event = /** @type {Event & {message?: unknown, error?: unknown}} */ (reason);
    if (event.message) return String(event.message);  // an ErrorEvent
    if (event.error) return describe(event.error, (depth || 0) + 1);
    const target = /** @type {(EventTarget & {error?: unknown}) | null} */ (event.target);
    let inner;
    try { inner = target && target.error ? describe(target.error, (depth || 0) + 1) : ""; } catch (e) { inner = ""; }
    if (inner) return inner;
    const source = target && target.constructor && target.constructor.name;
    return "“" + event.type + "” event" + (source ? " from " + source : "");
  }
  const thing = /** @type {{name?: unknown, message?: unknown}} */ (reason);
  const name = thing.name ? String(thing.name) : "";
  const message = thing.message ? String(thing.message) : "";
  if (name && message) return message.indexOf(name) === 0 ? message : name + ": " + message;
  if (message || name) return message || name;
  let text;
  try { text = String(reason); } catch (e) { text = ""; }  // (an object without toString)
  if (text && !/^\[object \w+\]$/.test(text)) return text;
  const kind = typeof reason.constructor === "function" && reason.constructor.name;
  return "an unexpected " + (kind && kind !== "Object" ? kind : "value");
}

/**
 * A reason for the message: one line, and never a Python traceback (its last line names the error).
 * @param {unknown} reason
 * @returns {string}
 */
export function readable(reason) {
  const lines = describe(reason).split("\n").map(function (line) { return line.trim(); })
    .filter(function (line) { return line; });
  const traceback = lines.some(function (line) {
    return line.indexOf("Traceback (most recent call last)") === 0 || line.indexOf("File \"") === 0;
  });
  const line = (traceback ? lines[lines.length - 1] : lines[0]) || "";
  return line.replace(/^Traceback \(most recent call last\):?/, "").slice(0, 200);
}
