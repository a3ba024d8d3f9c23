"""Start-up bytecode for the stdlib zip and numpy wheel: which names, the rewritten archives, the lock."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import subprocess
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path

import pytest
import runtime_bytecode as rb


def _unchecked_pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def _zip(path: Path, members: dict[str, bytes], stored: set[str] = frozenset()) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=(2025, 6, 4, 22, 38, 16))
            info.compress_type = zipfile.ZIP_STORED if name in stored else zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data)
    return path


def test_stdlib_imports_lists_absolute_imports_without_the_game_and_the_browser() -> None:
    source = ("from __future__ import annotations\nimport js, math\nimport numpy as np\n"
              "from app.core import registry\nfrom pyodide.ffi import create_proxy\n"
              "from urllib.parse import parse_qs\nfrom . import sibling\n"
              "def later():\n    import importlib.util\n")
    assert rb.stdlib_imports([source]) == ["importlib.util", "math", "urllib.parse", "urllib.parse.parse_qs"]


def test_bundled_imports_reads_the_minified_python_inside_pyscripts_bundle() -> None:
    script = 'const a={"display.py":"import base64,html,io,re\\nfrom pyscript import window\\n' \
             'def f():\\n\\timport binascii as C,hashlib as D;from json import dumps"}'
    assert rb.bundled_imports(script) == ["base64", "binascii", "hashlib", "html", "io", "json", "re"]


def test_the_import_fingerprint_changes_with_import_statements_only() -> None:
    base = rb.import_fingerprint({"app/a.py": "import math\nX = 1\n"})
    assert rb.import_fingerprint({"app/a.py": "import math\nX = 2  # edited\n"}) == base
    assert rb.import_fingerprint({"app/a.py": "import math, json\nX = 1\n"}) != base
    assert rb.import_fingerprint({"app/b.py": "import math\nX = 1\n"}) != base


def test_rewrite_replaces_exactly_the_listed_sources_and_keeps_every_other_member_identical(tmp_path) -> None:  # noqa: ANN001
    members = {"a.py": b"A = 1\n", "pkg/": b"", "pkg/__init__.py": b"from .b import B\n", "pkg/b.py": b"B = 2\n",
               "data.txt": b"kept" * 100, "c.py": b"C = 3\n"}
    source = _zip(tmp_path / "in.zip", members, stored={"c.py"})
    pyc = {"a.py": _unchecked_pyc(b"A = 1\n", "a.py"), "pkg/__init__.py": _unchecked_pyc(b"x", "i.py")}
    rb.rewrite_archive(source, tmp_path / "out.zip", pyc)

    with zipfile.ZipFile(source) as before, zipfile.ZipFile(tmp_path / "out.zip") as after:
        assert after.namelist() == ["a.pyc", "pkg/", "pkg/__init__.pyc", "pkg/b.py", "data.txt", "c.py"]
        assert after.read("a.pyc") == pyc["a.py"] and after.read("pkg/__init__.pyc") == pyc["pkg/__init__.py"]
        for old in before.infolist():
            new = after.getinfo(rb.bytecode_name(old.filename) if old.filename in pyc else old.filename)
            assert (new.date_time, new.compress_type, new.external_attr) == \
                   (old.date_time, old.compress_type, old.external_attr)
            if old.filename not in pyc:
                assert after.read(new) == before.read(old)


def test_a_name_not_in_the_archive_is_an_error_not_a_silent_skip(tmp_path) -> None:  # noqa: ANN001
    source = _zip(tmp_path / "in.zip", {"a.py": b""})
    with pytest.raises(ValueError, match="no"):
        rb.rewrite_archive(source, tmp_path / "out.zip", {"missing.py": b""})


def test_the_wheel_record_lists_each_pyc_in_place_of_its_source(tmp_path) -> None:  # noqa: ANN001
    record = "numpy/a.py,sha256=x,5\nnumpy/b.py,sha256=y,6\nnumpy-2.dist-info/RECORD,,\n"
    source = _zip(tmp_path / "np.whl", {"numpy/a.py": b"A = 1", "numpy/b.py": b"B = 22",
                                        "numpy-2.dist-info/RECORD": record.encode()})
    pyc = b"compiled"
    rb.rewrite_archive(source, tmp_path / "out.whl", {"numpy/a.py": pyc})
    digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    with zipfile.ZipFile(tmp_path / "out.whl") as wheel:
        assert wheel.read("numpy-2.dist-info/RECORD").decode().splitlines() == [
            f"numpy/a.pyc,sha256={digest},8", "numpy/b.py,sha256=y,6", "numpy-2.dist-info/RECORD,,"]


def test_zipimport_and_a_package_folder_load_an_unchecked_pyc_without_its_source(tmp_path) -> None:  # noqa: ANN001
    # What the browser does with the rewritten files, checked here with this Python's own bytecode.
    source = _zip(tmp_path / "lib.zip", {"zmod.py": b"VALUE = 'zip'\n", "zpkg/__init__.py": b"from .inner import X\n",
                                         "zpkg/inner.py": b"X = 'inner'\n"})
    compiled = {name: _unchecked_pyc(src, f"/lib/{name}") for name, src in
                (("zmod.py", b"VALUE = 'zip'\n"), ("zpkg/__init__.py", b"from .inner import X\n"))}
    rb.rewrite_archive(source, tmp_path / "new.zip", compiled)
    folder = tmp_path / "site" / "dpkg"
    folder.mkdir(parents=True)
    (folder / "__init__.pyc").write_bytes(_unchecked_pyc(b"Y = 'folder'\n", "dpkg/__init__.py"))
    code = ("import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; sys.dont_write_bytecode = True\n"
            "import zmod, zpkg, dpkg\n"
            "print(zmod.VALUE, zpkg.X, dpkg.Y, zmod.__file__.endswith('.pyc'), dpkg.__file__.endswith('.pyc'))")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "new.zip"), str(tmp_path / "site")],
                            capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["zip", "inner", "folder", "True", "True"]


def test_the_lock_gets_the_new_wheels_sha256_and_nothing_else_changes(tmp_path) -> None:  # noqa: ANN001
    lock = {"info": {"version": "0.27.7"}, "packages": {"numpy": {"file_name": "np.whl", "sha256": "old"},
                                                         "other": {"sha256": "same"}}}
    wheel = tmp_path / "np.whl"
    wheel.write_bytes(b"repacked")
    updated = rb.lock_with_wheel(lock, "numpy", wheel)
    assert updated["packages"]["numpy"]["sha256"] == hashlib.sha256(b"repacked").hexdigest()
    assert lock["packages"]["numpy"]["sha256"] == "old"  # the npm package's lock is not touched
    updated["packages"]["numpy"]["sha256"] = "old"
    assert updated == lock


def test_a_node_failure_ships_nothing_and_says_so(tmp_path, capsys) -> None:  # noqa: ANN001
    def failing() -> dict:
        raise subprocess.CalledProcessError(1, "node", stderr="RuntimeError: boom")

    stdlib, wheel = _zip(tmp_path / "s.zip", {"a.py": b""}), _zip(tmp_path / "w.whl", {"n/b.py": b""})
    assert rb.build(tmp_path / "cache", "k", stdlib, wheel, failing) is None
    err = capsys.readouterr().err
    assert "WARNING" in err and "boom" in err
    assert not (tmp_path / "cache" / "k").exists()


def test_a_built_result_is_reused_without_waking_node(tmp_path) -> None:  # noqa: ANN001
    stdlib = _zip(tmp_path / "s.zip", {"a.py": b"A = 1\n", "b.py": b"B = 1\n"})
    wheel = _zip(tmp_path / "w.whl", {"n/c.py": b"C = 1\n"})
    calls = []

    def compiled() -> dict:
        calls.append(1)
        return {"failed": [], "stdlib": {"a.py": b"pyc"}, "numpy": {"n/c.py": b"pyc2"}}

    folder = rb.build(tmp_path / "cache", "k", stdlib, wheel, compiled)
    assert rb.build(tmp_path / "cache", "k", stdlib, wheel, compiled) == folder and len(calls) == 1
    report = json.loads((folder / "sizes.json").read_text())
    assert report["modules"] == {"stdlib": ["a.py"], "numpy": ["n/c.py"]}
    assert set(report["before"]) == set(report["after"]) == {"s.zip", "w.whl"}
    with zipfile.ZipFile(folder / "s.zip") as archive:
        assert archive.namelist() == ["a.pyc", "b.py"]
