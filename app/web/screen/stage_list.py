"""A game's stages in the panel: by tier, each with its done mark and best, the one in play marked.

Generic over any game whose spec has `stages` (`app.core.game.Stages`). Its words are
the game's own catalogue keys, prefixed with the game id (`<id>_stages`,
`<id>_stage_count`, `<id>_stage_<stage id>`, `<id>_tier_<tier>`, `<id>_stage_cleared`,
`<id>_stage_best`, `<id>_list_separator`, `<id>_play_endless`), and its ids and CSS
classes are prefixed `<id>-` so the game's stylesheet dresses it. Stars (where the progress
carries them) are drawn ★★☆ for the eye and said in words ("2 of 3", "Stars: 5 of 36" per tier).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core.game import Stages
from app.core.stars import MAX_STARS
from app.web.dom import element

Progress = dict[str, Any]  # {"done": bool, "best": moves or None, "stars": 0..3 (optional)}


class StageList:
    """A `<details>` box with the stage links by tier, a Play endless button and the endless run's line."""

    def __init__(self, game: str, stages: Stages[Any], *, t: Callable[..., str],
                 progress: Callable[[str], Progress], on_endless: Callable[[], None],
                 listen: Callable[[Any, str, Any], None], open_: bool,
                 run_line: Callable[[], str] = lambda: "") -> None:
        self.game, self.stages, self.t, self._progress, self._run_line = game, stages, t, progress, run_line
        self.title = element("span", cls=f"{game}-stages-title", attrs={"id": f"{game}-stages-title"})
        self.count = element("span", cls=f"{game}-stage-count", attrs={"id": f"{game}-stage-count"})
        self.links = element("nav", cls=f"{game}-stage-list", attrs={"aria-labelledby": f"{game}-stages-title"})
        endless = element("button", cls=f"{game}-endless", attrs={"type": "button", "id": f"{game}-endless",
                                                                 "data-i18n": f"{game}_play_endless"})
        self.run = element("p", cls=f"{game}-run", attrs={"id": f"{game}-run"})
        self.root = element("details", cls=f"{game}-stages", attrs={"id": f"{game}-stages"}, children=[
            element("summary", children=[self.title, self.count]), self.links, endless, self.run])
        self.root.open = open_
        listen(endless, "click", lambda _event: on_endless())
        listen(self.root, "toggle", lambda _event: self.reveal_current())  # opened: the stage in play in view
        self._language = ""
        self._records: tuple[tuple[str, Progress], ...] | None = None
        self._signature: tuple[Any, ...] | None = None

    def reread(self) -> None:
        """Read every stage's progress again at the next sync (another tab changed the records)."""
        self._records = None

    def sync(self, in_play: str | None, *, over: bool) -> None:
        """Rebuild the list when the language, the stage in play or the player's progress changed.

        Progress changes only with a clear, so it is read again only while the game is over
        (the screen renders once more after recording the clear) or when the list is first built.
        """
        language = self.t(f"{self.game}_stages")
        run = self._run_line()
        if str(self.run.textContent) != run:
            self.run.textContent = run
        self.run.hidden = not run
        records = self._records
        if records is None or over or language != self._language:
            records = tuple((stage_id, self._progress(stage_id)) for stage_id in self.stages.ids())
        signature = (language, in_play, records)
        if signature == self._signature:
            return
        self._signature, self._records, self._language = signature, records, language
        self._build(dict(records), in_play)

    def _build(self, progress: dict[str, Progress], in_play: str | None) -> None:
        t, game = self.t, self.game
        comma = t(f"{game}_list_separator").strip()
        self.title.textContent = t(f"{game}_stages")
        done = sum(1 for record in progress.values() if record["done"])
        self.count.textContent = t(f"{game}_stage_count", done=done, total=len(progress))
        sections = []
        for tier, stage_ids in self.stages.tiers().items():
            if not stage_ids:
                continue
            items = [element("li", children=[self._link(stage_id, progress, in_play, comma)])
                     for stage_id in stage_ids]
            heading = element("h2", cls=f"{game}-tier", text=t(f"{game}_tier_{tier}"),
                              attrs={"id": f"{game}-tier-{tier}"})
            earned = sum(int(progress.get(stage_id, {}).get("stars", 0)) for stage_id in stage_ids)
            tier_stars = element("p", cls=f"{game}-tier-stars", attrs={"id": f"{game}-tier-{tier}-stars"},
                                 text=t("stars_total", stars=earned, total=MAX_STARS * len(stage_ids)))
            sections.append(element("section", cls=f"{game}-tier-section", children=[
                heading, tier_stars,
                element("ol", cls=f"{game}-tier-stages", attrs={"aria-labelledby": f"{game}-tier-{tier}"},
                        children=items)]))
        self.links.replaceChildren(*sections)
        self.reveal_current()

    def reveal_current(self) -> None:
        """Scroll the list (never the page) so the stage in play shows, near its middle: 4-06 is not under 3-12."""
        current = self.links.querySelector("[aria-current]")
        if current is None or not self.root.open or float(self.links.scrollHeight) <= float(self.links.clientHeight):
            return
        box, row = self.links.getBoundingClientRect(), current.getBoundingClientRect()
        middle = float(row.top) - float(box.top) + float(row.height) / 2 - float(self.links.clientHeight) / 2
        self.links.scrollTop = max(0.0, float(self.links.scrollTop) + middle)

    def _link(self, stage_id: str, progress: dict[str, Progress], in_play: str | None, comma: str) -> Any:
        """One stage, read as "1-01 First Light, cleared, best 3": each column is read with a space before it,
        and the commas ride at the end of the piece before (hidden, inline)."""
        t, game = self.t, self.game
        record = progress.get(stage_id, {"done": False, "best": None})
        done, best = record["done"], record["best"]
        name = element("span", cls=f"{game}-stage-name", text=t(f"{game}_stage_{stage_id.replace('-', '_')}"))
        if done or best is not None:
            name.appendChild(element("span", cls="visually-hidden", text=comma))
        parts = [element("span", cls=f"{game}-stage-mark", text="✓" if done else "", attrs={"aria-hidden": "true"}),
                 element("span", cls=f"{game}-stage-id", text=stage_id), name]
        if done:
            cleared = t(f"{game}_stage_cleared") + (comma if best is not None else "")
            parts.append(element("span", cls="visually-hidden", text=cleared))
        if best is not None:
            parts.append(element("span", cls=f"{game}-stage-best", text=t(f"{game}_stage_best", moves=best)))
        stars = int(record.get("stars", 0))
        if stars:
            parts[-1].appendChild(element("span", cls="visually-hidden", text=comma))
            parts.append(element("span", cls=f"{game}-stage-stars", attrs={"data-stars": str(stars)}, children=[
                element("span", text="★" * stars + "☆" * (MAX_STARS - stars), attrs={"aria-hidden": "true"}),
                element("span", cls="visually-hidden", text=t("stars_said", stars=stars))]))
        if len(parts) > 3:  # the best and the stars stay together (on the name's line, or under it where it is full)
            parts = [*parts[:3], element("span", cls=f"{game}-stage-record", children=parts[3:])]
        attrs = {"href": f"#{game}/{stage_id}", "data-stage": stage_id}
        if stage_id == in_play:
            attrs["aria-current"] = "page"
        return element("a", cls=f"{game}-stage" + (" is-done" if done else ""), attrs=attrs, children=parts)
