"""What a game is and may do: one `GameSpec` per game, the descriptor the midend and the shell read.

Like `struct game` in Simon Tatham's puzzle collection, one value lists every slot a
game has: its rules (pure functions over small immutable states), the optional hooks
(fields left `None` where the game has no such thing), its strings and settings, and
what the shell shows of it (name, rule, icon). Each game package exposes one
`SPEC`; `app.catalogue` registers them into `app.core.registry` at start-up, so
nothing in core imports a game (see README, "Adding a game").

A field may hold a small function that imports the heavy module it needs when first
called, so reading a game's name and presets (the home screen) loads no solver.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from app.core.rng import Rng
from app.core.timer import format_clock

if TYPE_CHECKING:
    from app.core.check import CheckResult
    from app.core.session import Session
    from app.core.settings import Setting

StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
ParamsT = TypeVar("ParamsT")

# The page's catalogue lookup: t(key, **params) -> text in the player's language.
Translate = Callable[..., str]

# A slow move in slices: yields progress (0..1, or None when unknown) between slices
# of bounded work and returns the new state, so the page stays responsive.
Steps = Generator["float | None", None, StateT]


class WordedError(ValueError):
    """A refusal the player is told about: `string_key` and `params` word it in the catalogue.

    The message is the English detail, for the console and the tests; the page says
    `t(string_key, **params)` in the player's language.
    """

    def __init__(self, message: str, string_key: str, **params: object) -> None:
        super().__init__(message)
        self.string_key = string_key
        self.params = params


class RefusedMoveError(WordedError):
    """An illegal move the player should be told about (a locked tile cannot turn).

    Backends raise it where the rule that refused the move is worth saying; any other
    ValueError is refused with the error sound alone.
    """


class ParamsError(WordedError):
    """Board settings that cannot be played ("Width and height must each be whole numbers from 3 to 12.").

    `parse_params` and `custom_params` raise it, so the size form and the statistics say
    why in the player's language; the key is the game's own (`<id>_…`) or a shared one.
    """


@dataclass(frozen=True)
class CustomField:
    """One field of the custom-size form: a number box, or a menu (`choices`) or a checkbox (`toggle`).

    A number's value is an int (-1 when what was typed is no whole number), a menu's the
    chosen value (str), a checkbox's 1 or 0; the game's `custom_params` reads them. Its
    words are the catalogue's `label_key`.
    """

    name: str  # also the name of the params' attribute the field shows (the board in play fills it)
    label_key: str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[tuple[str, str], ...] = ()  # (value, catalogue key of its label), in menu order
    toggle: bool = False


# What the custom form hands a game: field name -> an int (number, checkbox) or a str (menu).
CustomValues = Mapping[str, "int | str"]


@dataclass(frozen=True)
class Strings:
    """A game's string catalogue: English and Japanese with the same keys (all prefixed `<id>_`).

    `en_one` holds English singulars: `{key: (count param, template when it is 1)}`.
    """

    en: Mapping[str, str]
    ja: Mapping[str, str]
    en_one: Mapping[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class ExtraFigure:
    """A figure of a game's own on its statistics screen (Minesweeper's 3BV/s): best, median and last-10
    average over clean wins, drawn from each win's time, moves and the game's own measures."""

    name: str  # its key in the game's stored statistics ("bbbv_s"): the game's own, kept apart from core's
    words: str  # the catalogue prefix of its rows, the game's own: "<words>_best", "<words>_median", "<words>_last10"
    value: Callable[[float, int, Mapping[str, int]], float | None]  # (time, moves, measures) of a win -> the figure
    higher_is_better: bool = True
    decimals: int = 2  # shown with this many decimals


@dataclass(frozen=True)
class ExtraFigures(Generic[StateT]):
    """A game's own statistics: what a won board measures (kept with each win), and the figures drawn from it."""

    measure: Callable[[StateT], Mapping[str, int]]  # a won board's own counts, by the game's own names ({"bbbv": 42})
    figures: tuple[ExtraFigure, ...]


@dataclass(frozen=True)
class Stages(Generic[StateT]):
    """A game's fixed, hand-made boards, in order, grouped in tiers (Light Path's campaign)."""

    ids: Callable[[], Sequence[str]]  # every stage id in play order (a function: the stage file loads on first use)
    tiers: Callable[[], Mapping[str, Sequence[str]]]  # tier name -> its stage ids, in order
    stage_of: Callable[[StateT], str | None]  # the stage a state is playing, None off the campaign
    next_stage: Callable[[str], str | None]  # the stage after one, None after the last
    stage_state: Callable[[str], StateT]  # a stage's start


