"""The statistics screen of one game (`#<game>/stats`): figures, a chart of recent games, its table.

Statistics are kept per game and board kind (`app.core.stats`, keyed like bests); a
chooser picks the board kind. The chart is inline SVG built from the pure geometry of
`app.web.chart`; the same games are listed in a real table, the chart's text form.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from app.core import registry
from app.core.daily import format_time
from app.core.game import adjusted_params, params_text, preset_text
from app.core.stars import MAX_STARS
from app.core.stats import Recent, Summary, game_totals
from app.web import chart
from app.web.dom import Listeners, by_id, document, element

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices

SVG_NS = "http://www.w3.org/2000/svg"
CHART_GAMES = 30  # the most recent games shown in the chart and its table
MINUS = "\u2212"



def svg(tag: str, attrs: dict[str, str] | None = None, *, text: str | None = None,
        children: tuple[Any, ...] = ()) -> Any:
    """Create an SVG element with attributes, text and children."""
    node = document.createElementNS(SVG_NS, tag)
    for name, value in (attrs or {}).items():
        node.setAttribute(name, value)
    if text is not None:
        node.textContent = text
    for child in children:
        node.appendChild(child)
    return node


def number_text(value: float) -> str:
    """Return a count or an average: whole numbers as they are, others with one decimal."""
    if abs(value - round(value)) < 0.05:
        return str(int(round(value)))
    return f"{value:.1f}"


def signed_text(value: float) -> str:
    """Return a par gap with its sign: "+2", "0", "−1.5"."""
    text = number_text(abs(value))
    if text == "0":
        return "0"
    return ("+" if value > 0 else MINUS) + text


def figure_text(key: str, value: Any, t: Callable[..., str], decimals: Mapping[str, int] | None = None) -> str:
    """Return one figure of `Summary.rows()` as shown: percent, m:ss, a game's own figure with its decimals
    (`decimals`: row key prefix -> places), signed gap or a count."""
    if key == "stats_win_rate":
        return t("stats_percent", value=round(float(value) * 100))
    if key.startswith("stats_time_"):
        return format_time(float(value))
    places = next((places for prefix, places in (decimals or {}).items() if key.startswith(prefix)), None)
    if places is not None:
        return f"{float(value):.{places}f}"
    if key.startswith("stats_par_gap_"):
        return signed_text(float(value))
    return number_text(float(value))


class StatsScreen:
    """Figures, a chart and a table of one game's finished games, per board kind."""

    board = None  # no board on this screen (the shell repaints a screen's board on a palette change)

    def __init__(self, shell: ShellServices, game: str) -> None:
        self.shell = shell
        self.game = game
        self.spec = registry.backend(game)
        self._listeners = Listeners()
        self.root = element("section", cls="stats-screen", attrs={"aria-labelledby": "stats-title", "data-game": game})
        by_id("view").appendChild(self.root)
        self.key = self._default_key()
        self.body: Any = None
        self._table_open = False  # the table stays open across board and language switches once opened
        self.relabel()

    @property
    def title(self) -> str:
        """The document title while this screen is open."""
        t = self.shell.i18n.t
        return self.shell.i18n.page_title(t("stats_page_heading", game=t(self.spec.name_key)))

    # ----- board kinds -----------------------------------------------------------------------

    def _preset_choices(self) -> list[tuple[str, str]]:
        """Return (preset key, label) for the game's presets, with the player's settings applied."""
        choices: list[tuple[str, str]] = []
        for name, params in self.spec.presets.items():
            key = str(self.spec.format_params(adjusted_params(self.spec, params, self.shell.settings.get)))
            if all(key != known for known, _ in choices):
                choices.append((key, preset_text(self.spec, self.shell.i18n.t, name, params)))
        return choices

    def _other_label(self, key: str) -> str:
        """Return the label of a board kind that is no preset (a custom size, a stage)."""
        try:
            return params_text(self.spec, self.shell.i18n.t, self.spec.parse_params(key))
        except Exception:  # a key from another release: show it as it is
            return key

    def choices(self) -> list[tuple[str, str]]:
        """Return (preset key, label) for every board kind in the chooser: presets, then others with statistics."""
        choices = self._preset_choices()
        known = {key for key, _ in choices}
        choices += [(key, self._other_label(key)) for key in self.shell.stats.preset_keys(self.game)
                    if key not in known]
        return choices

    def _in_progress_key(self) -> str | None:
        """Return the board kind of the game in progress (the one played last), if one is saved."""
        try:
            saved = self.shell.storage.get(f"progress:{self.game}")
            if not isinstance(saved, dict) or not isinstance(saved.get("id"), str):
                return None
            state = self.spec.decode(saved["id"])
            return str(self.spec.format_params(self.spec.params_of(state)))
        except Exception:  # unreadable: fall back to the first board kind with records
            return None

    def _default_key(self) -> str:
        """The board kind shown first: the one played last, else the first with records, else the default."""
        with_records = set(self.shell.stats.preset_keys(self.game))
        last = self._in_progress_key()
        if last is not None and last in with_records:
            return last
        choices = self.choices()
        for key, _ in choices:
            if key in with_records:
                return key
        return choices[0][0]

    def records_changed(self) -> None:
        """Another tab finished a game: the figures, chart and table are read again."""
        self._fill_body()

    def _choose(self, event: Any) -> None:
        self.key = str(event.target.value)
        self._fill_body()
        self.shell.check_storage()  # a damaged record met on the way is set aside and said once

    # ----- building --------------------------------------------------------------------------

    def relabel(self) -> None:
        """Build the whole screen in the current language (the chosen board kind stays)."""
        t = self.shell.i18n.t
        name = t(self.spec.name_key)
        self._remember_table()
        self._listeners.close()
        self.root.replaceChildren()
        heading = element("h1", cls="stats-title", text=t("stats_page_heading", game=name),
                          attrs={"id": "stats-title"})
        links = element("nav", cls="stats-links", attrs={"aria-label": t("stats_title")}, children=[
            element("a", cls="stats-to-game", text=t("stats_back_to_game", game=name), attrs={"href": f"#{self.game}"}),
            element("a", cls="back-home", text=t("home"), attrs={"href": "#"})])
        select = element("select", attrs={"id": "stats-board"})
        for key, label in self.choices():
            select.appendChild(element("option", text=label, attrs={"value": key}))
        select.value = self.key
        chooser = element("p", cls="stats-chooser", children=[
            element("label", text=t("stats_board"), attrs={"for": "stats-board"}), select])
        self._listeners.on(select, "change", self._choose)
        self.body = element("div", cls="stats-body")
        self.root.append(element("header", cls="stats-header", children=[heading, links]), *self._all_boards(),
                         chooser, self.body)
        self._fill_body()

    def _all_boards(self) -> list[Any]:
        """The game over every board kind: games, wins and win rate in all, then a row per board kind played."""
        t = self.shell.i18n.t
        per_board = self.shell.stats.per_board(self.game)
        if not per_board:
            return []
        totals = game_totals(per_board)
        rate = "—" if totals.win_rate is None else t("stats_percent", value=round(totals.win_rate * 100))
        line = element("p", cls="stats-all-line", attrs={"id": "stats-all-line"}, text=t(
            "stats_all_line", games=totals.started, won=totals.won, rate=rate, boards=totals.boards))
        labels = dict(self.choices())
        head = element("tr", children=[element("th", text=t(key), attrs={"scope": "col"}) for key in (
            "stats_board", "stats_started", "stats_won", "stats_win_rate", "stats_time_best")])
        rows = [head]
        for key, summary in per_board:
            rate = "—" if summary.win_rate is None else t("stats_percent", value=round(summary.win_rate * 100))
            best = "—" if summary.time.best is None else format_time(summary.time.best)
            rows.append(element("tr", children=[
                element("th", text=labels.get(key, key), attrs={"scope": "row"}),
                *(element("td", text=text) for text in (str(summary.started), str(summary.won), rate, best))]))
        table = element("table", cls="stats-all-table", attrs={"id": "stats-all-table"}, children=[
            element("caption", text=t("stats_all_caption")), element("tbody", children=rows)])
        return [element("section", cls="stats-all", attrs={"aria-labelledby": "stats-all-title"}, children=[
            element("h2", text=t("stats_all_title"), attrs={"id": "stats-all-title"}), line, table])]

    def _fill_body(self) -> None:
        """Show the figures, chart and table of the chosen board kind."""
        t = self.shell.i18n.t
        summary = self.shell.stats.summary(self.game, self.key)
        self._remember_table()
        self.body.replaceChildren()
        self.body.setAttribute("data-preset", self.key)
        if summary.finished == 0:
            self.body.appendChild(element("p", cls="stats-none", text=t("stats_none")))
            return
        self.body.append(
            element("h2", text=t("stats_figures")),
            self._figures(summary),
            *self._stars(),
            element("p", cls="stats-note", text=t("stats_clean_only")),
            self._recent_section(summary.recent[-CHART_GAMES:]))

    def _stars(self) -> list[Any]:
        """The best stars on the chosen board, and the stars of all stages (games with par and stages)."""
        t = self.shell.i18n.t
        stars = self.shell.stars
        lines = []
        best = stars.get(self.game, self.key)
        if best:
            lines.append(element("p", cls="stats-stars", attrs={"id": "stats-board-stars"},
                                 text=t("result_said_row", label=t("stars_best"),
                                        value=t("stars_value", stars=best))))
        stages = self.spec.stages
        if stages is not None and stages.ids():
            keys = [str(self.spec.format_params(self.spec.params_of(stages.stage_state(stage))))
                    for stage in stages.ids()]
            earned = sum(stars.get(self.game, key) for key in keys)
            lines.append(element("p", cls="stats-stars", attrs={"id": "stats-stage-stars"},
                                 text=t("stars_all_stages", stars=earned, total=MAX_STARS * len(keys))))
        return lines

    def _remember_table(self) -> None:
        """Note whether the player has the table open, before the body is rebuilt."""
        box = self.body.querySelector(".stats-table-box") if self.body is not None else None
        if box is not None:
            self._table_open = bool(box.open)

    def _figures(self, summary: Summary) -> Any:
        t = self.shell.i18n.t
        figures = element("dl", cls="stats-figures")
        decimals = {f"{extra.words}_": extra.decimals for extra, _ in summary.own}
        for key, value in summary.rows():
            figures.appendChild(element("div", cls="stats-figure", attrs={"data-key": key}, children=[
                element("dt", text=t(key)), element("dd", text=figure_text(key, value, t, decimals))]))
        return figures

    def _recent_section(self, games: tuple[Recent, ...]) -> Any:
        t = self.shell.i18n.t
        count = len(games)
        section = element("section", cls="stats-recent", attrs={"aria-labelledby": "stats-recent-title"})
        section.append(element("h2", text=t("stats_recent"), attrs={"id": "stats-recent-title"}))
        time_chart = chart.time_chart(games)
        section.append(element("h3", text=t("stats_chart_time")),
                       self._draw(time_chart, t("stats_chart_label", count=count), "time",
                                  lambda value: format_time(value)))
        par_chart = chart.par_chart(games)
        if par_chart is not None:
            section.append(element("h3", text=t("stats_chart_par")),
                           self._draw(par_chart, t("stats_chart_par_label", count=count), "par", signed_text))
        section.append(self._legend(), self._table(games, with_par=par_chart is not None))
        return section

    def _draw(self, geometry: chart.Chart, label: str, name: str, tick_text: Any) -> Any:
        """Return the inline SVG of a chart (marks: filled circle, hollow circle, cross)."""
        c = chart.coordinate
        root = svg("svg", {"class": f"stats-chart stats-chart-{name}", "role": "img", "aria-label": label,
                           "viewBox": f"0 0 {c(geometry.width)} {c(geometry.height)}",
                           "preserveAspectRatio": "xMidYMid meet"})
        for tick in geometry.ticks:
            root.append(
                svg("line", {"class": "chart-grid", "x1": c(geometry.left), "x2": c(geometry.right),
                             "y1": c(tick.y), "y2": c(tick.y)}),
                svg("text", {"class": "chart-tick", "x": c(geometry.left - 6), "y": c(tick.y + 4),
                             "text-anchor": "end"}, text=tick_text(tick.value)))
        root.append(svg("line", {"class": "chart-axis", "x1": c(geometry.left), "x2": c(geometry.left),
                                 "y1": c(geometry.top), "y2": c(geometry.bottom)}))
        every = chart.label_every(geometry.games)
        for number in range(1, geometry.games + 1):
            if number % every == 0 or number == 1:
                x = chart.x_position(number, geometry.games, geometry.left, geometry.right)
                root.append(svg("text", {"class": "chart-tick", "x": c(x), "y": c(geometry.bottom + 15),
                                         "text-anchor": "middle"}, text=str(number)))
        if geometry.zero is not None:
            root.append(svg("line", {"class": "chart-par", "x1": c(geometry.left), "x2": c(geometry.right),
                                     "y1": c(geometry.zero), "y2": c(geometry.zero)}))
        if len(geometry.marks) > 1:
            root.append(svg("polyline", {"class": "chart-trend", "points": geometry.points()}))
        for mark in geometry.marks:
            root.append(self._mark(mark.kind, mark.x, mark.y, mark.number))
        if geometry.apart:  # losses, off the time scale: a lane of crosses under a rule
            root.append(svg("line", {"class": "chart-grid chart-lane", "x1": c(geometry.left), "x2": c(geometry.right),
                                     "y1": c(geometry.top - 4), "y2": c(geometry.top - 4)}))
        for mark in geometry.apart:
            root.append(self._mark(mark.kind, mark.x, mark.y, mark.number))
        return root

    @staticmethod
    def _mark(kind: str, x: float, y: float, number: int | None = None) -> Any:
        """Return one mark: a filled circle (clean win), a hollow circle (win with help) or a cross (loss)."""
        c = chart.coordinate
        attrs = {"class": f"chart-mark chart-mark-{kind}", "data-kind": kind}
        if number is not None:
            attrs["data-game"] = str(number)
        if kind == chart.LOST:
            return svg("path", {**attrs, "d": chart.cross(x, y)})
        return svg("circle", {**attrs, "cx": c(x), "cy": c(y), "r": c(chart.MARK_RADIUS)})

    def _legend(self) -> Any:
        t = self.shell.i18n.t
        legend = element("ul", cls="stats-legend")
        for kind in (chart.CLEAN, chart.ASSISTED, chart.LOST):
            sample = svg("svg", {"class": "stats-legend-mark", "viewBox": "0 0 14 14", "aria-hidden": "true",
                                 "focusable": "false"}, children=(self._mark(kind, 7, 7),))
            legend.appendChild(element("li", children=[sample, element("span", text=t(f"stats_legend_{kind}"))]))
        return legend

    def _table(self, games: tuple[Recent, ...], *, with_par: bool) -> Any:
        """Return the recent games as a table (the chart's text form) inside a disclosure."""
        t = self.shell.i18n.t
        columns = ["stats_col_number", "stats_col_result", "stats_col_time", "stats_col_moves",
                   *(["stats_col_par_gap"] if with_par else []), "stats_col_hints"]
        head = element("tr", children=[element("th", text=t(key), attrs={"scope": "col"}) for key in columns])
        body = element("tbody")
        for number, game in enumerate(games, start=1):
            if not game.won:
                result = t("stats_recent_lost")
            else:
                result = t("stats_result_assisted") if game.assisted else t("stats_recent_won")
            cells = [result, format_time(game.time), str(game.moves)]
            if with_par:
                cells.append("—" if game.par_gap is None else signed_text(game.par_gap))
            cells.append(str(game.hints))
            row = element("tr", attrs={"data-kind": chart.kind_of(game)}, children=[
                element("th", text=str(number), attrs={"scope": "row"}),
                *(element("td", text=cell) for cell in cells)])
            body.appendChild(row)
        table = element("table", cls="stats-table", children=[
            element("caption", text=t("stats_table_caption", count=len(games))),
            element("thead", children=[head]), body])
        box = element("details", cls="stats-table-box", children=[
            element("summary", text=t("stats_show_table")), table])
        box.open = self._table_open
        return box

    def close(self) -> None:
        """Remove listeners and take the screen out of the page."""
        self._listeners.close()
        self.root.remove()
