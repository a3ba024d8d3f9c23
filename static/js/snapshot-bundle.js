// @ts-check
// The start-up snapshot's file format: Pyodide's memory snapshot and the files that live
// outside WebAssembly memory (numpy's modules and libraries), in one binary bundle.
//
// Layout (little-endian):
//   "MSNP"            4 bytes, the magic
//   format            u32, FORMAT below; any other value is refused
//   checksum          16 bytes: the 128-bit checksum of every byte from the header length on
//   header length     u32, then that many bytes of UTF-8 JSON, then zero padding to 8 bytes
//   payload           the memory's non-zero 64 KiB pages, then each file's bytes
//
// The header says what the bundle belongs to (build version, runtime, the function table's
// fingerprint) and where each piece of the payload lies. The checksum covers the header as well
// as the payload, and the magic and format are compared whole, so a changed byte anywhere (a
// file's offset or length in the header too) is caught before anything is read or restored.
// All-zero pages of memory are left out: a fresh Python heap is mostly zeros, and the bundle is a
// quarter smaller without them.
//
// Pure: used by the page (static/js/interpreter.js), the worker that makes the snapshot
// (static/js/snapshot-worker.js) and by tests/unit/test_snapshot_bundle.py under Node.

export const MAGIC = 0x504e534d;  // "MSNP" read as a little-endian u32
// 2: a checksum of the payload instead of its sha256; 3: the checksum covers the header too
// (a format-2 bundle is refused like any other doubt, deleted and made again).
export const FORMAT = 3;
export const PAGE = 65536;
const CHECKSUM_AT = 8;  // the checksum's 16 bytes
const COVERED_FROM = 24;  // the checksum covers every byte from here (8-aligned) to the end
const JSON_AT = 28;

export class BundleError extends Error {}

function zeroPage(bytes, start, end) {
  // Eight bytes at a time: a quarter of a second saved on a 50 MB heap against a byte loop.
  const words = new BigUint64Array(bytes.buffer, bytes.byteOffset + start, (end - start) >> 3);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0n) return false;
  for (let i = start + (words.length << 3); i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

// The runs of memory that hold a non-zero byte, in whole pages: [[offset, length], ...].
export function nonZeroRuns(memory) {
  const runs = [];
  const aligned = (memory.byteOffset & 7) === 0;
  for (let start = 0; start < memory.length; start += PAGE) {
    const end = Math.min(start + PAGE, memory.length);
    const empty = aligned ? zeroPage(memory, start, end) : memory.subarray(start, end).every((b) => b === 0);
    if (empty) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else runs.push([start, end - start]);
  }
  return runs;
}

// A 128-bit checksum: four interleaved lanes of FNV-1a-style xor-and-multiply over 32-bit words.
// Each step maps its lane's state one-to-one, so any single changed word changes the sum. 40 MB
// take 15-20 ms, where crypto.subtle.digest took 60-150 ms, synchronously, on the calling thread
// (Chromium): it sat on a restore's critical path. It need not be a cryptographic hash: it
// guards against damage, and whoever could rewrite the stored bundle could rewrite its header too.
export function checksum(bytes) {
  return checksumLanes(bytes).map((lane) => lane.toString(16).padStart(8, "0")).join("");
}

// The checksum's four lanes as unsigned 32-bit numbers (what a bundle stores).
function checksumLanes(bytes) {
  const aligned = (bytes.byteOffset & 3) === 0 ? bytes : bytes.slice();
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 2);
  let a = 0x811c9dc5 | 0, b = 0x01000193 | 0, c = 0x2545f491 | 0, d = 0x9e3779b9 | 0;
  const lanes = words.length & ~3;
  for (let i = 0; i < lanes; i += 4) {
    a = Math.imul(a ^ words[i], 0x01000193);
    b = Math.imul(b ^ words[i + 1], 0x85ebca6b);
    c = Math.imul(c ^ words[i + 2], 0xc2b2ae35);
    d = Math.imul(d ^ words[i + 3], 0x27d4eb2f);
  }
  for (let i = lanes; i < words.length; i++) a = Math.imul(a ^ words[i], 0x01000193);
  for (let i = words.length << 2; i < aligned.length; i++) b = Math.imul(b ^ aligned[i], 0x85ebca6b);
  a = Math.imul(a ^ aligned.length, 0x01000193);  // (so that trailing zero bytes count)
  return [a, b, c, d].map((lane) => lane >>> 0);
}

