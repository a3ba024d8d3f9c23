// @ts-check
// The sha256 of some bytes, as the precache list writes it (hex) and as a fetch() integrity value
// says it ("sha256-" and base64). One file for the page and the service worker: sw.js loads it
// with importScripts() (a service worker as a classic script works in every browser, a module
// one does not yet), the page's loader imports it for its side effect. So it is a classic script
// that defines self.masumeSha256, with no import or export of its own, and valid as either.
"use strict";

(function () {
  /**
   * Lower-case hex of some bytes.
   * @param {ArrayBuffer | ArrayBufferView} buffer
   * @returns {string}
   */
  function hex(buffer) {
    const bytes = ArrayBuffer.isView(buffer)
      ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer);
    let out = "";
    for (let i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }

  /**
   * Whether this browser can hash here (crypto.subtle exists only in a secure context).
   * @returns {boolean}
   */
  function available() {
    return !!(self.crypto && self.crypto.subtle);
  }

  /**
   * The sha256 of some bytes in hex, as the precache list holds it.
   * @param {BufferSource} bytes
   * @returns {Promise<string>}
   */
  function sha256Hex(bytes) {
    return self.crypto.subtle.digest("SHA-256", bytes).then(hex);
  }

  /**
   * The sha256 of some bytes as a fetch() integrity value: "sha256-" and base64.
   * @param {BufferSource} bytes
   * @returns {Promise<string>}
   */
  function sha256Integrity(bytes) {
    return self.crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
      const view = new Uint8Array(digest);
      let binary = "";
      for (let i = 0; i < view.length; i++) binary += String.fromCharCode(view[i]);
      return "sha256-" + btoa(binary);
    });
  }

  self.masumeSha256 = {hex: hex, available: available, sha256Hex: sha256Hex, sha256Integrity: sha256Integrity};
})();
