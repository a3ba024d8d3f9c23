"""Light Path stages: every shipped stage is proved, and bad stage files are refused naming stage and field."""

from __future__ import annotations

import pytest

from app.games import mirrors as mi
from app.games.mirrors import stages
from app.games.mirrors.cells import is_placed
from app.games.mirrors.stages import PROBLEMS, STAGE_FILE, StageFileError, load_stages, load_stages_soft, parse_stages

GOOD = """
[[stage]]
id = "1-01"
tier = 1
min_turns = 1
rows = [
  '. . . .',
  '/ . TW .',
  '. . . .',
  '. . . .',
]
sources = [ { row = -1, col = 0, dir = "down", colour = "white" } ]
"""


@pytest.mark.parametrize("stage_id", list(stages.STAGES))
def test_every_stage_is_solvable_in_its_recorded_minimum(stage_id: str) -> None:
    stage = stages.STAGES[stage_id]
    state = mi.stage_state(stage_id)
    assert mi.status(state) == 0, "a stage must not start solved"
    assert mi.encode(state) == stage_id
    solution = mi.solve_moves(state)
    assert solution is not None
    assert len(solution) == stage.min_turns == mi.par(state) == mi.remaining_turns(state)
    for move in solution:
        state = mi.apply(state, move)
    assert mi.status(state) == 1
    assert mi.lit_targets(state) == {(row, col) for row, col, _ in mi.targets(state)}
    if stage.tier < 4:
        # Tier 4's pieces to place may go more than one way, so only the first three promise one answer.
        assert mi.is_unique_puzzle(state)


def test_stages_come_in_four_tiers_of_twelve_in_order() -> None:
    assert len(stages.STAGES) == 48
    assert list(stages.STAGES) == [f"{tier}-{n:02d}" for tier in (1, 2, 3, 4) for n in range(1, 13)]
    assert {tier: len(ids) for tier, ids in stages.TIERS.items()} == {1: 12, 2: 12, 3: 12, 4: 12}
    for stage in stages.STAGES.values():
        puzzle = stage.puzzle
        assert 4 <= puzzle.height <= 8 and 4 <= puzzle.width <= 8
        state = mi.stage_state(stage.id)
        kinds = {mi.cell_kind(state, r, c) for r in range(puzzle.height) for c in range(puzzle.width)}
        colours = {s.colour for s in puzzle.sources}
        if stage.tier == 1:
            assert colours == {0}
        elif stage.tier < 4:  # tier 4 mixes white-light and coloured stages
            assert len(colours) >= 2
        has_parts = any(kind.kind in ("filter", "glass") for kind in kinds)
        assert has_parts == (stage.tier == 3) or stage.tier == 4
        second_edition = puzzle.places_pieces or any(kind.kind == "splitter" for kind in kinds)
        assert second_edition == (stage.tier == 4)
    # Harder stages ask for more: the last of each tier needs more turns than the first.
    for ids in stages.TIERS.values():
        assert stages.STAGES[ids[-1]].min_turns > stages.STAGES[ids[0]].min_turns


def test_next_stage_walks_every_stage_once() -> None:
    seen = ["1-01"]
    while (following := mi.next_stage(seen[-1])) is not None:
        seen.append(following)
    assert seen == list(stages.STAGES)


def test_the_shipped_file_loads_the_same_stages() -> None:
    assert load_stages(STAGE_FILE) == stages.STAGES
    assert STAGE_FILE.suffix == ".toml" and STAGE_FILE.parent.name == "mirrors"


def test_a_good_file_loads() -> None:
    (stage,) = parse_stages(GOOD).values()
    assert stage.id == "1-01" and stage.min_turns == 1