// Bundle `memory` (Pyodide's snapshot bytes) and `files` ([{path, data}]) with `info`
// (build, runtime, table fingerprint, libraries' load order, ...). Returns a Uint8Array.
export async function encodeBundle({memory, files, info}) {
  const runs = nonZeroRuns(memory);
  let size = runs.reduce((sum, [, length]) => sum + length, 0);
  const placed = files.map((file) => {
    const entry = {path: file.path, offset: size, length: file.data.length};
    size += file.data.length;
    return entry;
  });
  const payload = new Uint8Array(size);
  let at = 0;
  for (const [offset, length] of runs) {
    payload.set(memory.subarray(offset, offset + length), at);
    at += length;
  }
  files.forEach((file, i) => payload.set(file.data, placed[i].offset));
  const header = {
    ...info,
    memory: {length: memory.length, runs},
    files: placed,
    payload: {length: size},
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const headerEnd = Math.ceil((JSON_AT + json.length) / 8) * 8;
  const out = new Uint8Array(headerEnd + size);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT, true);
  view.setUint32(COVERED_FROM, json.length, true);
  out.set(json, JSON_AT);
  out.set(payload, headerEnd);
  checksumLanes(out.subarray(COVERED_FROM)).forEach((lane, i) => view.setUint32(CHECKSUM_AT + 4 * i, lane, true));
  return out;
}

// Whether a bundle's stored checksum is that of its bytes from COVERED_FROM on.
function checksumMatches(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lanes = checksumLanes(bytes.subarray(COVERED_FROM));
  return lanes.every((lane, i) => view.getUint32(CHECKSUM_AT + 4 * i, true) === lane);
}

function isCount(value) {
  return Number.isSafeInteger(value) && value >= 0;
}

// The fixed start: the magic, the format and the header's length; returns that length.
function headerLength(bytes) {
  if (!(bytes instanceof Uint8Array) || bytes.length < JSON_AT) throw new BundleError("too short");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== MAGIC) throw new BundleError("not a snapshot bundle");
  const format = view.getUint32(4, true);
  if (format !== FORMAT) throw new BundleError(`format ${format}, expected ${FORMAT}`);
  const jsonLength = view.getUint32(COVERED_FROM, true);
  if (JSON_AT + jsonLength > bytes.length) throw new BundleError("truncated header");
  return jsonLength;
}

// Read the header alone (cheap, not checked against the checksum): throws BundleError on a wrong
// magic, format or length.
export function readHeader(bytes) {
  const jsonLength = headerLength(bytes);
  let header;
  try {
    header = JSON.parse(new TextDecoder("utf-8", {fatal: true}).decode(bytes.subarray(JSON_AT, JSON_AT + jsonLength)));
  } catch (error) {
    throw new BundleError("unreadable header");
  }
  const start = Math.ceil((JSON_AT + jsonLength) / 8) * 8;
  if (!header || typeof header !== "object" || !header.payload || !header.memory || !Array.isArray(header.files)
      || !Array.isArray(header.memory.runs)) {
    throw new BundleError("incomplete header");
  }
  if (start + header.payload.length !== bytes.length) throw new BundleError("truncated payload");
  return {header, payload: bytes.subarray(start)};
}

// Check the whole bundle's checksum, header included, and find the files: {header, payload, files},
// without rebuilding the memory (see copyMemory). Throws BundleError on a malformed bundle or any mismatch.
export function checkBundle(bytes) {
  headerLength(bytes);  // (the magic and the format first: a foreign or older file is named as such)
  if (!checksumMatches(bytes)) throw new BundleError("bundle does not match its checksum");
  const {header, payload} = readHeader(bytes);
  let at = 0;
  for (const run of header.memory.runs) {
    const [offset, length] = Array.isArray(run) ? run : [];
    if (!isCount(offset) || !isCount(length) || offset + length > header.memory.length || at + length > payload.length) {
      throw new BundleError("memory run out of range");
    }
    at += length;
  }
  const files = header.files.map((file) => {
    if (!file || typeof file.path !== "string" || !isCount(file.offset) || !isCount(file.length)
        || file.offset + file.length > payload.length) {
      throw new BundleError("file out of range");
    }
    return {path: file.path, data: payload.subarray(file.offset, file.offset + file.length)};
  });
  return {header, payload, files};
}

// Write the memory's bytes [from, end) into `target` from its index 0, the left-out pages as
// zeros: straight into a WebAssembly heap, without building the whole image first.
export function copyMemory({header, payload}, target, from = 0, end = header.memory.length) {
  let at = 0;
  let done = from;  // the memory's bytes before this one are written
  for (const [offset, length] of header.memory.runs) {
    const start = Math.max(offset, from);
    const stop = Math.min(offset + length, end);
    if (start < stop) {
      if (done < start) target.fill(0, done - from, start - from);
      target.set(payload.subarray(at + start - offset, at + stop - offset), start - from);
      done = stop;
    }
    at += length;
  }
  if (done < end) target.fill(0, done - from, end - from);
}

// Check the bundle's checksum, then rebuild the whole memory image and the files: {header, memory,
// files}. For tests and tools that rewrite a bundle; a restoring page uses checkBundle and copyMemory.
// Throws BundleError on a malformed bundle or any mismatch.
export function openBundle(bytes) {
  const bundle = checkBundle(bytes);
  const memory = new Uint8Array(bundle.header.memory.length);
  copyMemory(bundle, memory);
  return {header: bundle.header, memory, files: bundle.files};
}
