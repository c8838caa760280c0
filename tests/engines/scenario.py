"""What every game's scenario tests share: play by action strings, read the legal strings, and
check that an illegal action is refused with its reason while the table stays exactly as it was."""

from __future__ import annotations

import json

import pytest

from langbord import IllegalActionError, State


def play(state: State, *texts: str) -> None:
    """Apply each action named by its text; one text may hold several, joined by ``;``."""
    for text in texts:
        for part in text.split(";"):
            state.apply_action(state.string_to_action(part))


def legal(state: State) -> list[str]:
    """The legal actions as their strings."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def snapshot(state: State) -> tuple[str, list[int], str]:
    """The table, the history and every seat's view (and a spectator's)."""
    views = [state.view(p) for p in [None, *range(state.game.num_players())]]
    return str(state), state.history(), json.dumps(views, sort_keys=True)


def assert_illegal(state: State, text: str, *fragments: str) -> str:
    """``text`` (canonical) is a real action but illegal now, through both entry points; the
    message quotes it and contains every fragment; the state is unchanged. Returns the message."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as by_text:
        state.string_to_action(text)
    action = list(state.game.action_strings()).index(text)
    with pytest.raises(IllegalActionError) as by_id:
        state.apply_action(action)
    message = str(by_text.value)
    assert str(by_id.value) == message
    assert message.startswith(f"{text!r}: ")
    for fragment in fragments:
        assert fragment in message, message
    assert snapshot(state) == before
    return message