def broken(old: str, new: str, text: str = GOOD) -> str:
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("text", "stage", "field", "problem"),
    [
        (broken("'/ . TW .'", "'/ . XX .'"), "1-01", "rows", "unknown_cell"),
        (broken("row = -1, col = 0", "row = 1, col = 1"), "1-01", "sources[0]", "source_off_border"),
        (broken("row = -1, col = 0", "row = -1, col = -1"), "1-01", "sources[0]", "source_off_border"),
        (broken('dir = "down"', 'dir = "up"'), "1-01", "sources[0].dir", "source_direction"),
        (broken('dir = "down"', 'dir = "north"'), "1-01", "sources[0].dir", "bad_value"),
        (broken('colour = "white"', 'colour = "pink"'), "1-01", "sources[0].colour", "bad_value"),
        (broken(", colour = \"white\"", ""), "1-01", "sources[0].colour", "missing"),
        (broken("'/ . TW .'", "'/ . . .'"), "1-01", "rows", "no_target"),
        (broken("min_turns = 1", "min_turns = 2"), "1-01", "min_turns", "min_turns_wrong"),
        (broken("min_turns = 1", 'min_turns = "one"'), "1-01", "min_turns", "bad_value"),
        (broken("min_turns = 1\n", ""), "1-01", "min_turns", "missing"),
        (GOOD + GOOD, "1-01", "id", "duplicate_id"),
        (broken("'. . . .',\n]", "'. . .',\n]"), "1-01", "rows", "bad_size"),
        (broken("  '. . . .',\n  '. . . .',\n]", "]"), "1-01", "rows", "bad_size"),
        (broken("'/ . TW .'", "'/ . TR .'"), "1-01", "rows", "tier_rules"),
        (broken("'/ . TW .'", "'/ . TW GR'"), "1-01", "rows", "tier_rules"),
        (broken("'/ . TW .'", "'\\ . TW .'"), "1-01", "rows", "starts_solved"),
        (broken("'/ . TW .'", "'/ # TW .'"), "1-01", "rows", "unsolvable"),
        (broken("'/ . TW .'", "'L/ . TW /'"), "1-01", "rows", "unsolvable"),
        (broken("'/ . TW .'", "'L/ . TW .'"), "1-01", "rows", "no_mirror"),
        (
            broken("} ]", '}, { row = -1, col = 0, dir = "down", colour = "white" } ]'),
            "1-01",
            "sources[1]",
            "duplicate_source",
        ),
        (broken('id = "1-01"', 'id = "2-01"'), "2-01", "tier", "bad_value"),
        (broken('id = "1-01"', 'id = "one"'), "one", "id", "bad_value"),
        (broken("tier = 1", "tier = 4"), "1-01", "tier", "bad_value"),
        (broken("'/ . TW .'", "'S/ . TW .'"), "1-01", "rows", "tier_rules"),
        (broken("min_turns = 1\n", "min_turns = 1\ninventory = { mirrors = 1 }\n"), "1-01", "rows", "tier_rules"),
        (broken("min_turns = 1\n", "min_turns = 1\ninventory = { mirrors = 12 }\n"), "1-01", "inventory.mirrors",
         "bad_value"),
        (broken("min_turns = 1\n", "min_turns = 1\ninventory = { prisms = 1 }\n"), "1-01", "inventory", "bad_value"),
        (broken("[[stage]]", "[[stage]"), "(file)", "(file)", "syntax"),
        ("title = 'no stages'", "(file)", "stage", "missing"),
    ],
)
def test_bad_stage_files_are_refused_naming_the_stage_and_field(
    text: str, stage: str, field: str, problem: str
) -> None:
    with pytest.raises(StageFileError) as caught:
        parse_stages(text)
    error = caught.value
    assert (error.stage, error.field, error.problem) == (stage, field, problem)
    assert problem in PROBLEMS
    assert f"stage {stage}" in str(error) and repr(field) in str(error)
    assert isinstance(error, ValueError)


def test_a_stage_too_tangled_to_check_is_refused() -> None:
    mirror_row = "  '" + " ".join(["/"] * 10) + "',\n"
    rows = "rows = [\n" + mirror_row * 9 + "  '" + "/ " * 9 + "TW',\n]"
    text = GOOD.replace(GOOD[GOOD.index("rows = [") : GOOD.index("sources")], rows + "\n").replace(
        "row = -1, col = 0", "row = -1, col = 9"
    )
    with pytest.raises(StageFileError) as caught:
        parse_stages(text)
    assert (caught.value.stage, caught.value.field, caught.value.problem) == ("1-01", "rows", "too_complex")


def test_a_bad_stage_further_down_is_named() -> None:
    second = broken('id = "1-01"', 'id = "1-02"').replace("'/ . TW .'", "'/ . Q .'")
    with pytest.raises(StageFileError, match=r"stage 1-02, field 'rows'.*'Q'"):
        parse_stages(GOOD + second)


# --- a damaged shipped file fails soft ----------------------------------------------------------------


def test_the_soft_loader_returns_the_stages_or_the_error(tmp_path) -> None:  # noqa: ANN001
    good = tmp_path / "good.toml"
    good.write_text(GOOD, encoding="utf-8")
    stages, error = load_stages_soft(good)
    assert list(stages) == ["1-01"] and error is None
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD + broken('id = "1-01"', 'id = "1-02"').replace("'/ . TW .'", "'/ . Q .'"), encoding="utf-8")
    stages, error = load_stages_soft(bad)
    assert stages == {}
    assert (error.stage, error.field, error.problem) == ("1-02", "rows", "unknown_cell")
    stages, error = load_stages_soft(tmp_path / "absent.toml")
    assert stages == {} and (error.stage, error.field, error.problem) == ("(file)", "(file)", "unreadable")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00not text")
    assert load_stages_soft(binary)[1].problem == "unreadable"


