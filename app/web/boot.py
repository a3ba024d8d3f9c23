"""Start the page: build the shell and open the screen the address names."""

from app.web.shell import Shell

shell: Shell | None = None  # kept so tests and benchmarks can reach the running page from the console


def boot() -> None:
    """Create the one Shell and start it."""
    global shell
    shell = Shell()
    shell.start()
