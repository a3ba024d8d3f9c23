"""The page's static files agree with the Python side: module list and loader texts."""

from __future__ import annotations

import html.parser
import json
import tomllib
import zipfile
from pathlib import Path

from vendor import app_modules, build_app_archive

from app.core.strings import catalogue

ROOT = Path(__file__).resolve().parents[2]

# index.html's loader message ids and the catalogue keys they must equal.
LOADER_KEYS = {
    "msg-loading-python": "loading_python",
    "msg-loading-files": "loading_files",
    "msg-starting": "loading_starting",
    "msg-load-failed": "load_failed",
    "msg-load-timeout": "load_timeout",
    "msg-file-protocol": "load_file_protocol",
    "loading-retry": "retry",
    "loading-title": "site_title",
    "page-title": "site_title",  # the tab's title while the page loads (static/js/boot.js localises it)
}


class _Texts(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[str, dict[str, str]] = {}
        self.i18n_keys: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values and "data-en" in values:
            self.by_id[values["id"]] = {"en": values["data-en"], "ja": values.get("data-ja", "")}
        if "data-i18n" in values:
            self.i18n_keys.add(values["data-i18n"])


def _index_texts() -> _Texts:
    parser = _Texts()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_pyscript_config_unpacks_the_app_archive_into_the_working_directory() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["files"] == {"./static/vendor/app.zip": "./*"}


def test_the_app_archive_holds_every_module_exactly_and_is_reproducible(tmp_path: Path) -> None:
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    packed = build_app_archive(first)
    build_app_archive(second)
    assert packed == app_modules() and "app/web/boot.py" in packed and "app/games/mines/solver.py" in packed
    with zipfile.ZipFile(first) as archive:
        assert archive.namelist() == packed
        for name in packed:
            assert archive.read(name) == (ROOT / name).read_bytes()
    assert first.read_bytes() == second.read_bytes()


def test_the_app_archive_carries_data_files_but_not_bytecode(tmp_path: Path) -> None:
    app = tmp_path / "app" / "games" / "demo"
    (app / "__pycache__").mkdir(parents=True)
    (app / "__init__.py").write_text("X = 1\n")
    (app / "stages.toml").write_text("[[stage]]\n")
    (app / "levels.json").write_text("[]\n")
    (app / "__pycache__" / "x.cpython-312.pyc").write_bytes(b"\0")
    (app / "notes.md").write_text("not shipped\n")
    packed = build_app_archive(tmp_path / "app.zip", root=tmp_path)
    assert packed == ["app/games/demo/__init__.py", "app/games/demo/levels.json", "app/games/demo/stages.toml"]


def test_pyscript_config_loads_everything_locally() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert config["interpreter"] == "./static/js/interpreter.js"
    assert config["packages_cache"] == "passthrough"
    assert "!error" in config["plugins"]
    assert "://" not in (ROOT / "pyscript.toml").read_text(encoding="utf-8")


def test_loader_texts_match_the_catalogue_in_both_languages() -> None:
    texts = _index_texts().by_id
    for element_id, key in LOADER_KEYS.items():
        for lang in ("en", "ja"):
            assert texts[element_id][lang] == catalogue(lang)[key], (element_id, lang)


def test_every_data_i18n_key_in_the_page_exists() -> None:
    keys = _index_texts().i18n_keys
    assert keys, "index.html should label its controls through data-i18n"
    for lang in ("en", "ja"):
        assert keys <= set(catalogue(lang)), keys - set(catalogue(lang))


# ----- delivery: the precache list, the manifest, the CSP --------------------------------------------

CSP = ("default-src 'none'; script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'; style-src 'self'; "
       "connect-src 'self'; img-src 'self'; font-src 'self'; media-src 'self'; worker-src 'self'; "
       "manifest-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'")


class _Refs(html.parser.HTMLParser):
    """Every src/href index.html loads, and its meta tags."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.meta: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "meta" and "http-equiv" in values:
            self.meta[values["http-equiv"]] = values.get("content", "")
        for name in ("src", "href"):
            if name in values and not values[name].startswith("#"):
                self.refs.append(values[name])


def _refs() -> _Refs:
    parser = _Refs()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def test_the_precache_list_covers_every_file_the_page_loads_and_its_hashes_match() -> None:
    from vendor import PRECACHE_URL, file_sha256, read_precache

    listed = {entry["url"]: entry for entry in read_precache(ROOT)["files"]}
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "static/vendor/pyodide/pyodide-lock.json").read_text())
    pyodide = "static/vendor/pyodide/"
    loaded = {ref for ref in _refs().refs if ref != PRECACHE_URL}
    loaded |= {config["interpreter"].removeprefix("./"), *(path.removeprefix("./") for path in config["files"])}
    loaded |= {"pyscript.toml", "app/main.py", *(icon["src"] for icon in manifest["icons"])}
    loaded |= {pyodide + name for name in ("pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                                            "pyodide-lock.json", lock["packages"]["numpy"]["file_name"])}
    assert loaded <= set(listed), sorted(loaded - set(listed))
    for url, entry in listed.items():  # run `make vendor` after changing any of these files
        assert (ROOT / url).stat().st_size == entry["size"], url
        assert file_sha256(ROOT / url) == entry["sha256"], url
    assert "static/vendor/pyscript/xterm-DrSYbXEP.js" not in listed  # only what a boot loads


def test_the_precache_version_changes_with_any_file(tmp_path: Path) -> None:
    import shutil

    from vendor import precache_manifest, site_files

    for url, _ in site_files(ROOT):
        target = tmp_path / url
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.suffix in (".wasm", ".whl", ".zip"):
            target.write_bytes(b"stand-in for " + url.encode())  # small copies: only the hashes matter here
        else:
            shutil.copyfile(ROOT / url, target)
    before = precache_manifest(tmp_path)
    (tmp_path / "app/main.py").write_text("# changed\n")
    after = precache_manifest(tmp_path)
    assert before["version"] != after["version"]
    assert [e["url"] for e in before["files"]] == [e["url"] for e in after["files"]]


def test_the_page_has_a_content_security_policy_and_a_manifest() -> None:
    # (What the browser does with the policy: test_shell_browser.py refuses inline code and other origins.)
    refs = _refs()
    assert refs.meta["Content-Security-Policy"] == CSP
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert "<style" not in page and " style=" not in page and "onclick" not in page.lower()
    assert page.count("<script") == (page.count("<script src=") + page.count("<script defer src=")
                                     + page.count('<script type="module" src=') + 1)  # (no inline script)
    assert 'rel="manifest" href="manifest.webmanifest"' in page
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./" and manifest["display"] == "standalone"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    assert manifest["translations"]["ja"]["short_name"] == "マス目"
    for icon in manifest["icons"]:
        assert (ROOT / icon["src"]).is_file() and "://" not in icon["src"] and not icon["src"].startswith("/")


def test_the_png_icons_are_drawn_from_the_svg() -> None:
    from icons import ICONS, icons

    for name, data in icons().items():  # run scripts/icons.py after changing masume.svg
        assert (ICONS / name).read_bytes() == data, name


def test_the_game_never_imports_pyscripts_package_so_the_page_may_skip_its_eager_import() -> None:
    # static/js/interpreter.js drops PyScript's `import pyscript as _pyscript` at start (70-180 ms a visit):
    # that is only safe while no module of the game imports the package.
    for path in sorted((ROOT / "app").rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.strip().split()
            assert words[:2] not in (["import", "pyscript"], ["from", "pyscript"]), f"{path}: {line}"
            assert not (words[:1] == ["from"] and words[1:2] and words[1].startswith("pyscript.")), f"{path}: {line}"
