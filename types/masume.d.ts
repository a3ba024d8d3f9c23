// Types shared by Masume's JavaScript, the page's (static/js/) and the service worker's (sw.js), checked by `tsc --noEmit` (tsconfig.json).
// Not shipped: the page runs the .js files as they are; these only describe them.

/** One file of the build, as static/vendor/precache.js lists it (scripts/vendor.py). */
export interface BuildEntry {
  url: string;
  size: number;
  sha256: string;
  kind: "page" | "module" | "fetch" | "derived";
  /** a "derived" file is made from this listed file */
  from?: string;
}

/** The build: its version and every file it loads (self.MASUME_BUILD). */
export interface Build {
  version: string;
  files: BuildEntry[];
}

/** The shared sha256 helper (static/js/sha256.js), for the page and the service worker. */
export interface Sha256 {
  hex(buffer: ArrayBuffer | ArrayBufferView): string;
  available(): boolean;
  sha256Hex(bytes: BufferSource): Promise<string>;
  sha256Integrity(bytes: BufferSource): Promise<string>;
}

declare global {
  // Shared by the page and the service worker (classic scripts that define them on self).
  var MASUME_BUILD: Build | undefined;
  var masumeSha256: Sha256;
}
