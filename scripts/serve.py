"""Serve the Masume folder over http on 127.0.0.1 (what `make play` runs).

Python's http.server is enough for a static folder; this only pins the content
types a browser is strict about (module scripts, WebAssembly) so the result
does not depend on the machine's mime.types, and keeps the log quiet.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class FolderHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with fixed content types and no access log."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Note (method, path, status) in the server's `requests` list, if it keeps one (tests and benches)."""
        log = getattr(self.server, "requests", None)
        if log is not None:
            log.append((self.command, self.path, int(code) if str(code).isdigit() else 0))


class FolderServer(http.server.ThreadingHTTPServer):
    """A threading server that does not print a traceback when a browser drops a download midway."""

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(port: int, root: Path = ROOT) -> http.server.ThreadingHTTPServer:
    """Return a server for `root` on 127.0.0.1:`port` (0 picks a free port)."""
    handler = functools.partial(FolderHandler, directory=str(root))
    return FolderServer(("127.0.0.1", port), handler)


def serve_in_thread(port: int = 0, root: Path = ROOT) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a server on a daemon thread and return it with its base URL (used by tests and benches).

    The server's `requests` list records (method, path, status) of every request it answered.
    """
    server = make_server(port, root)
    server.requests = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main() -> None:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    server = make_server(args.port)
    print(f"Masume is being served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
