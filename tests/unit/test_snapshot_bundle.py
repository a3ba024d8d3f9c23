"""The start-up snapshot's bundle format (static/js/snapshot-bundle.js), run under Node.

The page and the worker that makes the snapshot share that module; here Node runs it on
small bundles: a round trip keeps memory and files byte for byte (all-zero pages left out
of the payload), and a wrong magic, another format version (an older bundle), a truncated
bundle or a changed byte anywhere, in the header (a file's offset or length) as in the payload,
is refused with BundleError (the checksum covers every byte but the magic and format, which are
compared whole).
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
const {encodeBundle, openBundle, readHeader, BundleError, PAGE} = bundle;
const results = {};
async function refused(bytes) {
  try { await openBundle(bytes); return "accepted"; }
  catch (error) { return error instanceof BundleError ? "refused: " + error.message : "crashed: " + error; }
}
// Memory: 5 pages, of which pages 1 and 3 hold bytes; the last page is short (odd length).
const memory = new Uint8Array(4 * PAGE + 1000);
memory[PAGE + 7] = 1; memory[3 * PAGE] = 200; memory[4 * PAGE + 999] = 9;
const files = [{path: "numpy/__init__.py", data: new TextEncoder().encode("x = 1\\n")},
               {path: "numpy/empty.py", data: new Uint8Array(0)}];
const info = {build: "b1", pyodide: "0.27.7", table: "18270:abc", libs: [], packages: ["numpy"]};
const encoded = await encodeBundle({memory, files, info});
const decoded = await openBundle(encoded);
results.sameMemory = decoded.memory.length === memory.length && decoded.memory.every((b, i) => b === memory[i]);
results.sameFiles = decoded.files.map((f) => [f.path, Array.from(f.data)]);
results.header = {build: decoded.header.build, table: decoded.header.table, runs: decoded.header.memory.runs};
results.payloadBytes = readHeader(encoded).payload.length;
results.truncated = await refused(encoded.subarray(0, encoded.length - 1));
const flipped = encoded.slice(); flipped[flipped.length - 3] ^= 0xff;
results.changedByte = await refused(flipped);
const otherFormat = encoded.slice(); new DataView(otherFormat.buffer).setUint32(4, bundle.FORMAT - 1, true);
results.otherFormat = await refused(otherFormat);
const otherMagic = encoded.slice(); otherMagic[0] = 0;
results.otherMagic = await refused(otherMagic);
results.empty = await refused(new Uint8Array(0));
// A changed byte of the payload is refused wherever it lies (positions spread over the payload).
const {payload} = readHeader(encoded);
const start = encoded.length - payload.length;
let missed = 0, tried = 0;
for (let i = start; i < encoded.length; i += 509) {
  const changed = encoded.slice(); changed[i] ^= 1 << (i % 8); tried += 1;
  if (!(await refused(changed)).startsWith("refused: bundle does not match its checksum")) missed += 1;
}
results.bundleChanges = {tried, missed};
// Every byte before the payload (magic, format, checksum, the header's length and its JSON), each bit.
const headerMissed = [];
let headerTried = 0;
for (let i = 0; i < start; i++) for (let bit = 0; bit < 8; bit++) {
  const changed = encoded.slice(); changed[i] ^= 1 << bit; headerTried += 1;
  const verdict = await refused(changed);
  if (!verdict.startsWith("refused: ")) headerMissed.push([i, bit, verdict]);
}
results.headerChanges = {tried: headerTried, missed: headerMissed.slice(0, 5)};
// A file's offset and length moved by one in the header's text, keeping its length (the damage seen
// in a stored bundle: 40533564 -> 40533565): named as a checksum mismatch.
function edited(pattern) {
  const text = new TextDecoder().decode(encoded);
  const found = pattern.exec(text);
  const at = found.index + found[0].length - 1;
  const changed = encoded.slice();
  changed[at] = changed[at] === 0x39 ? 0x38 : changed[at] + 1;
  return changed;
}
results.offsetChanged = await refused(edited(new RegExp('"path":"numpy/empty[.]py","offset":[0-9]+')));
const lengthOfInit = '"path":"numpy/__init__[.]py","offset":[0-9]+,"length":[0-9]+';
results.lengthChanged = await refused(edited(new RegExp(lengthOfInit)));
// The checksum itself: every single-bit change of a buffer whose length leaves words over for
// each lane and bytes past the last word changes the sum, at every position and bit.
const sample = new Uint8Array(4 * 64 + 4 * 3 + 3);
for (let i = 0; i < sample.length; i++) sample[i] = (i * 37 + 11) & 255;
const base = bundle.checksum(sample);
let same = 0;
for (let i = 0; i < sample.length; i++) for (let bit = 0; bit < 8; bit++) {
  sample[i] ^= 1 << bit;
  if (bundle.checksum(sample) === base) same += 1;
  sample[i] ^= 1 << bit;
}
results.sameAfterBitChange = same;
results.longerByZeros = bundle.checksum(sample) === bundle.checksum(new Uint8Array([...sample, 0, 0, 0, 0]));
// Words swapped in place give another sum (the lanes do not commute).
const swapped = sample.slice(); swapped.set(sample.subarray(4, 8), 0); swapped.set(sample.subarray(0, 4), 4);
results.swappedSame = bundle.checksum(swapped) === base;
results.unalignedSame = bundle.checksum(encoded.subarray(1, 41)) === bundle.checksum(encoded.slice(1, 41));
// copyMemory writes a slice of the memory straight into a heap that already holds other bytes:
// the pages left out of the payload come out as zeros there too.
const heap = new Uint8Array(memory.length - 5).fill(0xee);
bundle.copyMemory(bundle.checkBundle(encoded), heap, 5);
results.copiedFrom5 = heap.every((b, i) => b === memory[i + 5]);
const middle = new Uint8Array(2 * PAGE).fill(0xee);
bundle.copyMemory(bundle.checkBundle(encoded), middle, PAGE + 3, 3 * PAGE + 3);
results.copiedMiddle = middle.every((b, i) => b === memory[i + PAGE + 3]);
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


def test_a_changed_byte_anywhere_in_the_payload_is_refused(results: dict) -> None:
    assert results["bundleChanges"]["tried"] > 200
    assert results["bundleChanges"]["missed"] == 0


def test_a_changed_bit_anywhere_before_the_payload_is_refused(results: dict) -> None:
    assert results["headerChanges"]["tried"] > 8 * 200  # the header's JSON is a few hundred bytes
    assert results["headerChanges"]["missed"] == []


@pytest.mark.parametrize("case", ["offsetChanged", "lengthChanged"])
def test_a_files_offset_or_length_changed_in_the_header_is_refused_by_the_checksum(results: dict, case: str) -> None:
    assert results[case] == "refused: bundle does not match its checksum"


def test_an_older_format_is_refused_as_such(results: dict) -> None:
    assert results["otherFormat"].startswith("refused: format ")


def test_the_checksum_changes_with_every_single_bit_at_every_position(results: dict) -> None:
    assert results["sameAfterBitChange"] == 0


def test_the_checksum_counts_trailing_zeros_and_word_order(results: dict) -> None:
    assert results["longerByZeros"] is False
    assert results["swappedSame"] is False


def test_the_checksum_reads_unaligned_bytes_like_aligned_ones(results: dict) -> None:
    assert results["unalignedSame"] is True


def test_memory_is_copied_into_a_used_heap_with_the_left_out_pages_as_zeros(results: dict) -> None:
    assert results["copiedFrom5"] is True
    assert results["copiedMiddle"] is True
