"""Bytecode for the standard library and numpy, only for the modules a Masume boot imports.

Every visit, Pyodide compiles from source each standard-library and numpy module the
page imports at start. Bytecode compiled by Pyodide's own Python (run in Node at
`make vendor`) spares that, but shipping it beside every source grows the stdlib zip
2.4 -> 6.4 MB and the numpy wheel 3.1 -> 4.6 MB. So only the modules a boot imports
get a `.pyc`, and it *replaces* their `.py` (a slow link pays for bytes, not files);
every other module stays source, byte for byte.

The `.pyc` files are unchecked hash-based (PEP 552): zipimport and the sourceless
loader accept them without a source beside them. Tracebacks through those modules
show no source lines; nothing else changes.

Which modules a boot imports is found by running it in Node: numpy and every module of
app.core and app.games imported, plus the standard-library modules app/web names in its
import statements (app/web needs a browser). A module missed here is merely compiled
from source in the browser, as before; a module listed needlessly only costs bytes.
"""

from __future__ import annotations

import ast
import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

STDLIB_PREFIX = "/lib/python312.zip/"  # where Pyodide 0.27 mounts python_stdlib.zip
SITE_PREFIX = "/lib/python3.12/site-packages/"
# Top-level names app/web imports that are not the standard library's (the browser, the
# runtime, the game itself): left out of the list of stdlib modules to import in Node.
NOT_STDLIB = frozenset({"__future__", "app", "js", "pyodide", "pyscript", "numpy", "_pyodide", "polyscript",
                        "_pyscript"})
FORMAT = 2  # bump when the discovery or the compiling changes, so cached results are not reused

DISCOVER_JS = r"""
import { readFileSync } from "node:fs";
const [pyodideDir, wheel, appZip, requestFile] = process.argv.slice(1);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/", stdout: () => {}, stderr: (line) => console.error(line) });
await py.loadPackage(wheel, { messageCallback: () => {}, errorCallback: (line) => console.error(line) });
py.FS.writeFile("/tmp/masume-app.zip", readFileSync(appZip));
py.globals.set("REQUEST", readFileSync(requestFile, "utf8"));
process.stdout.write(py.runPython(`
import base64, importlib, importlib.util, json, pathlib, sys, zipfile, zipimport
from importlib._bootstrap_external import _code_to_hash_pyc
from importlib.machinery import SourceFileLoader
request = json.loads(REQUEST)
with zipfile.ZipFile("/tmp/masume-app.zip") as archive:
    archive.extractall("/tmp/masume-app")
sys.path.insert(0, "/tmp/masume-app")
failed = []
def attempt(name):
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # a name that is no module (from x import a_class) is fine
            failed.append(f"{name}: {exc}")
    except Exception as exc:
        failed.append(f"{name}: {type(exc).__name__}: {exc}")
attempt("numpy")
# Every module under app/core and app/games, listed from the files (pkgutil would add itself
# to sys.modules, and a boot does not import it).
for path in sorted(pathlib.Path("/tmp/masume-app").glob("app/[cg][oa]*/**/*.py")):
    parts = path.relative_to("/tmp/masume-app").with_suffix("").parts
    if parts[1] in ("core", "games"):
        attempt(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
for name in request["imports"]:
    attempt(name)
stdlib = zipfile.ZipFile(request["stdlib"])
out = {"tag": sys.implementation.cache_tag, "version": sys.version, "failed": failed, "stdlib": {}, "numpy": {}}
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""
    loader = getattr(getattr(module, "__spec__", None), "loader", None)
    if not path.endswith(".py"):
        continue
    if path.startswith(request["stdlib"] + "/") and isinstance(loader, zipimport.zipimporter):
        kind, inner = "stdlib", path[len(request["stdlib"]) + 1:]
        source = stdlib.read(inner)
    elif path.startswith(request["site"] + "numpy/") and isinstance(loader, SourceFileLoader):
        kind, inner = "numpy", path[len(request["site"]):]
        with open(path, "rb") as handle:
            source = handle.read()
    else:
        continue
    code = compile(source, path, "exec", dont_inherit=True)
    out[kind][inner] = base64.b64encode(_code_to_hash_pyc(code, importlib.util.source_hash(source), False)).decode()
json.dumps(out)
`));
"""


