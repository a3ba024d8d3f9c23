"""Build the folder to deploy: dist/masume/ and dist/masume.zip (what `make dist` runs).

Only the files a Masume boot loads go in: the precache list that `make vendor` writes
(static/vendor/precache.js, every file with its sha256), the list itself and the service
worker, sw.js. No sources of the runtime, source maps, type definitions, tests or tooling.
index.html is at the root of both, and every URL in them is relative, so the folder works
at a host's root, under any sub-path, and as a game portal's zip upload.

It prints the total size and what a first visit downloads, raw and compressed as a host
would (gzip level 6, the default of Apache's mod_deflate and of most hosts' settings, for
text and WebAssembly; zip, wheel and PNG files are sent as they are).

    python3 scripts/dist.py [--out dist/masume] [--zip dist/masume.zip]
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import sys
import zipfile
from pathlib import Path

import vendor

ROOT = vendor.ROOT
DIST = ROOT / "dist"
EXTRA_FILES = ("sw.js", vendor.PRECACHE_URL)  # not in the list itself: the worker and the list
COMPRESSED_SUFFIXES = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".toml", ".py", ".svg", ".wasm")
GZIP_LEVEL = 6
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


def check_current(root: Path = ROOT) -> dict:
    """Return the stored build description, or stop if a file changed since `make vendor` wrote it."""
    try:
        stored = vendor.read_precache(root)
    except OSError as exc:
        raise vendor.SetupError(f"{vendor.PRECACHE_URL} is missing: run make vendor") from exc
    if vendor.precache_manifest(root) != stored:
        raise vendor.SetupError(f"{vendor.PRECACHE_URL} does not match the files any more: run make vendor")
    return stored


def build(out: Path = DIST / "masume", root: Path = ROOT) -> dict:
    """Copy exactly the files the game loads into `out` (emptied first); return the build description."""
    description = check_current(root)
    if out.exists():
        shutil.rmtree(out)
    for url in [entry["url"] for entry in description["files"]] + list(EXTRA_FILES):
        target = out / url
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / url, target)
    return description


def write_zip(folder: Path, target: Path) -> None:
    """Zip `folder`'s contents with index.html at the archive's root (fixed dates: reproducible)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(".zip.partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    partial.replace(target)


def compressed_size(path: Path) -> int:
    """Return what a host sends for this file: gzip level 6 for text and wasm, the file itself otherwise."""
    data = path.read_bytes()
    if path.suffix not in COMPRESSED_SUFFIXES:
        return len(data)
    return len(gzip.compress(data, compresslevel=GZIP_LEVEL, mtime=0))


def first_visit(folder: Path, description: dict) -> list[tuple[str, int, int]]:
    """Return (url, raw bytes, compressed bytes) for every file a first visit downloads."""
    urls = [entry["url"] for entry in description["files"] if entry["kind"] != "derived"] + list(EXTRA_FILES)
    return [(url, (folder / url).stat().st_size, compressed_size(folder / url)) for url in urls]


def report(folder: Path, archive: Path, description: dict) -> str:
    """Return the sizes as text: total, zip, first visit raw and compressed, per file."""
    rows = sorted(first_visit(folder, description), key=lambda row: -row[1])
    raw = sum(row[1] for row in rows)
    packed = sum(row[2] for row in rows)
    total = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    width = max(len(row[0]) for row in rows)
    lines = [f"dist: {folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder} "
             f"(build {description['version']}): {len(list(folder.rglob('*.*')))} files, {total / 2**20:.2f} MiB",
             f"dist: {archive.name}: {archive.stat().st_size / 2**20:.2f} MiB",
             f"first visit downloads {raw / 2**20:.2f} MiB raw, {packed / 2**20:.2f} MiB where the host "
             f"compresses (gzip -{GZIP_LEVEL} for text and wasm); then the game plays offline:",
             f"  {'file'.ljust(width)}  {'raw bytes':>10}  {'gzip bytes':>10}"]
    lines += [f"  {url.ljust(width)}  {size:>10}  {gz:>10}" for url, size, gz in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Build dist/masume/ and dist/masume.zip and print their sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DIST / "masume")
    parser.add_argument("--zip", type=Path, default=DIST / "masume.zip")
    args = parser.parse_args(argv)
    try:
        description = build(args.out.resolve())
    except vendor.SetupError as exc:
        print(f"make dist: {exc}", file=sys.stderr)
        return 1
    write_zip(args.out.resolve(), args.zip.resolve())
    print(report(args.out.resolve(), args.zip.resolve(), description))
    return 0


if __name__ == "__main__":
    sys.exit(main())
