"""The editor's undo and redo (app/core/edit_history.py), against a plain list walked by hand."""

from __future__ import annotations

import random

import pytest

from app.core.edit_history import EditHistory


def test_undo_and_redo_walk_back_and_forth_through_the_steps_with_their_words() -> None:
    history = EditHistory("a")
    assert (history.current, history.can_undo, history.can_redo) == ("a", False, False)
    assert history.undo() is None and history.redo() is None
    history.push("ab", "added b")
    history.push("abc", "added c")
    assert history.undo() == "added c" and history.current == "ab"
    assert history.undo() == "added b" and history.current == "a"
    assert history.undo() is None and history.current == "a"
    assert history.redo() == "added b" and history.redo() == "added c" and history.current == "abc"
    assert not history.can_redo


def test_a_new_step_after_an_undo_drops_the_steps_undone_and_an_unchanged_value_is_no_step() -> None:
    history = EditHistory(0)
    history.push(1, "one")
    history.push(2, "two")
    history.undo()
    history.push(1, "same")  # nothing changed: not a step, and the redo stays
    assert history.can_redo
    history.push(5, "five")
    assert not history.can_redo and history.current == 5
    assert history.undo() == "five" and history.undo() == "one" and history.current == 0


def test_the_oldest_steps_go_past_the_limit() -> None:
    history = EditHistory(0, limit=3)
    for value in range(1, 6):
        history.push(value, str(value))
    undone = []
    while (what := history.undo()) is not None:
        undone.append(what)
    assert undone == ["5", "4", "3"] and history.current == 2
    with pytest.raises(ValueError):
        EditHistory(0, limit=0)


def test_random_walks_match_a_list_and_a_cursor() -> None:
    rng = random.Random(30)
    for _ in range(200):
        history: EditHistory[int] = EditHistory(0)
        steps, cursor = [0], 0
        for _ in range(30):
            choice = rng.random()
            if choice < 0.5:
                value = rng.randrange(5)
                history.push(value, f"to {value}")
                if value != steps[cursor]:
                    steps, cursor = [*steps[:cursor + 1], value], cursor + 1
            elif choice < 0.75:
                history.undo()
                cursor = max(0, cursor - 1)
            else:
                history.redo()
                cursor = min(len(steps) - 1, cursor + 1)
            assert history.current == steps[cursor]
            assert history.can_undo == (cursor > 0) and history.can_redo == (cursor < len(steps) - 1)
