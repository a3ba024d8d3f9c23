"""Seeded random numbers that give the same sequence on every Python version.

`random.Random` keeps its seeding stable but has changed how `randrange`,
`shuffle` and `sample` consume bits between releases; a game ID must produce the
same board in the browser's Python 3.12 as in the tests' 3.11, so the stream
here is SHA-256 in counter mode and every draw is defined in this file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator, MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no 0/o, 1/l: seeds are read aloud


def new_seed(length: int = 10) -> str:
    """Return a fresh random seed string, safe to put in a URL."""
    import secrets  # here, not at the top: it pulls in hmac and more, which only a new seed needs

    return "".join(secrets.choice(SEED_ALPHABET) for _ in range(length))


class Rng:
    """A deterministic random stream derived from a text seed."""

    def __init__(self, seed: str | bytes) -> None:
        self._key = seed.encode("utf-8") if isinstance(seed, str) else bytes(seed)
        self._counter = 0
        self._buffer = b""

    def _bytes(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer += block
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def child(self, label: str) -> Rng:
        """Return an independent stream named `label`, derived from this seed."""
        return Rng(hashlib.sha256(self._key + b"/" + label.encode("utf-8")).digest())

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        bits = max(1, (n - 1).bit_length())
        nbytes = (bits + 7) // 8
        mask = (1 << bits) - 1
        while True:  # rejection sampling keeps the draw exactly uniform
            value = int.from_bytes(self._bytes(nbytes), "big") & mask
            if value < n:
                return value

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer in [low, high], both ends included."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """Return a uniform float in [0, 1)."""
        return (int.from_bytes(self._bytes(7), "big") >> 3) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """Return `k` distinct elements of `items` in random order."""
        steps = self.sample_steps(items, k, max(k, 1))
        while True:
            try:
                next(steps)
            except StopIteration as done:
                drawn: list[T] = done.value
                return drawn

    def sample_steps(self, items: Sequence[T], k: int, every: int) -> Generator[float, None, list[T]]:
        """`sample` in slices: yields the share drawn after every `every` draws, returns the same list."""
        if not 0 <= k <= len(items):
            raise ValueError("sample larger than population")
        pool = list(items)
        for i in range(k):  # partial Fisher–Yates: only the first k places are drawn
            j = i + self.randbelow(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
            if (i + 1) % every == 0 and i + 1 < k:
                yield (i + 1) / k
        return pool[:k]
