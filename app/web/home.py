"""The home screen: every game with its name, one-line rule and the player's best."""

from __future__ import annotations

from typing import Any

from app.web.dom import by_id, element


class HomeScreen:
    """A list of game cards linking to `#<game>`."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.root = element("section", cls="home", attrs={"aria-labelledby": "home-title"})
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
        cards = element("ul", cls="game-cards")
        for game, view_class in self.shell.views.items():
            view = view_class(self)
            default_name, default_params = next(iter(view.backend.PRESETS.items()))
            preset_key = view.backend.format_params(default_params)
            best = view.best_text(self.shell.bests.get(game, preset_key))
            preset = view.preset_label(default_name, default_params)
            link = element("a", cls="game-card", attrs={"href": f"#{game}", "data-game": game}, children=[
                element("span", cls=f"game-icon game-icon-{game}", attrs={"aria-hidden": "true"}),
                element("span", cls="game-name", text=t(view.name_key)),
                element("span", cls="game-rule", text=t(view.rule_key)),
                element("span", cls="game-best", children=[
                    element("span", cls="label", text=f"{t('best')} ({preset}) "),
                    element("span", cls="value", text=best)]),
            ])
            cards.appendChild(element("li", children=[link]))
        self.root.appendChild(cards)

    def close(self) -> None:
        """Take the screen out of the page."""
        self.root.remove()
