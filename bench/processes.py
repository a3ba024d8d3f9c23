"""Chromium's processes as Linux sees them (/proc): CPU seconds and resident memory of the browser's process tree.

Playwright's driver (node) starts Chromium, which starts its zygotes, renderers,
GPU and utility processes. The tree is every process under the first Chromium
process whose parent is not Chromium, found through the `ppid` field of
/proc/*/stat. A process's CPU counts its own user + system time and that of its
children that have exited and been reaped (cutime + cstime): a renderer that ends
during a measurement moves its time to its parent instead of losing it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")
BROWSER_NAMES = ("chromium", "chrome", "headless_shell")


@dataclass(frozen=True)
class Stat:
    """The fields of /proc/PID/stat the benches use."""

    pid: int
    name: str
    ppid: int
    own_ticks: int  # utime + stime
    children_ticks: int  # cutime + cstime: children that have ended and been reaped
    rss_bytes: int

    @property
    def cpu_ticks(self) -> int:
        """Its own CPU time and its reaped children's."""
        return self.own_ticks + self.children_ticks


def read_stat(pid: int) -> Stat | None:
    """Read /proc/PID/stat, or None if the process has gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The name is in parentheses and may itself hold spaces or parentheses: split at the last ')'.
    name = text[text.index("(") + 1:text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()
    # fields[0] is field 3 (state) of proc(5): ppid is field 4, utime..cstime 14..17, rss 24.
    own, children = int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])
    return Stat(pid, name, int(fields[1]), own, children, int(fields[21]) * PAGE_BYTES)


def all_stats() -> dict[int, Stat]:
    """Read every process's stat."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := read_stat(int(entry.name))) is not None:
            stats[stat.pid] = stat
    return stats


def is_browser(stat: Stat) -> bool:
    """Whether a process is one of Chromium's (the kernel keeps the first 15 bytes of the name)."""
    return stat.name.lower().startswith(BROWSER_NAMES)


def descendants(stats: dict[int, Stat], root: int) -> list[Stat]:
    """Return `root` and every process under it."""
    children: dict[int, list[int]] = {}
    for stat in stats.values():
        children.setdefault(stat.ppid, []).append(stat.pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            found.append(stats[pid])
        todo += children.get(pid, [])
    return found


def browser_root(ancestor: int | None = None) -> int:
    """Return the pid of the Chromium started under `ancestor` (default: this Python process)."""
    stats = all_stats()
    mine = descendants(stats, ancestor or os.getpid())
    roots = [stat.pid for stat in mine if is_browser(stat)
             and (stat.ppid not in stats or not is_browser(stats[stat.ppid]))]
    if len(roots) != 1:
        raise RuntimeError(f"expected one Chromium under pid {ancestor or os.getpid()}, found {roots}")
    return roots[0]


@dataclass(frozen=True)
class CpuReading:
    """One reading of the tree: each live process's kind and own ticks, and the whole tree's ticks."""

    own: dict[int, tuple[str, int]]
    total_ticks: int


def read_cpu(root: int) -> CpuReading:
    """Read the CPU time of `root`'s tree, per process."""
    stats = descendants(all_stats(), root)
    return CpuReading({stat.pid: (process_kind(stat.pid), stat.own_ticks) for stat in stats},
                      sum(stat.cpu_ticks for stat in stats))


def cpu_between(before: CpuReading, after: CpuReading) -> dict[str, float]:
    """CPU seconds between two readings per kind of live process, "ended" for processes that ended, and "total"."""
    seconds: dict[str, float] = {}
    for pid, (kind, ticks) in after.own.items():
        seconds[kind] = seconds.get(kind, 0.0) + (ticks - before.own.get(pid, (kind, 0))[1]) / TICKS
    total = (after.total_ticks - before.total_ticks) / TICKS
    # What is left is the time of processes that ended in between (reaped into a parent's cutime).
    return seconds | {"ended": total - sum(seconds.values()), "total": total}


def process_kind(pid: int) -> str:
    """Return a Chromium process's --type (zygote, renderer, gpu-process, utility…), or "browser" without one."""
    try:
        # Chromium rewrites its children's titles: the arguments may be one space-separated string.
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()
    except OSError:
        return "gone"
    for argument in arguments:
        if argument.startswith(b"--type="):
            return argument[7:].decode(errors="replace")
    return "browser"


def tree_rss(root: int, *, renderers_only: bool = False) -> int:
    """Return the resident bytes of `root`'s tree (shared pages count once per process: an upper bound)."""
    stats = descendants(all_stats(), root)
    if renderers_only:
        stats = [stat for stat in stats if is_renderer(stat.pid)]
    return sum(stat.rss_bytes for stat in stats)


def is_renderer(pid: int) -> bool:
    """Whether a Chromium process is a renderer (its command line says --type=renderer)."""
    return process_kind(pid) == "renderer"