# ----- pure parts: which names, the rewritten archives, the lock -----------------------------------


def stdlib_imports(sources: Iterable[str]) -> list[str]:
    """Return the absolute module names the given Python sources import, less the non-stdlib ones."""
    names: set[str] = set()
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                # `from package import name` may import a submodule: try it too (a failed
                # attempt in Node is recorded, not fatal).
                names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return sorted(name for name in names if name.split(".")[0] not in NOT_STDLIB)


# PyScript's own Python (the `pyscript` package, imported at every boot) is minified inside its
# JS bundle as string literals, each statement after a quote (a file's start), newline, tab,
# `;` or `:`; e.g. `import base64,html,io,re`.
_BUNDLED_IMPORT = re.compile(r"(?:\\n|\\t|;|:|[\"'`])(?:import ((?:[\w.]+(?: as \w+)?,?)+)|from ([\w.]+) import)")


def bundled_imports(script: str) -> list[str]:
    """Return the module names the Python embedded in a JS bundle (PyScript's core) imports, less non-stdlib ones."""
    names: set[str] = set()
    for listed, source in _BUNDLED_IMPORT.findall(script):
        names.update(part.split(" as ")[0] for part in listed.split(",") if part)
        if source:
            names.add(source)
    return sorted(name for name in names if name.split(".")[0] not in NOT_STDLIB)


def import_fingerprint(sources: Mapping[str, str]) -> str:
    """Return a hash of every import statement in `sources` (path -> text): what decides which modules a boot loads."""
    digest = hashlib.sha256()
    for path in sorted(sources):
        digest.update(path.encode() + b"\0")
        for node in ast.walk(ast.parse(sources[path])):
            if isinstance(node, ast.Import | ast.ImportFrom):
                digest.update(ast.dump(node).encode() + b"\n")
    return digest.hexdigest()


def bytecode_name(source_name: str) -> str:
    """Return the archive name of the .pyc that replaces the source `source_name` (a .py path)."""
    if not source_name.endswith(".py"):
        raise ValueError(f"{source_name} is not a Python source")
    return source_name[:-3] + ".pyc"


def record_line(name: str, data: bytes) -> str:
    """Return the wheel RECORD line of a file (PEP 376: urlsafe base64 sha256 without padding, size)."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def rewrite_record(record: str, bytecode: Mapping[str, bytes]) -> str:
    """Return a wheel's RECORD with each replaced source's line swapped for its .pyc's line."""
    lines = []
    for line in record.splitlines():
        name = line.split(",", 1)[0]
        lines.append(record_line(bytecode_name(name), bytecode[name]) if name in bytecode else line)
    return "\n".join(lines) + "\n"


def rewrite_archive(source: Path, target: Path, bytecode: Mapping[str, bytes]) -> None:
    """Write `target`: `source` with each member named in `bytecode` (a .py) replaced by its .pyc, in place.

    Every other member keeps its name, order, date, attributes, compression and bytes;
    a wheel's RECORD is rewritten to list the .pyc files instead of the sources.
    """
    with zipfile.ZipFile(source) as archive:
        missing = set(bytecode) - set(archive.namelist())
        if missing:
            raise ValueError(f"{source.name} has no {sorted(missing)[:3]}")
        partial = target.with_name(target.name + ".partial")
        with zipfile.ZipFile(partial, "w") as out:
            for info in archive.infolist():
                data = archive.read(info)
                if info.filename in bytecode:
                    data = bytecode[info.filename]
                    info = _renamed(info, bytecode_name(info.filename))
                elif info.filename.endswith(".dist-info/RECORD"):
                    data = rewrite_record(data.decode(), bytecode).encode()
                out.writestr(info, data)
    partial.replace(target)


