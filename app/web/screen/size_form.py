"""The size form: the presets menu and the custom size fields, with a clear refusal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.web.dom import Listeners, element


@dataclass(frozen=True)
class MenuOption:
    """One entry of the size menu: its value, its words, and whether it can be chosen."""

    value: str  # a preset's name, "custom", or "current" (the board on screen when it is no preset)
    text: str
    disabled: bool = False


def size_menu(backend: Any, view: Any, params: Any, *, on_stage: bool = False) -> tuple[list[MenuOption], str]:
    """The size menu's entries for the board `params` is, and the value selected.

    The presets, then "Custom" for a game with a custom form. A board that is neither (a board
    only a link names, an endless run's 7×7) is named by a "current" entry so the menu says what
    is on screen; on a stage it only says "Choose a board" (stages are chosen from the stage list).
    A board New game cannot make again (a stage made in the editor: New game makes the nearest
    endless board, `adjust_params`) is named but disabled: it is what is on screen, not a choice.
    """
    current = backend.format_params(params)
    options = [MenuOption(name, view.preset_label(name, preset)) for name, preset in backend.presets.items()]
    chosen = next((name for name, preset in backend.presets.items()
                   if backend.format_params(view.adjust_params(preset)) == current), "custom")
    if view.custom_fields:
        options.append(MenuOption("custom", view.t("custom_size")))
    elif chosen == "custom":
        chosen = "current"
        if on_stage:
            options.append(MenuOption("current", view.t("size_choose")))
        else:
            remade = backend.format_params(view.adjust_params(params)) == current
            options.append(MenuOption("current", view.params_label(params), disabled=not remade))
    return options, chosen


class SizeForm:
    """Choose a preset or type a custom size; calls `start(params)` for a board to begin."""

    def __init__(self, listeners: Listeners, view: Any, backend: Any, *,
                 start: Callable[[Any, bool], None], game_started: Callable[[], bool],
                 refused: Callable[[], None], on_stage: Callable[[], bool] = lambda: False) -> None:
        self.view, self.backend, self._on_stage = view, backend, on_stage
        self._start, self._game_started, self._refused = start, game_started, refused
        self.form = element("form", cls="size-form", attrs={"novalidate": ""})
        self.preset_select = element("select", attrs={"id": "preset"})
        self.form.appendChild(element("label", children=[element("span", attrs={"data-i18n": view.size_label_key}),
                                                         self.preset_select]))
        self.custom_box = element("div", cls="custom-fields", attrs={"hidden": ""})
        self.custom_inputs: dict[str, Any] = {}
        self.fields = {field.name: field for field in view.custom_fields}
        for field in view.custom_fields:
            box = _field_input(field)
            self.custom_inputs[field.name] = box
            label = element("span", attrs={"data-i18n": field.label_key})
            # A checkbox reads best with its words after it.
            self.custom_box.appendChild(element("label", cls="custom-toggle" if field.toggle else None,
                                                children=[box, label] if field.toggle else [label, box]))
        self.custom_error = element("p", cls="form-error", attrs={"id": "custom-error", "role": "alert"})
        self._error_values: dict[str, Any] | None = None
        self.custom_box.appendChild(self.custom_error)
        self.form.appendChild(self.custom_box)
        self.form.appendChild(element("button", attrs={"type": "submit", "id": "apply-size", "data-i18n": "apply"}))
        listeners.on(self.preset_select, "change", self._on_preset_change)
        listeners.on(self.form, "submit", self._on_submit)

    def fill(self, params: Any, *, keep_choice: bool = False) -> None:
        """List the presets in the current language and select the one `params` is.

        With keep_choice (a relabel), what the player has chosen or typed stays.
        """
        chosen_before = str(self.preset_select.value)
        self.preset_select.replaceChildren()
        options, chosen = size_menu(self.backend, self.view, params, on_stage=self._on_stage())
        for option in options:
            attrs = {"value": option.value, **({"disabled": ""} if option.disabled else {})}
            self.preset_select.appendChild(element("option", text=option.text, attrs=attrs))
        if keep_choice and chosen_before:
            self.preset_select.value = chosen_before
        else:
            self.preset_select.value = chosen
            self.custom_box.hidden = chosen != "custom"
            for name, box in self.custom_inputs.items():
                if self.fields[name].toggle:
                    box.checked = bool(getattr(params, name, False))
                else:
                    box.value = str(getattr(params, name, ""))
        if self._error_values is not None:
            self.show_error(self._error_values)

    def _on_preset_change(self, *_: Any) -> None:
        choice = str(self.preset_select.value)
        self.custom_box.hidden = choice != "custom"
        self.show_error(None)
        if choice not in ("custom", "current") and not self._game_started():
            # Nothing played yet, so nothing is lost: start at once. Focus stays on the menu,
            # since arrow keys fire "change" on every step through it. A game in play is
            # only replaced by the Apply button.
            self._start(self.backend.presets[choice], False)

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        choice = str(self.preset_select.value)
        if choice == "current":
            return  # the board in play is what is chosen
        if choice != "custom":
            self._start(self.backend.presets[choice], True)
            return
        values: dict[str, Any] = {}
        for name, box in self.custom_inputs.items():
            field = self.fields[name]
            if field.toggle:
                values[name] = 1 if box.checked else 0
            elif field.choices:
                values[name] = str(box.value)
            else:
                text = str(box.value).strip()
                values[name] = int(text) if text.lstrip("-").isdigit() and len(text) < 7 else -1
        try:
            params = self.backend.parse_params(self.view.params_text(values))
        except ValueError:
            self.show_error(values)
            self._refused()
            return
        self.show_error(None)
        self._start(params, True)

    def show_error(self, values: dict[str, Any] | None) -> None:
        """Say why the custom size was refused (None clears it); kept so a language switch can re-say it."""
        self._error_values = values
        self.custom_error.textContent = "" if values is None else self.view.custom_error(values)
        for box in self.custom_inputs.values():
            # A menu or a checkbox always holds a valid value; the numbers are what was refused.
            if values is None or str(box.type) != "number":
                box.removeAttribute("aria-invalid")
            else:
                box.setAttribute("aria-invalid", "true")


def _field_input(field: Any) -> Any:
    """Return the input a custom field is typed or chosen in: a number box, a menu or a checkbox."""
    if field.toggle:
        return element("input", attrs={"type": "checkbox", "id": f"custom-{field.name}"})
    if field.choices:
        menu = element("select", attrs={"id": f"custom-{field.name}"})
        for value, key in field.choices:
            menu.appendChild(element("option", attrs={"value": value, "data-i18n": key}))
        return menu
    return element("input", attrs={"type": "number", "id": f"custom-{field.name}", "inputmode": "numeric",
                                   "min": str(field.minimum), "max": str(field.maximum), "required": "",
                                   "aria-describedby": "custom-error"})
