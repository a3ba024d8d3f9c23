"""The start-up snapshot's bundle format (static/js/snapshot-bundle.js), run under Node.

The page and the worker that makes the snapshot share that module; here Node runs it on
small bundles: a round trip keeps memory and files byte for byte (all-zero pages left out
of the payload), and a wrong magic, another format version, a truncated bundle or a changed
byte is refused with BundleError.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE = (ROOT / "static" / "js" / "snapshot-bundle.js").as_uri()

SCRIPT = """
const bundle = await import(process.argv[1]);
const {encodeBundle, decodeBundle, readHeader, BundleError, PAGE} = bundle;
const results = {};
async function refused(bytes) {
  try { await decodeBundle(bytes); return "accepted"; }
  catch (error) { return error instanceof BundleError ? "refused: " + error.message : "crashed: " + error; }
}
// Memory: 5 pages, of which pages 1 and 3 hold bytes; the last page is short (odd length).
const memory = new Uint8Array(4 * PAGE + 1000);
memory[PAGE + 7] = 1; memory[3 * PAGE] = 200; memory[4 * PAGE + 999] = 9;
const files = [{path: "numpy/__init__.py", data: new TextEncoder().encode("x = 1\\n")},
               {path: "numpy/empty.py", data: new Uint8Array(0)}];
const info = {build: "b1", pyodide: "0.27.7", table: "18270:abc", libs: [], packages: ["numpy"]};
const encoded = await encodeBundle({memory, files, info});
const decoded = await decodeBundle(encoded);
results.sameMemory = decoded.memory.length === memory.length && decoded.memory.every((b, i) => b === memory[i]);
results.sameFiles = decoded.files.map((f) => [f.path, Array.from(f.data)]);
results.header = {build: decoded.header.build, table: decoded.header.table, runs: decoded.header.memory.runs};
results.payloadBytes = readHeader(encoded).payload.length;
results.truncated = await refused(encoded.subarray(0, encoded.length - 1));
const flipped = encoded.slice(); flipped[flipped.length - 3] ^= 0xff;
results.changedByte = await refused(flipped);
const otherFormat = encoded.slice(); new DataView(otherFormat.buffer).setUint32(4, 2, true);
results.otherFormat = await refused(otherFormat);
const otherMagic = encoded.slice(); otherMagic[0] = 0;
results.otherMagic = await refused(otherMagic);
results.empty = await refused(new Uint8Array(0));
// openBundle hands memory over at once and checks the sha256 meanwhile: `checked` says the verdict.
const opened = bundle.openBundle(flipped);
results.openedAtOnce = opened.memory.length === memory.length;
results.openedVerdict = await opened.checked.then(() => "accepted",
  (error) => error instanceof BundleError ? "refused: " + error.message : "crashed: " + error);
results.openedGood = await bundle.openBundle(encoded).checked.then(() => "accepted", (error) => "refused: " + error);
process.stdout.write(JSON.stringify(results));
"""


@pytest.fixture(scope="module")
def results() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed to test the snapshot bundle (make vendor installs it: apt-get install nodejs npm)")
    run = subprocess.run([node, "--input-type=module", "-e", SCRIPT, MODULE], capture_output=True, text=True,
                         timeout=60, check=True)
    return json.loads(run.stdout)


def test_a_bundle_round_trips_memory_and_files_byte_for_byte(results: dict) -> None:
    assert results["sameMemory"] is True
    assert results["sameFiles"] == [["numpy/__init__.py", list(b"x = 1\n")], ["numpy/empty.py", []]]
    assert results["header"]["build"] == "b1"
    assert results["header"]["table"] == "18270:abc"


def test_all_zero_pages_are_left_out_of_the_payload(results: dict) -> None:
    page = 65536
    # Pages 1, 3 and the short last page hold bytes; 3 and 4 are adjacent and form one run.
    assert results["header"]["runs"] == [[page, page], [3 * page, page + 1000]]
    assert results["payloadBytes"] == 2 * page + 1000 + len(b"x = 1\n")


@pytest.mark.parametrize("case", ["truncated", "changedByte", "otherFormat", "otherMagic", "empty"])
def test_a_damaged_or_foreign_bundle_is_refused(results: dict, case: str) -> None:
    assert results[case].startswith("refused: "), results[case]


def test_an_opened_bundle_is_usable_at_once_and_its_check_refuses_a_changed_byte(results: dict) -> None:
    assert results["openedAtOnce"] is True
    assert results["openedVerdict"].startswith("refused: payload does not match")
    assert results["openedGood"] == "accepted"