def test_the_shipped_file_loaded_without_error() -> None:
    assert stages.STAGE_ERROR is None and len(stages.STAGES) == 48


DAMAGED_IMPORT = """
import json
import app.catalogue
from app.core import strings
from app.core.rng import Rng
from app.games import mirrors as mi
from app.games.mirrors import stages
from app.games.mirrors.cells import is_placed

error = stages.STAGE_ERROR
state = mi.generate(mi.PRESETS["easy"], Rng(7))
turned = next((r, c) for r in range(state.height) for c in range(state.width)
              if mi.cell_kind(state, r, c).turnable)
after = mi.apply(state, ("turn", *turned))
refused = []
for attempt in (lambda: mi.decode("1-03"), lambda: mi.parse_params("stage-1-01")):
    try:
        attempt()
    except ValueError:
        refused.append(True)
print(json.dumps({
    "stages": len(stages.STAGES), "tiers": {str(k): len(v) for k, v in stages.TIERS.items()},
    "error": [error.stage, error.field, error.problem],
    "next": mi.next_stage("1-01"), "refused": refused,
    "moved": after != state, "encoded": mi.decode(mi.encode(state)) == state,
    "catalogue": "mirrors_stage_error_unknown_cell" in strings.catalogue("en"),
}))
"""


def test_a_damaged_shipped_file_leaves_no_stages_and_the_error_and_endless_play_works(tmp_path) -> None:  # noqa: ANN001
    """Import the package from a copy of app/ whose stages.toml is damaged: nothing raises at import."""
    import json
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    shutil.copytree(root / "app", tmp_path / "app", ignore=shutil.ignore_patterns("__pycache__"))
    toml = tmp_path / "app" / "games" / "mirrors" / "stages.toml"
    text = toml.read_text(encoding="utf-8")
    start = text.index('id = "1-03"')
    cut = text.index("TW", start)
    toml.write_text(text[:cut] + "QQ" + text[cut + 2:], encoding="utf-8")
    result = subprocess.run([sys.executable, "-c", DAMAGED_IMPORT], cwd=tmp_path, capture_output=True, text=True,
                            check=True, timeout=120)
    found = json.loads(result.stdout)
    assert found["stages"] == 0 and found["tiers"] == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert found["error"] == ["1-03", "rows", "unknown_cell"]
    assert found["next"] is None and found["refused"] == [True, True]
    assert found["moved"] and found["encoded"] and found["catalogue"]


# A stage's name promises what is on it: words for a piece, in either language, need that piece.
NAME_PROMISES = {
    "glass": ("glass", "ガラス"),
    "filter": ("filter", "gate", "checkpoint", "フィルター", "門", "検問"),
    "splitter": ("split", "half silver", "fork", "prism", "tree", "分", "半分", "プリズム", "木"),
    "fixed": ("fixed", "locked", "動かない"),
    "placing": ("place", "pocket", "spare", "build", "置", "手持ち", "予備", "つくる"),
    "red": ("red", "赤"),
    "blue": ("blue", "青"),
}


def _pieces(stage: stages.Stage) -> set[str]:
    """What a stage has, in NAME_PROMISES' words."""
    from app.games.mirrors.cells import describe

    puzzle = stage.puzzle
    found = set()
    for code in puzzle.cells:
        cell = describe(code)
        if cell.kind in ("glass", "filter", "splitter"):
            found.add(cell.kind)
        if cell.kind in ("mirror", "splitter") and not cell.turnable:
            found.add("fixed")
        if cell.kind in ("glass", "filter", "target") and cell.colour in ("red", "blue"):
            found.add(cell.colour)
        if is_placed(code):
            found.add("placing")
    if any(puzzle.inventory):
        found.add("placing")
    if {"placing"} & found and puzzle.inventory[1]:
        found.add("splitter")
    return found


@pytest.mark.parametrize("stage_id", list(stages.STAGES))
def test_a_stage_name_names_only_pieces_the_stage_has(stage_id: str) -> None:
    from app.games.mirrors import strings

    stage = stages.STAGES[stage_id]
    key = f"mirrors_stage_{stage_id.replace('-', '_')}"
    names = (strings.EN[key].lower(), strings.JA[key])
    has = _pieces(stage)
    for piece, words in NAME_PROMISES.items():
        promised = [word for word in words for name in names if word in name]
        assert not promised or piece in has, f"{stage_id} {names} promises {piece} ({promised}) but has {sorted(has)}"
    assert not (stage.tier < 3 and ("glass" in names[0] or "ガラス" in names[1]))
