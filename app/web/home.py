"""The home screen: every game with its name, one-line rule and the player's best.

A game with a board in progress (app.core.progress) says so on its card: "Continue", the board's
size and time, and the card opens that board; starting another is a link of its own (`#<game>/new`)
that asks first on the game screen, as N does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.core import progress, registry
from app.core.game import Translate, adjusted_params, best_line, preset_text
from app.core.route import NEW, STATS, format_hash
from app.web import engine
from app.web.daily_panel import DailyPanel
from app.web.dom import Listeners, by_id, document, element, focus_in_place, use_stylesheet
from app.web.progress_words import continue_line
from app.web.records_panel import RecordsPanel

if TYPE_CHECKING:
    from app.web.shell_interface import ShellServices


class HomeScreen:
    """A list of game cards linking to `#<game>`."""

    board = None  # no board on this screen (the shell repaints a screen's board on a palette change)

    def __init__(self, shell: ShellServices) -> None:
        self.shell = shell
        for game in registry.games():  # a game's own stylesheet draws its card's icon
            stylesheet = registry.backend(game).stylesheet
            if stylesheet:
                use_stylesheet(stylesheet)
        self.root = element("section", cls="home", attrs={"aria-labelledby": "home-title"})
        self._listeners = Listeners()
        self._bests: list[tuple[str, str, Any]] = []  # (game, board key, the element that shows its best)
        self._daily: Any = None
        by_id("view").appendChild(self.root)
        self.relabel()

    @property
    def title(self) -> str:
        """The document title on the home screen."""
        return self.shell.i18n.t("site_title")

    def relabel(self) -> None:
        """Rebuild the cards in the current language."""
        t = self.shell.i18n.t
        self.root.replaceChildren()
        self.root.appendChild(element("h1", text=t("menu_heading"), attrs={"id": "home-title"}))
        self.root.appendChild(element("p", cls="tagline", text=t("site_tagline")))
        self._daily = DailyPanel(self.shell).root
        self.root.appendChild(self._daily)
        self._bests = []
        cards = element("ul", cls="game-cards")
        for game in registry.games():
            spec = registry.backend(game)
            records = element("dl")
            for name, params in spec.presets.items():
                # Bests are kept per board kind, as the game screen stores them (settings included).
                key = spec.format_params(adjusted_params(spec, params, self.shell.settings.get))
                value = element("dd", cls="value", text=best_line(spec, t, self.shell.bests.get(game, key)))
                self._bests.append((game, key, value))
                records.appendChild(element("div", cls="game-best", attrs={"data-preset": name}, children=[
                    element("dt", cls="label", text=preset_text(spec, t, name, params)), value]))
            kept = progress.saved_game(self.shell.storage.get(progress.slot_key(game)))
            parts = [element("span", cls=f"game-icon {spec.icon}", attrs={"aria-hidden": "true"}),
                     element("span", cls="game-name", text=t(spec.name_key)),
                     element("span", cls="game-rule", text=card_rule(t, game, spec.rule_key))]
            href = f"#{game}"
            if kept is not None:  # the card goes back to the board in progress, and says so
                href = format_hash(game, kept["id"])
                parts.append(element("span", cls="game-continue", text=continue_line(
                    spec, t, kept, lambda params, spec=spec: adjusted_params(spec, params, self.shell.settings.get))))
            link = element("a", cls="game-card" + (" has-progress" if kept else ""),
                           attrs={"href": href, "data-game": game}, children=parts)
            campaign = self._campaign_line(game)
            if campaign:  # a game with stages: how far the player is, beside the endless bests
                records.insertBefore(element("div", cls="game-best game-campaign", children=[
                    element("dt", cls="label", text=t("campaign_cleared")),
                    element("dd", cls="value", text=campaign)]), records.firstChild)
            title = element("p", cls="bests-title", text=t("best"))
            stats = element("a", cls="game-stats-link", text=t("stats_link"), attrs={
                "href": format_hash(game, screen=STATS), "aria-label": f"{t('stats_link')}: {t(spec.name_key)}"})
            links = [stats]
            if kept is not None:
                links.append(element("a", cls="game-new-link", text=t("home_new_game"), attrs={
                    "href": format_hash(game, screen=NEW), "aria-label": f"{t('home_new_game')}: {t(spec.name_key)}"}))
            bests = element("div", cls="game-bests", children=[
                title, records, element("p", cls="game-links", children=links)])
            cards.appendChild(element("li", cls="game-entry", children=[link, bests]))
        self.root.appendChild(cards)
        self._listeners.close()  # the panel is rebuilt with the cards (a language switch)
        self.root.appendChild(RecordsPanel(self.shell, self._listeners, on_imported=self._after_import).root)

    def _campaign_line(self, game: str) -> str:
        """A game with stages: "13 of 48 · ★ 30 of 144" (the stars once the engine is here to read each stage),
        or "" for a game without stages."""
        spec = registry.backend(game)
        if spec.stages is None:
            return ""
        t = self.shell.i18n.t
        stages = self.shell.stages
        if engine.is_ready():
            from app.core.play import campaign_totals  # (reads each stage's board: with the engine only)

            totals = campaign_totals(spec, stages, self.shell.stars)
            if totals is not None:
                return " · ".join([t("campaign_cleared_value", cleared=totals.cleared, stages=totals.stages),
                                   "★ " + t("stars_value_of", stars=totals.stars, total=totals.max_stars)])
        return str(sum(bool(stages.get(game, name)["done"]) for name in stages.names(game)))

    def _after_import(self) -> None:
        """Imported records may change every best shown, the language and the sound settings."""
        status = str(by_id("records-status").textContent)
        self.shell.reload_settings()
        self.relabel()
        by_id("records-status").textContent = status

    def records_changed(self) -> None:
        """Another tab changed the records: each best and today's puzzles are shown again, in place."""
        t = self.shell.i18n.t
        for game, key, value in self._bests:
            text = best_line(registry.backend(game), t, self.shell.bests.get(game, key))
            if str(value.textContent) != text:
                value.textContent = text
        daily = DailyPanel(self.shell).root
        old = self._daily
        if old is None or str(old.textContent) == str(daily.textContent):
            return
        focused = document.activeElement
        entry = focused.closest(".daily-entry") if focused is not None and old.contains(focused) else None
        old.replaceWith(daily)
        self._daily = daily
        if entry is not None:  # the player was on one of today's links: stay on it
            again = daily.querySelector(f'.daily-entry[data-game="{entry.getAttribute("data-game")}"] a')
            if again is not None:
                focus_in_place(again)

    def close(self) -> None:
        """Remove listeners and take the screen out of the page."""
        self._listeners.close()
        self.root.remove()


def card_rule(t: Translate, game: str, rule_key: str) -> str:
    """A card's one-line rule: the game's own words for its card ("<game>_card_rule", e.g. Pipe Link's two
    modes), else the rule of its first board."""
    key = f"{game}_card_rule"
    text = str(t(key))
    return text if text != key else str(t(rule_key))
