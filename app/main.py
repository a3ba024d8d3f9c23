"""PyScript entry point: start the Masume page, or explain why it could not start."""

import traceback

import js


def start() -> None:
    """Boot the web frontend; on any failure show a readable message, never a traceback."""
    try:
        from app.web import deferred

        # numpy is imported when first used, not by the modules that name it: the home screen
        # needs none of it (app/web/deferred.py; app.web.boot imports it once home is shown).
        deferred.defer("numpy")
        from app.web.boot import boot

        boot()
    except Exception as exc:  # the last line of defence: report, do not show Python internals
        js.console.error(traceback.format_exc())  # to the console only: stderr may reach the page
        snapshot = getattr(js.window, "masumeSnapshot", None)
        if snapshot is not None and hasattr(snapshot, "dropAfterError"):  # a restored page: the snapshot goes
            snapshot.dropAfterError(f"{type(exc).__name__}: {exc}"[:200])
        js.window.masumeBootFailed("msg-load-failed", f"{type(exc).__name__}: {exc}"[:160])


start()
