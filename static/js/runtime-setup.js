// @ts-check
// What a start from a snapshot and the making of one share: numpy's files written into
// Python's file system and its libraries loaded before the C runtime starts, and the
// fingerprint of WebAssembly's function table.
//
// Why before the C runtime: a library loaded then gets its memory by bumping the heap base,
// not from malloc, so loading the same libraries in the same order gives them the same
// addresses and function-table slots in the session that makes a snapshot and in every
// session that restores it. Python's later dlopen() finds them already loaded.

// Files of the numpy wheel that Python never reads at run time: left out of the snapshot.
const UNUSED = /\.(pyi|h|a|pxd|c|pyx|pc)$|\/tests\//;

export function wantedFile(path) {
  return !path.endsWith("/") && !UNUSED.test(path);
}

// Read a zip archive (the numpy wheel): [{path, data}] for every file `keep(path)` accepts.
export async function unzip(bytes, keep = wantedFile) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip archive");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("damaged zip directory");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const path = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (!keep(path)) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, start + packed);
    if (method === 0) out.push({path, data: raw.slice()});
    else if (method === 8) {
      // (all at once, not one after another: each inflation waits for the browser's turn)
      out.push(new Response(new Blob([raw]).stream().pipeThrough(new DecompressionStream("deflate-raw")))
        .arrayBuffer().then((data) => ({path, data: new Uint8Array(data)})));
    } else throw new Error(`zip method ${method} in ${path}`);
  }
  const files = await Promise.all(out);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

// The libraries among `files`, in the one order both sessions load them in.
export function libraryPaths(files) {
  return files.map((file) => file.path).filter((path) => path.endsWith(".so")).sort();
}

// Write `files` ([{path, data}]) into Emscripten's file system at `fullPath(path)`, each folder made
// once: FS.mkdirTree tries every folder of a path and throws for each that exists, thousands of
// exceptions for a few hundred files. The data are copied: the bundle they came from can be freed.
export function writeFiles(FS, files, fullPath) {
  const made = new Set();
  for (const file of files) {
    const full = fullPath(file.path);
    const folder = full.slice(0, full.lastIndexOf("/"));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(full, file.data);
  }
}

// A preRun step for Emscripten: write `files` (a relative path is under site-packages, an
// absolute one where it says: the game's own files), then load the libraries `libs` (paths
// among them) one after another.
export function installStep(files, libs) {
  return function (Module) {
    const site = Module.API.sitePackages;
    writeFiles(Module.FS, files, (path) => (path.startsWith("/") ? path : `${site}/${path}`));
    Module.addRunDependency("masume-libraries");
    (async () => {
      try {
        for (const lib of libs) {
          const full = `${site}/${lib}`;
          await Module.loadDynamicLibrary(full, {
            loadAsync: true, nodelete: true, allowUndefined: true, global: false, fs: Module.FS,
          }, {});
          const name = full.slice(full.lastIndexOf("/") + 1);
          Module.LDSO.loadedLibsByName[name] ||= Module.LDSO.loadedLibsByName[full];
        }
      } catch (error) {
        Module.masumeSetupError = error;
      } finally {
        Module.removeRunDependency("masume-libraries");
      }
    })();
  };
}

// A short text that changes when any slot of the function table does: its size and a hash of
// every entry's name (a WebAssembly function's name is its index in its own module).
export function tableFingerprint(Module) {
  const table = Module.wasmTable;
  let hash = 0x811c9dc5;
  for (let i = 0; i < table.length; i++) {
    const entry = table.get(i);
    const name = entry ? String(entry.name) : "-";
    for (let j = 0; j < name.length; j++) hash = Math.imul(hash ^ name.charCodeAt(j), 0x01000193);
    hash = Math.imul(hash ^ 0x7c, 0x01000193);
  }
  return `${table.length}:${(hash >>> 0).toString(16)}`;
}

// Instantiate Pyodide's WebAssembly from the module static/js/boot/delivery.js compiled while the page
// loaded (globalThis.masumeRuntimeWasm); if it has none, Pyodide's own way.
function useEarlyRuntime(settings) {
  const own = settings.instantiateWasm;
  const early = globalThis.masumeRuntimeWasm;  // (kept: a normal start after a refused snapshot reuses it)
  settings.instantiateWasm = (imports, receive) => {
    early.then((module) => {
      if (!module) return own(imports, receive);
      return WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
    }).catch((error) => {
      console.warn("Masume: the runtime compiled early could not start; compiling it again:", error);
      own(imports, receive);
    });
    return {};  // Emscripten: the exports come later, through receive()
  };
}

// Load Pyodide's Emscripten module script once and let `plan()` add a preRun step, size the heap
// and see the module before Pyodide uses it (plan() returns {step, initialMemory, created} for the
// load about to start).
export async function hookModuleCreation(indexURL, plan) {
  if (typeof globalThis._createPyodideModule !== "function") await import(`${indexURL}pyodide.asm.js`);
  const create = globalThis._createPyodideModule;
  if (create.masumeHooked) return;
  const hooked = async (settings) => {
    const {step, created, initialMemory} = plan() || {};
    if (step) settings.preRun.unshift(step);  // preRun steps run last-first: this one after the stdlib's
    if (initialMemory) settings.INITIAL_MEMORY = initialMemory;
    if (globalThis.masumeRuntimeWasm && settings.instantiateWasm) useEarlyRuntime(settings);
    const Module = await create(settings);
    if (Module.masumeSetupError) throw Module.masumeSetupError;
    if (created) await created(Module);
    return Module;
  };
  hooked.masumeHooked = true;
  globalThis._createPyodideModule = hooked;
}
