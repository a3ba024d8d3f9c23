"""The size form: the presets menu and the custom size fields, with a clear refusal.

The fields, what their values make and why some are refused are the game's (`GameSpec.custom_fields`,
`custom_params` and its `ParamsError`); the form only reads what was typed and says the refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.core.game import CustomField, GameSpec, WordedError, adjusted_params, params_text, preset_text
from app.web.dom import Listeners, element

Translate = Callable[..., str]
Setting = Callable[[str], object]


@dataclass(frozen=True)
class MenuOption:
    """One entry of the size menu: its value, its words, and whether it can be chosen."""

    value: str  # a preset's name, "custom", or "current" (the board on screen when it is no preset)
    text: str
    disabled: bool = False


def size_menu(spec: GameSpec[Any, Any, Any], t: Translate, setting: Setting, params: Any, *,
              on_stage: bool = False) -> tuple[list[MenuOption], str]:
    """The size menu's entries for the board `params` is, and the value selected.

    The presets, then "Custom" for a game with a custom form. A board that is neither (a board
    only a link names, an endless run's 7×7) is named by a "current" entry so the menu says what
    is on screen; on a stage it only says "Choose a board" (stages are chosen from the stage list).
    A board New game cannot make again (a stage made in the editor: New game makes the nearest
    endless board, `adjust_params`) is not listed among the boards to make either: "Choose a board".
    """
    current = spec.format_params(params)
    options = [MenuOption(name, preset_text(spec, t, name, preset)) for name, preset in spec.presets.items()]
    chosen = next((name for name, preset in spec.presets.items()
                   if spec.format_params(adjusted_params(spec, preset, setting)) == current), "custom")
    if spec.custom_fields:
        options.append(MenuOption("custom", t("custom_size")))
    elif chosen == "custom":
        chosen = "current"
        remade = spec.format_params(adjusted_params(spec, params, setting)) == current
        if on_stage or not remade:
            options.append(MenuOption("current", t("size_choose")))
        else:
            options.append(MenuOption("current", params_text(spec, t, params)))
    return options, chosen


class SizeForm:
    """Choose a preset or type a custom size; calls `start(params)` for a board to begin."""

    def __init__(self, listeners: Listeners, spec: GameSpec[Any, Any, Any], *, t: Translate, setting: Setting,
                 label_key: str, start: Callable[[Any, bool], None], refused: Callable[[], None],
                 on_stage: Callable[[], bool] = lambda: False) -> None:
        self.spec, self.t, self.setting, self._on_stage = spec, t, setting, on_stage
        self._start, self._refused = start, refused
        self.form = element("form", cls="size-form", attrs={"novalidate": ""})
        self.preset_select = element("select", attrs={"id": "preset"})
        self.form.appendChild(element("label", children=[element("span", attrs={"data-i18n": label_key}),
                                                         self.preset_select]))
        self.custom_box = element("div", cls="custom-fields", attrs={"hidden": ""})
        self.custom_inputs: dict[str, Any] = {}
        self.fields = {field.name: field for field in spec.custom_fields}
        for field in spec.custom_fields:
            box = _field_input(field)
            self.custom_inputs[field.name] = box
            label = element("span", attrs={"data-i18n": field.label_key})
            # A checkbox reads best with its words after it.
            self.custom_box.appendChild(element("label", cls="custom-toggle" if field.toggle else None,
                                                children=[box, label] if field.toggle else [label, box]))
        self.custom_error = element("p", cls="form-error", attrs={"id": "custom-error", "role": "alert"})
        self._refusal: tuple[str, dict[str, object]] | None = None  # the words of the last refusal (key, params)
        self.custom_box.appendChild(self.custom_error)
        self.form.appendChild(self.custom_box)
        self.form.appendChild(element("button", attrs={"type": "submit", "id": "apply-size", "data-i18n": "apply"}))
        listeners.on(self.preset_select, "change", self._on_preset_change)
        listeners.on(self.preset_select, "keydown", self._on_preset_key)
        listeners.on(self.form, "submit", self._on_submit)

    def fill(self, params: Any, *, keep_choice: bool = False) -> None:
        """List the presets in the current language and select the one `params` is.

        With keep_choice (a relabel), what the player has chosen or typed stays.
        """
        chosen_before = str(self.preset_select.value)
        self.preset_select.replaceChildren()
        options, chosen = size_menu(self.spec, self.t, self.setting, params, on_stage=self._on_stage())
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
        self._word_refusal()

    def _on_preset_change(self, *_: Any) -> None:
        # Only shows the custom fields for "Custom": arrow keys fire "change" on every step through a menu, so a
        # choice starts nothing until Apply (or Enter in the menu) applies it (WCAG 3.2.2): browsing the sizes
        # of an unplayed stage left the stage and made a board for every option passed.
        choice = str(self.preset_select.value)
        self.custom_box.hidden = choice != "custom"
        self.show_error(None)

    def _on_preset_key(self, event: Any) -> None:
        """Enter in the menu applies the choice, as Apply does (the focus stays on the menu)."""
        if str(event.key) == "Enter" and not (event.altKey or event.ctrlKey or event.metaKey):
            event.preventDefault()
            self.form.requestSubmit()

    def _on_submit(self, event: Any) -> None:
        event.preventDefault()
        choice = str(self.preset_select.value)
        if choice == "current":
            return  # the board in play is what is chosen
        if choice != "custom":
            self._start(self.spec.presets[choice], True)
            return
        make = self.spec.custom_params
        if make is None:
            return  # (no custom entry in the menu: a game with fields has custom_params too)
        values: dict[str, int | str] = {}
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
            params = make(values, self.setting)
        except WordedError as refusal:  # the game's ParamsError says why
            self.show_error((refusal.string_key, refusal.params))
            self._refused()
            return
        except ValueError:  # any other refusal: the settings cannot be used
            self.show_error(("params_refused", {}))
            self._refused()
            return
        self.show_error(None)
        self._start(params, True)

    def show_error(self, refusal: tuple[str, dict[str, object]] | None) -> None:
        """Say why the custom size was refused, (catalogue key, params), or None to clear it.

        The words are kept, so a language switch says them again in the new language.
        """
        self._refusal = refusal
        self._word_refusal()
        for box in self.custom_inputs.values():
            # A menu or a checkbox always holds a valid value; the numbers are what was refused.
            if refusal is None or str(box.type) != "number":
                box.removeAttribute("aria-invalid")
            else:
                box.setAttribute("aria-invalid", "true")

    def _word_refusal(self) -> None:
        key, params = self._refusal if self._refusal is not None else ("", {})
        self.custom_error.textContent = self.t(key, **params) if key else ""


def _field_input(field: CustomField) -> Any:
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
