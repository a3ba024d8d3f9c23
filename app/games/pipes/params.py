"""Pipe Link's settings: the mode (path or net), the board size and, for Net, whether edges wrap.

Text forms (URL-safe; also the key bests are stored under): "path-5x5", "net-11x11",
"net-9x9-wrap". `parse_params` also reads a preset name, a bare size ("5", "7x7":
path mode) and looser spellings such as "net 9x9 wrap" or "net9x9w".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from app.core.game import CustomField, CustomValues, ParamsError

PATH = "path"
NET = "net"
MODES = (PATH, NET)
MIN_SIDE = 3
MAX_SIDE = 12

_SIZE_MESSAGE = f"Width and height must each be whole numbers from {MIN_SIDE} to {MAX_SIDE}"
_FORMAT_MESSAGE = "Write the board as mode and size, for example path-5x5, net-9x9 or net-9x9-wrap"
_TEXT = re.compile(
    r"""^\s*(?P<mode>path|net)?[\s_\-]*
        (?P<width>[0-9]+)\s*(?:[xX×*]\s*(?P<height>[0-9]+))?
        [\s_\-]*(?P<wrap>w|wrap|wrapping)?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)


@dataclass(frozen=True)
class Params:
    """A board: `mode` "path" or "net", `width`×`height` cells (3-12 each), `wrap` (Net only)."""

    mode: str
    width: int
    height: int
    wrap: bool = False

    def __post_init__(self) -> None:
        check_params(self)


def _size_error() -> ParamsError:
    return ParamsError(_SIZE_MESSAGE, "pipes_size_error", low=MIN_SIDE, high=MAX_SIDE)


def check_params(params: Params) -> Params:
    """Return `params` if they make a playable board; raise ParamsError (a ValueError) worded for the player."""
    if params.mode not in MODES:
        raise ParamsError(f"The mode must be {' or '.join(MODES)}", "params_refused")
    if not isinstance(params.wrap, bool):
        raise ParamsError("The wrap setting must be on or off", "params_refused")
    if params.wrap and params.mode != NET:
        raise ParamsError("Only Net boards can wrap", "pipes_wrap_needs_net")
    for side in (params.width, params.height):
        if isinstance(side, bool) or not isinstance(side, int) or not MIN_SIDE <= side <= MAX_SIDE:
            raise _size_error()
    return params


# In menu order: path boards, then Net boards, each from small to large (the wrapping
# 9×9 is harder than the plain one and easier than 11×11). The first is a fresh game's
# board; the daily is DAILY_PRESET's.
PRESETS: dict[str, Params] = {
    "path_4x4": Params(PATH, 4, 4),  # the article's board size
    "path_5x5": Params(PATH, 5, 5),
    "path_7x7": Params(PATH, 7, 7),
    "path_9x9": Params(PATH, 9, 9),
    "net_5x5": Params(NET, 5, 5),
    "net_7x7": Params(NET, 7, 7),
    "net_9x9": Params(NET, 9, 9),
    "net_9x9_wrap": Params(NET, 9, 9, True),
    "net_11x11": Params(NET, 11, 11),
}
DAILY_PRESET = "path_5x5"  # the daily has always been a 5×5 path board (app.core.daily reads this)


def parse_params(text: str) -> Params:
    """Read params from "path-5x5", "net-9x9-wrap", a preset name or a bare size; ValueError if unreadable."""
    if not isinstance(text, str):
        raise ParamsError(_FORMAT_MESSAGE, "params_refused")
    preset = PRESETS.get(text.strip().lower())
    if preset is not None:
        return preset
    found = _TEXT.match(text)
    if found is None:
        raise ParamsError(_FORMAT_MESSAGE, "params_refused")
    width_text, height_text = found["width"], found["height"] or found["width"]
    # A very long number is just "too big"; int() refuses past 4300 digits with a technical message.
    if max(len(width_text.lstrip("0")), len(height_text.lstrip("0"))) > 3:
        raise _size_error()
    mode = (found["mode"] or PATH).lower()
    wrap = found["wrap"] is not None
    if wrap and mode != NET:
        raise ParamsError("Only Net boards can wrap; write for example net-9x9-wrap", "pipes_wrap_needs_net")
    return Params(mode, int(width_text), int(height_text), wrap)


# The custom-size form: either mode, its size, and (Net only) whether edges wrap.
CUSTOM_FIELDS = (
    CustomField("mode", "pipes_custom_mode", choices=((PATH, "pipes_mode_path"), (NET, "pipes_mode_net"))),
    CustomField("width", "width", MIN_SIDE, MAX_SIDE),
    CustomField("height", "height", MIN_SIDE, MAX_SIDE),
    CustomField("wrap", "pipes_custom_wrap", toggle=True),
)


def custom_params(values: CustomValues, setting: Callable[[str], object]) -> Params:
    """The board the custom form makes; ParamsError says why not (only Net boards wrap, or the sizes allowed)."""
    return Params(str(values["mode"]), int(values["width"]), int(values["height"]), bool(values["wrap"]))


def format_params(params: Params) -> str:
    """Return the URL-safe text of params, e.g. "path-5x5" or "net-9x9-wrap"."""
    text = f"{params.mode}-{params.width}x{params.height}"
    return text + "-wrap" if params.wrap else text
