"""The player's records on the home screen: export them to a file and import them back.

The rules (what a records file is, how it merges, what is refused) are pure
Python in `app.core.records`; this module only moves text between a file and
that code, and says the outcome in the player's language.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import js

from app.core import registry
from app.core.drafts import MAX_DRAFTS
from app.core.records_transfer import SKIP_DRAFTS_FULL, ImportResult, export_records, import_records, record_parts
from app.web.dom import Listeners, element, window

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

EXPORT_FILE = "masume-records.json"
MAX_IMPORT_BYTES = 2_000_000  # far above any real export; a larger file is refused before it is read
MAX_NAMED = 3  # skipped records of one reason named one by one; more are only counted


class RecordsPanel:
    """Export and Import buttons with a status line; `on_imported` runs after records changed."""

    def __init__(self, shell: ShellServices, listeners: Listeners, on_imported: Any) -> None:
        self.shell = shell
        self._on_imported = on_imported
        t = shell.i18n.t
        self.status = element("p", cls="records-status", attrs={"id": "records-status", "role": "status"})
        export = element("button", attrs={"type": "button", "id": "export-records"}, text=t("export_records"))
        # Opened by the Import button: hidden from screen readers too, where it was a second "Import records".
        self.file_input = element("input", attrs={"type": "file", "id": "import-file", "tabindex": "-1",
                                                  "accept": ".json,application/json", "class": "visually-hidden",
                                                  "aria-hidden": "true"})
        choose = element("button", attrs={"type": "button", "id": "import-records"}, text=t("import_records"))
        self.root = element("section", cls="records", attrs={"aria-labelledby": "records-title"}, children=[
            element("h2", text=t("records_title"), attrs={"id": "records-title"}),
            element("div", cls="records-buttons", children=[export, choose, self.file_input]),
            self.status])
        listeners.on(export, "click", self._export)
        listeners.on(choose, "click", lambda _event: self.file_input.click())
        listeners.on(self.file_input, "change", self._on_file)

    def _say(self, text: str) -> None:
        self.status.textContent = text
        self.shell.announce(text)

    def _export(self, *_: Any) -> None:
        text = export_records(self.shell.storage)
        options = js.Object.new()
        options.type = "application/json"
        blob = js.Blob.new([text], options)
        url = window.URL.createObjectURL(blob)
        link = element("a", attrs={"href": url, "download": EXPORT_FILE})
        link.click()
        window.URL.revokeObjectURL(url)
        self._say(self.shell.i18n.t("export_done", file=EXPORT_FILE))

    def _on_file(self, event: Any) -> None:
        files = event.target.files
        if files is None or files.length == 0:
            return
        chosen = files.item(0)
        self.file_input.value = ""  # the same file can be chosen again
        if int(chosen.size) > MAX_IMPORT_BYTES:
            self._say(self.shell.i18n.t("import_failed_too_big"))
            return
        asyncio.ensure_future(self._import(chosen))

    async def _import(self, chosen: Any) -> None:
        try:
            text = str(await chosen.text())
        except Exception:  # unreadable file (permissions, a folder): nothing changes
            self._say(self.shell.i18n.t("import_failed_not_json"))
            return
        result = import_records(self.shell.storage, text)
        self._say(self.outcome(result))
        if result.ok:
            self._on_imported()

    def outcome(self, result: ImportResult) -> str:
        """What an import did, in words: imported, kept for another version, and what was skipped and why."""
        t = self.shell.i18n.t
        skipped = result.skipped_by_reason()
        separator = t("list_separator")
        reasons = []
        for reason, count in skipped.items():
            said = t(f"import_skip_{reason}", count=count, max=MAX_DRAFTS)
            keys = [key for key, why in result.skipped if why == reason]
            if reason != SKIP_DRAFTS_FULL and len(keys) <= MAX_NAMED:  # a few: named, so the player knows which
                said = t("import_skip_named", reason=said, names=separator.join(self._record_name(k) for k in keys))
            reasons.append(said)
        # Drafts left out for room: say how many drafts did come in, before why the others did not.
        drafts_in = t("import_drafts_done", count=result.drafts) if SKIP_DRAFTS_FULL in skipped else None
        kept = t("import_kept", count=len(result.kept)) if result.ok and result.kept else None
        return self.shell.i18n.sentences(t(result.string_key, count=result.count), drafts_in, kept,
                                         t("import_skipped", reasons=separator.join(reasons)) if skipped else None)

    def _record_name(self, key: str) -> str:
        """A record as the player knows it: "Cross Light best 5x5", "setting palette"."""
        t = self.shell.i18n.t
        family, game, detail = record_parts(key)
        kind = t(f"record_kind_{family}")
        if game is not None:
            return t("record_named", game=t(registry.backend(game).name_key), kind=kind, detail=detail).strip()
        return t("record_named_plain", kind=kind, detail=detail).strip()
