"""Draw the app icons (PNG) from static/icons/masume.svg, with numpy and zlib only.

The SVG is a few rounded rectangles on a 32×32 grid; this reads them and paints them
at 192 and 512 pixels (4×4 supersampled), plus a maskable 512 whose artwork sits inside
the central 80 % safe zone on a full-bleed background. The PNGs are committed; run
`.venv/bin/python scripts/icons.py` again after changing the SVG (a unit test checks
they are current).
"""

from __future__ import annotations

import re
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "static" / "icons"
SOURCE = ICONS / "masume.svg"
SUPERSAMPLE = 4
# name -> (size in pixels, scale of the artwork, corner radius kept?)
OUTPUTS = {"icon-192.png": (192, 1.0, True), "icon-512.png": (512, 1.0, True),
           "icon-maskable-512.png": (512, 0.8, False)}


def _colour(text: str) -> tuple[int, int, int]:
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def shapes(svg: str) -> list[tuple[float, float, float, float, float, tuple[int, int, int]]]:
    """Return (x, y, w, h, rx, rgb) for every rect, in drawing order, inheriting a group's fill."""
    out = []
    fill = None
    for token in re.finditer(r"<(/?)(g|rect)([^>]*)>", svg):
        closing, tag, attrs = token.groups()
        values = dict(re.findall(r'(\w+)="([^"]*)"', attrs))
        if tag == "g":
            fill = None if closing else values.get("fill", fill)
            continue
        colour = values.get("fill", fill)
        out.append((float(values.get("x", 0)), float(values.get("y", 0)), float(values["width"]),
                    float(values["height"]), float(values.get("rx", 0)), _colour(colour)))
    return out


def render(svg: str, size: int, scale: float, rounded: bool) -> np.ndarray:
    """Return an RGBA image of the icon, `size` pixels square."""
    box = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    n = size * SUPERSAMPLE
    centres = (np.arange(n) + 0.5) / n * box  # sample positions in SVG units
    # scale the artwork about the centre (the maskable icon keeps it inside the safe zone)
    u = (centres - box / 2) / scale + box / 2
    xs, ys = np.meshgrid(u, u)
    image = np.zeros((n, n, 4), dtype=np.float64)
    for index, (x, y, w, h, rx, rgb) in enumerate(shapes(svg)):
        if index == 0 and not rounded:  # the background of a maskable icon fills the whole square
            inside = np.ones((n, n), dtype=bool)
        else:
            dx = np.maximum(np.abs(xs - (x + w / 2)) - (w / 2 - rx), 0)
            dy = np.maximum(np.abs(ys - (y + h / 2)) - (h / 2 - rx), 0)
            inside = dx * dx + dy * dy <= rx * rx
        image[inside] = (*rgb, 255)
    image = image.reshape(size, SUPERSAMPLE, size, SUPERSAMPLE, 4).mean(axis=(1, 3))
    return np.clip(np.rint(image), 0, 255).astype(np.uint8)


def png(image: np.ndarray) -> bytes:
    """Encode an RGBA array as a PNG file."""
    height, width, _ = image.shape
    raw = b"".join(b"\0" + image[row].tobytes() for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def icons(svg: str | None = None) -> dict[str, bytes]:
    """Return the PNG bytes of every icon."""
    svg = svg if svg is not None else SOURCE.read_text(encoding="utf-8")
    return {name: png(render(svg, size, scale, rounded)) for name, (size, scale, rounded) in OUTPUTS.items()}


def main() -> int:
    """Write the icons next to the SVG."""
    for name, data in icons().items():
        (ICONS / name).write_bytes(data)
        print(f"icons: {name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
