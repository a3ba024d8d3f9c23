"""The page's static files agree with the Python side: module list and loader texts."""

from __future__ import annotations

import html.parser
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
    assert config["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"
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


def test_index_loads_nothing_from_another_origin() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert 'src="http' not in page and 'href="http' not in page and "//cdn" not in page