@dataclass(frozen=True, kw_only=True)
class GameSpec(Generic[StateT, MoveT, ParamsT]):
    """Everything a game is and may do. States are frozen; moves are tuples of str/int/bool (saved as JSON)."""

    # ----- what the shell shows ----------------------------------------------------------------
    id: str  # the URL name: "#<id>" and "#<id>/<game id>"; prefixes every string and setting of the game
    name_key: str  # catalogue key of the game's name
    rule_key: str  # catalogue key of its one-line rule (home card, under the title)
    icon: str  # CSS class of the home card's icon (drawn by the game's `stylesheet`)
    strings: Strings
    settings: Mapping[str, Setting] = field(default_factory=dict)  # the game's own player settings, `<id>_…`
    rule_key_of: Callable[[StateT], str] | None = None  # the rule of the board in play, where boards differ

    # ----- where the page finds its screen: "module:Class" names, imported when the game opens ---
    view: str | None = None  # its view, an `app.web.views.base.GameView` (None: a game played by tests only)
    editor: str | None = None  # its editor screen (`#<id>/edit`), if it has one
    stylesheet: str | None = None  # its own CSS, relative to the page: linked with home, so it draws the icon too

    # ----- the rules ---------------------------------------------------------------------------
    presets: Mapping[str, ParamsT]  # name -> params, in menu order; the first is the default
    parse_params: Callable[[str], ParamsT]  # text -> params; ValueError with a player-readable message
    format_params: Callable[[ParamsT], str]  # params -> URL-safe text; also the key bests are kept under
    params_of: Callable[[StateT], ParamsT]
    generate: Callable[[ParamsT, Rng], StateT]  # always solvable, never already solved
    apply: Callable[[StateT, MoveT], StateT]  # a new state; ValueError (state untouched) if illegal
    status: Callable[[StateT], int]  # +1 won, -1 lost, 0 playing
    hint: Callable[[StateT], MoveT | None]  # a move that provably helps, or None
    encode: Callable[[StateT], str]  # the game ID of the puzzle a state is (app.core.gameid)
    decode: Callable[[str], StateT]  # ValueError (GameIdError) if malformed

    # ----- optional hooks: None where the game has no such thing -------------------------------
    restart_state: Callable[[StateT, StateT], StateT] | None = None  # (initial, current) -> what restart returns to
    move_cost: Callable[[StateT, MoveT], int] | None = None  # what a move adds to the counter (default 1)
    apply_steps: Callable[[StateT, MoveT], Steps[StateT] | None] | None = None  # a slow move in bounded slices
    check: Callable[[StateT], CheckResult | None] | None = None  # the Check button (app.core.check)
    par: Callable[[StateT], int] | None = None  # fewest moves from a start (statistics' moves over par)
    par_exact: bool = True  # False: par is an estimate, shown as such, with no moves over par and no stars
    extra_figures: ExtraFigures[StateT] | None = None  # statistics of the game's own (Minesweeper's 3BV/s)
    daily_preset: str | None = None  # the preset the daily is played on (default: the first)
    daily_week: tuple[str, ...] | None = None  # the daily's preset per UTC weekday, Monday first (easy to hard)
    daily_state: Callable[[ParamsT, Rng], StateT] | None = None  # the daily's board (default: generate)
    stages: Stages[StateT] | None = None
    run_params: Callable[[int], ParamsT] | None = None  # an endless run's next board after n wins in a row

    # ----- the words for a game's boards (home, statistics, the size menu; read without a view) ----
    preset_label: Callable[[Translate, str, ParamsT], str] | None = None  # (t, name, params) -> the menu text
    params_label: Callable[[Translate, ParamsT], str] | None = None  # (t, params) -> the text of params no preset is
    best_text: Callable[[Translate, Mapping[str, float]], str] | None = None  # a best as one line; default its time
    adjust_params: Callable[[ParamsT, Callable[[str], object]], ParamsT] | None = None  # settings applied to params

    # ----- what a clean win keeps, and boards the player sizes --------------------------------------
    best_of: Callable[[Session[StateT, Any]], Mapping[str, float]] | None = None  # the bests' fields; default time
    custom_fields: tuple[CustomField, ...] = ()  # the custom-size form's fields, in order (none: no custom sizes)
    custom_params: Callable[[CustomValues, Callable[[str], object]], ParamsT] | None = None  # (values, setting) ->
    # the params the form's values make, the player's settings applied; ParamsError worded for the player


