"""Game IDs: versioned, URL-safe, one text per board, and a named kind for every refusal."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core import gameid
from app.core.rng import Rng
from app.core.strings import catalogue
from app.games import crosslight, mines


@given(st.lists(st.booleans(), min_size=1, max_size=300))
def test_bits_round_trip(bits: list[bool]) -> None:
    text = gameid.pack_bits(bits)
    assert gameid.unpack_bits(text, len(bits)).tolist() == bits


@given(st.lists(st.booleans(), min_size=1, max_size=60), st.integers(1, 8))
def test_a_board_part_of_the_wrong_length_is_refused(bits: list[bool], extra: int) -> None:
    text = gameid.pack_bits(bits)
    with pytest.raises(gameid.GameIdError) as refused:
        gameid.unpack_bits(text, len(bits) + 8 * extra)
    assert refused.value.kind == "board"


def test_stray_padding_bits_are_refused() -> None:
    text = gameid.pack_bits([True, False, True])
    with pytest.raises(gameid.GameIdError):
        gameid.unpack_bits(text, 2)  # the third bit is set, past the board


def test_compose_and_split_check_version_count_and_characters() -> None:
    text = gameid.compose(1, "5x5", "AbC_-9")
    assert gameid.split(text, 1, 2) == ["5x5", "AbC_-9"]
    with pytest.raises(ValueError):
        gameid.compose(1, "has space")
    for bad, kind in (("", "shape"), ("x.5x5.A", "shape"), ("2.5x5.A", "version"), ("1.5x5", "shape"),
                      ("1.5x5.A$", "shape")):
        with pytest.raises(gameid.GameIdError) as refused:
            gameid.split(bad, 1, 2)
        assert refused.value.kind == kind, bad


def test_each_refusal_names_its_kind() -> None:
    solved = crosslight.State(crosslight.Params(5, 5), np.zeros((5, 5), dtype=bool))
    board = crosslight.generate(crosslight.Params(5, 5), Rng("kinds"))
    cases = {
        "solved": crosslight.encode(solved),
        "size": "1.99x5." + gameid.pack_bits([False] * 25),
        "board": crosslight.encode(board)[:-2],
        "version": "7" + crosslight.encode(board)[1:],
    }
    for kind, text in cases.items():
        with pytest.raises(gameid.GameIdError) as refused:
            crosslight.decode(text)
        assert refused.value.kind == kind, (kind, str(refused.value))
    with pytest.raises(gameid.GameIdError) as refused:
        mines.decode("1.9x9n10.AAAAAAAEAAAAAAA.4-4")  # one mine where the size says ten
    assert refused.value.kind == "board"


def test_every_kind_of_refusal_can_be_said_in_both_languages() -> None:
    for lang in ("en", "ja"):
        for kind in gameid.ID_PROBLEMS:
            assert catalogue(lang)[f"id_problem_{kind}"]
    with pytest.raises(ValueError):
        gameid.GameIdError("x", "no-such-kind")


@pytest.mark.parametrize("backend", [crosslight, mines])
def test_an_id_longer_than_the_cap_is_refused_as_too_long(backend) -> None:  # noqa: ANN001
    huge = "1.12x12." + "A" * gameid.MAX_ID_CHARS
    with pytest.raises(gameid.GameIdError) as refused:
        backend.decode(huge)
    assert refused.value.kind == "too_long"


def test_the_largest_boards_ids_are_well_within_the_cap() -> None:
    state = mines.apply(mines.generate(mines.parse_params("50x50n833"), Rng("cap")), ("open", 25, 25))
    assert len(mines.encode(state)) * 4 < gameid.MAX_ID_CHARS
    assert len(crosslight.encode(crosslight.generate(crosslight.parse_params("12x12"), Rng("cap")))) < 100
