"""The set-up step refuses a numpy wheel whose sha256 differs from Pyodide's lock file."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest
import vendor


def _fake_carrier(folder: Path, wheel_name: str, payload: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(folder / "carrier-1.0-py3-none-any.whl", "w") as archive:
        archive.writestr(vendor.NUMPY_CARRIER_DIR + wheel_name, payload)


def test_a_mismatching_numpy_wheel_is_refused_with_a_clear_message(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(vendor, "CACHE", tmp_path)
    monkeypatch.setattr(vendor, "run", lambda command, what: _fake_carrier(tmp_path / "download", "np.whl", b"bad"))
    with pytest.raises(vendor.SetupError, match="sha256.*pyodide-lock.json"):
        vendor.fetch_numpy_wheel("np.whl", "0" * 64)
    assert not (tmp_path / "np.whl").exists()  # nothing unverified is kept


def test_a_matching_wheel_is_cached_and_reused_without_a_download(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    payload = b"numpy wheel bytes"
    digest = hashlib.sha256(payload).hexdigest()
    monkeypatch.setattr(vendor, "CACHE", tmp_path)
    monkeypatch.setattr(vendor, "run", lambda command, what: _fake_carrier(tmp_path / "download", "np.whl", payload))
    assert vendor.fetch_numpy_wheel("np.whl", digest).read_bytes() == payload

    def no_download(command, what):  # noqa: ANN001, ANN202
        raise AssertionError("a cached, verified wheel must not be downloaded again")

    monkeypatch.setattr(vendor, "run", no_download)
    assert vendor.fetch_numpy_wheel("np.whl", digest).read_bytes() == payload


def test_a_failed_command_names_the_step_and_what_to_do(monkeypatch) -> None:  # noqa: ANN001
    with pytest.raises(vendor.SetupError, match="downloading the numpy wheel failed.*make vendor"):
        vendor.run(["python3", "-c", "raise SystemExit(3)"], "downloading the numpy wheel")
    with pytest.raises(vendor.SetupError, match="is not installed"):
        vendor.run(["no-such-command-masume"], "npm ci")
