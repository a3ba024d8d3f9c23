"""Try Masume as a game portal shows it: the built folder on one site, a portal's page framing it on another.

A portal serves the uploaded folder from its own host and shows it in an <iframe> on a page of
another site, so the game runs as a cross-site ("third-party") frame: browsers that block
third-party storage keep nothing for it, and a page around it can scroll. 127.0.0.1 and
localhost are different sites, so this serves

    the folder           on http://127.0.0.1:PORT/       (also under /isolated/, with the
                                                           Cross-Origin-Opener-Policy: same-origin and
                                                           Cross-Origin-Embedder-Policy: require-corp
                                                           headers some portals add)
    a portal's page      on http://localhost:PORT+1/     (the game in an iframe, a tall page around it)

The page's query chooses the frame: width, height (px; default 960×640), path (the game's path on
its host, default /, e.g. /isolated/), hash (e.g. #crosslight), sandbox (the iframe's sandbox
attribute, e.g. "allow-scripts allow-same-origin"), allow (default "fullscreen"; "" for none) and
isolated=1 (the page itself sent with those two headers, the frame with allow="cross-origin-isolated").

    python3 scripts/portal.py [--folder dist/masume] [--port 8000]     (make portal builds, then runs it)

The browser tests (tests/browser/test_portal_browser.py) use the same servers.
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import sys
import threading
import urllib.parse
from pathlib import Path

from serve import FolderHandler, FolderServer

ROOT = Path(__file__).resolve().parent.parent
DIST_FOLDER = ROOT / "dist" / "masume"
ISOLATED = "/isolated"  # the folder again, sent with the headers below
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    # (a document framed by an isolated page must allow being embedded by another origin)
    "Cross-Origin-Resource-Policy": "cross-origin",
}
FRAME_SIZE = (960, 640)  # a common embed size (README, "Publishing on a game portal")


class GameHandler(FolderHandler):
    """The folder at / and again at /isolated/, there with the cross-origin isolation headers."""

    def _isolated(self) -> bool:
        return self.path == ISOLATED or self.path.startswith(ISOLATED + "/")

    def translate_path(self, path: str) -> str:
        if path == ISOLATED or path.startswith(ISOLATED + "/") or path.startswith(ISOLATED + "?"):
            path = path[len(ISOLATED):] or "/"
        return super().translate_path(path)

    def end_headers(self) -> None:
        if self._isolated():
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        super().end_headers()


def portal_page(src: str, *, width: int, height: int, sandbox: str | None = None, allow: str = "fullscreen") -> str:
    """Return a portal's page: a heading, the game in an iframe of width×height, and a page tall enough to scroll."""
    sandbox_attr = "" if sandbox is None else f' sandbox="{html.escape(sandbox)}"'
    allow_attr = f' allow="{html.escape(allow)}"' if allow else ""
    return f"""<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A game portal</title>
<style>
  body {{ margin: 0; font-family: sans-serif; background: #e6e2da; color: #222; }}
  header {{ height: 120px; padding: 1rem; box-sizing: border-box; background: #333; color: #fff; }}
  #game {{ display: block; margin: 24px auto; border: 0; background: #000; }}
  .below {{ height: 2400px; padding: 1rem; }}
</style></head>
<body>
<header><h1>A game portal</h1></header>
<iframe id="game" title="Masume" src="{html.escape(src)}" width="{width}" height="{height}"
        {allow_attr}{sandbox_attr}></iframe>
<div class="below">Comments, other games, adverts: the page goes on below the game.</div>
</body>
</html>
"""


class PortalHandler(http.server.BaseHTTPRequestHandler):
    """Serves the portal's page at / (its query chooses the frame); everything else is 404."""

    game_origin = "http://127.0.0.1:8000"

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/favicon.ico":  # (asked for by the browser; a 404 would be noise in the console)
            self.send_response(204)
            self.end_headers()
            return
        if url.path != "/":
            self.send_error(404)
            return
        query = {key: values[-1] for key, values in urllib.parse.parse_qs(url.query, keep_blank_values=True).items()}
        width = int(query.get("width", FRAME_SIZE[0]))
        height = int(query.get("height", FRAME_SIZE[1]))
        isolated = query.get("isolated") == "1"
        allow = query.get("allow", "fullscreen")
        if isolated:
            allow = "; ".join(part for part in (allow, "cross-origin-isolated") if part)
        src = self.game_origin + query.get("path", "/") + query.get("hash", "")
        body = portal_page(src, width=width, height=height, sandbox=query.get("sandbox"), allow=allow).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if isolated:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


class Portal:
    """The two servers: the folder on 127.0.0.1 and the portal's page on localhost (another site)."""

    def __init__(self, folder: Path, port: int = 0) -> None:
        handler = functools.partial(GameHandler, directory=str(folder))
        self.game = FolderServer(("127.0.0.1", port), handler)
        self.game.requests = []  # type: ignore[attr-defined]  # (serve.py's log of answered requests)
        game_port = self.game.server_address[1]
        self.game_url = f"http://127.0.0.1:{game_port}/"
        page = type("Page", (PortalHandler,), {"game_origin": f"http://127.0.0.1:{game_port}"})
        self.page = FolderServer(("127.0.0.1", game_port + 1 if port else 0), page)
        self.page_url = f"http://localhost:{self.page.server_address[1]}/"

    def start(self) -> Portal:
        """Serve both on daemon threads; return self."""
        for server in (self.game, self.page):
            threading.Thread(target=server.serve_forever, daemon=True).start()
        return self

    def page_for(self, *, width: int = FRAME_SIZE[0], height: int = FRAME_SIZE[1], hash: str = "",  # noqa: A002
                 path: str = "/", sandbox: str | None = None, allow: str = "fullscreen", isolated: bool = False) -> str:
        """The portal page's address that frames the game this way."""
        query = {"width": width, "height": height, "path": path, "hash": hash, "allow": allow}
        if sandbox is not None:
            query["sandbox"] = sandbox
        if isolated:
            query["isolated"] = "1"
        return self.page_url + "?" + urllib.parse.urlencode(query)

    def close(self) -> None:
        """Stop both servers."""
        for server in (self.game, self.page):
            server.shutdown()
            server.server_close()


def main(argv: list[str] | None = None) -> int:
    """Serve the built folder and a portal's page around it until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=DIST_FOLDER, help="the built folder (make dist)")
    parser.add_argument("--port", type=int, default=8000, help="the game's port; the portal's page takes the next")
    args = parser.parse_args(argv)
    if not (args.folder / "index.html").exists():
        print(f"portal: {args.folder} has no index.html: run make dist first (make portal does)", file=sys.stderr)
        return 1
    portal = Portal(args.folder.resolve(), args.port).start()
    print(f"Masume's folder:       {portal.game_url}  (and {portal.game_url}isolated/ with COOP/COEP)\n"
          f"a portal's page:       {portal.page_for()}\n"
          f"  other frames:        {portal.page_for(width=800, height=600)}\n"
          f"                       {portal.page_for(path='/isolated/', isolated=True)}\n"
          f"                       {portal.page_for(sandbox='allow-scripts allow-same-origin')}\n"
          "Ctrl+C stops.", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    portal.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