def move_cost(spec: GameSpec[StateT, MoveT, ParamsT], state: StateT, move: MoveT) -> int:
    """Return how many moves `move` adds to the counter: the game's `move_cost`, else 1."""
    return int(spec.move_cost(state, move)) if spec.move_cost is not None else 1


def apply_steps(spec: GameSpec[StateT, MoveT, ParamsT], state: StateT, move: MoveT) -> Steps[StateT] | None:
    """Return the slices of a slow move, or None when the game applies it at once."""
    return spec.apply_steps(state, move) if spec.apply_steps is not None else None


def run_to_end(steps: Generator[float | None, None, StateT]) -> StateT:
    """Drain a slow move's slices and return its result (for tests and for callers that may block)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: StateT = done.value
            return result


def restart_target(spec: GameSpec[StateT, MoveT, ParamsT], initial: StateT, current: StateT) -> StateT:
    """Return the state a restart goes back to: the game's own choice, else the initial one.

    A game whose hidden layout is only made by its first move restarts to that
    layout (with the first move played) rather than to a board not yet made.
    """
    return spec.restart_state(initial, current) if spec.restart_state is not None else initial


def preset_text(spec: GameSpec[StateT, MoveT, ParamsT], t: Translate, name: str, params: ParamsT) -> str:
    """Return a preset's menu text: the game's `preset_label`, else the catalogue's "<id>_preset_<name>"."""
    if spec.preset_label is not None:
        return spec.preset_label(t, name, params)
    return t(f"{spec.id}_preset_{name}")


def params_text(spec: GameSpec[StateT, MoveT, ParamsT], t: Translate, params: ParamsT) -> str:
    """Return the text of params that are no preset (e.g. a stage): the game's `params_label`, else their text."""
    if spec.params_label is not None:
        return spec.params_label(t, params)
    return str(spec.format_params(params))


def best_line(spec: GameSpec[StateT, MoveT, ParamsT], t: Translate, best: Mapping[str, float]) -> str:
    """Return a best record as one short line: the game's `best_text`, else its time ("—" when none)."""
    if spec.best_text is not None:
        return spec.best_text(t, best)
    return format_clock(best["time"], tenths=True) if "time" in best else "—"


def rule_key(spec: GameSpec[StateT, MoveT, ParamsT], state: StateT | None = None) -> str:
    """Return the catalogue key of the rule for the board in play (the spec's `rule_key` with no board)."""
    if state is not None and spec.rule_key_of is not None:
        return spec.rule_key_of(state)
    return spec.rule_key


def best_of(spec: GameSpec[StateT, MoveT, ParamsT], session: Session[StateT, Any]) -> Mapping[str, float]:
    """Return what the bests keep of a clean win (lower is better): the game's `best_of`, else its time."""
    if spec.best_of is not None:
        return spec.best_of(session)
    return {"time": round(session.elapsed, 2)}


def moves_and_time_best(session: Session[Any, Any]) -> Mapping[str, float]:
    """A `best_of` for games with par: the fewest moves and the fastest time, kept apart."""
    return {"moves": session.moves, "time": round(session.elapsed, 2)}


def rising_week(easy: str, normal: str, hard: str) -> tuple[str, ...]:
    """The daily's presets Monday to Sunday for a game with three levels: two easy, three normal, two hard."""
    return (easy, easy, normal, normal, normal, hard, hard)


def moves_and_time(t: Translate, best: Mapping[str, float]) -> str:
    """A `best_text` for games with a par: "9 moves · 0:41", or "—" with no best yet."""
    parts = []
    if "moves" in best:
        parts.append(t("n_moves", moves=int(best["moves"])))
    if "time" in best:
        parts.append(format_clock(best["time"], tenths=True))
    return " · ".join(parts) or "—"


def adjusted_params(
    spec: GameSpec[StateT, MoveT, ParamsT], params: ParamsT, setting: Callable[[str], object]
) -> ParamsT:
    """Return the params a new game starts from, the player's settings applied (`setting(name)` reads one)."""
    return spec.adjust_params(params, setting) if spec.adjust_params is not None else params