def _renamed(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    """Return a copy of a member's ZipInfo under another name (same date, mode, compression)."""
    copy = zipfile.ZipInfo(name, date_time=info.date_time)
    copy.compress_type = info.compress_type
    copy.external_attr = info.external_attr
    copy.create_system = info.create_system
    return copy


def lock_with_wheel(lock: dict, package: str, wheel: Path) -> dict:
    """Return a copy of a pyodide-lock.json dict whose `package` entry has the sha256 of `wheel`."""
    updated = json.loads(json.dumps(lock))
    updated["packages"][package]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return updated


def sizes(path: Path) -> tuple[int, int]:
    """Return a file's size raw and gzip-compressed at level 6 (what a host sends)."""
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, compresslevel=6, mtime=0))


# ----- the impure part: Node, the cache, the files -------------------------------------------------


def discover_and_compile(pyodide_dir: Path, wheel: Path, app_zip: Path, imports: list[str]) -> dict:
    """Run a Masume boot's imports in Pyodide under Node; return {"stdlib"|"numpy": {name.py: pyc}, "failed": [...]}."""
    with tempfile.TemporaryDirectory() as scratch:
        request = Path(scratch) / "request.json"
        request.write_text(json.dumps({"imports": imports, "stdlib": STDLIB_PREFIX.rstrip("/"),
                                       "site": SITE_PREFIX}))
        result = subprocess.run(["node", "--input-type=module", "-e", DISCOVER_JS, str(pyodide_dir), str(wheel),
                                 str(app_zip), str(request)], capture_output=True, text=True, timeout=600, check=True)
    found = json.loads(result.stdout)
    return {"failed": found["failed"], "version": found["version"],
            **{kind: {name: base64.b64decode(data) for name, data in found[kind].items()}
               for kind in ("stdlib", "numpy")}}


def cache_key(stdlib_zip: Path, wheel: Path, fingerprint: str, imports: list[str], pyodide_version: str) -> str:
    """Return the cache key of one build: the runtime inputs' hashes, the app's imports and the names imported."""
    parts = [str(FORMAT), pyodide_version, _sha256(stdlib_zip), _sha256(wheel), fingerprint, *imports]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build(cache_dir: Path, key: str, stdlib_zip: Path, wheel: Path,
          compile_: Callable[[], dict]) -> Path | None:
    """Return a cache folder holding the rewritten stdlib zip and wheel and their sizes, building it if needed.

    `compile_()` returns discover_and_compile's result; None is returned (with a warning
    printed) if it fails, and the caller then ships the runtime untouched.
    """
    folder = cache_dir / key
    if (folder / "sizes.json").exists():
        return folder
    try:
        compiled = compile_()
    except (OSError, subprocess.SubprocessError, ValueError, KeyError) as exc:
        detail = getattr(exc, "stderr", "") or exc
        print(f"vendor: WARNING: the standard library and numpy ship without bytecode (Pyodide in Node "
              f"failed: {str(detail)[-400:]})", file=sys.stderr)
        return None
    if compiled["failed"]:
        print("vendor: note: in Node these imports failed (their modules stay source): "
              + "; ".join(compiled["failed"])[:600], file=sys.stderr)
    staging = cache_dir / f"{key}.partial"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    rewrite_archive(stdlib_zip, staging / stdlib_zip.name, compiled["stdlib"])
    rewrite_archive(wheel, staging / wheel.name, compiled["numpy"])
    report = {"modules": {kind: sorted(compiled[kind]) for kind in ("stdlib", "numpy")},
              "before": {stdlib_zip.name: sizes(stdlib_zip), wheel.name: sizes(wheel)},
              "after": {path.name: sizes(staging / path.name) for path in (stdlib_zip, wheel)}}
    (staging / "sizes.json").write_text(json.dumps(report, indent=1))
    shutil.rmtree(folder, ignore_errors=True)
    staging.replace(folder)
    for stale in cache_dir.iterdir():  # results for older inputs are never used again (about 6 MB each)
        if stale != folder and stale.is_dir():
            shutil.rmtree(stale, ignore_errors=True)
    return folder
