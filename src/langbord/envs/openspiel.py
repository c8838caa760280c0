"""OpenSpiel games of every langbord game: ``python_langbord_<game>`` (after
``langbord.envs.register_openspiel()``), so OpenSpiel's algorithms and tools run on them.

``pyspiel.load_game("python_langbord_knarr", {"players": 4})`` (or
``"python_langbord_knarr(players=4)"``) takes the game's options as parameters. Action ids,
chance outcomes (explicit, with ``chance_outcomes()``), ``returns()`` and ``max_game_length``
are langbord's own. Game types come from each game's declared traits (``GameInfo``):

- long name: ``langbord <title>`` (``langbord Skåål``); players: its player range;
- information: a game with private information (Knarr's cards in hand) is
  IMPERFECT_INFORMATION; the others hide nothing that is decided (PERFECT_INFORMATION: only
  chance not yet drawn is unknown);
- utility: a cooperative game (Skoventyr) pays every seat the same (IDENTICAL); the others pay
  win shares summing to 1 (CONSTANT_SUM, in [0, 1]);
- reward model: TERMINAL.

Observation and information-state tensors are the game's encoder (``encoder_for(game)``: the
seat's knowledge as it stands, ``slots()`` names them; not a record of the past). The observation
string is the seat's ``render``; the information-state string is every action the game has seen,
each as that seat learned of it (``action_to_string_for``), so two states share it exactly when
the seat cannot tell them apart. ``resample_from_infostate`` (for ISMCTS) is langbord's
``resample_hidden``; the new state's ``history()`` is empty and every seat's information-state
string in it is what ``player_id`` knows of the past (the others' secrets are re-dealt, not their
memories).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import langbord
from langbord.core import registry
from langbord.core.game import Game, State
from langbord.envs.encoding import Encoder, encoder_for


def short_name(game: str) -> str:
    """OpenSpiel's name of a langbord game: ``python_langbord_<game>``."""
    return f"python_langbord_{game}"


class _Shared:
    """Per-game objects a state refers to; a clone shares them (``deepcopy`` returns self)."""

    def __init__(self, game: Game, encoder: Encoder) -> None:
        self.game = game
        self.encoder = encoder
        self.logs = game.info.private_information

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Live:
    """The langbord state and the seats' logs; ``deepcopy`` (OpenSpiel's clone) clones them."""

    def __init__(self, state: State, logs: list[list[str]]) -> None:
        self.state = state
        self.logs = logs

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.state.clone(), [log.copy() for log in self.logs])


def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of a langbord game, from its declared traits."""
    traits = registry.info(name)
    specs = registry.game_class(name).option_specs
    information = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"langbord {traits.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            information.IMPERFECT_INFORMATION
            if traits.private_information
            else information.PERFECT_INFORMATION
        ),
        utility=utility.IDENTICAL if traits.cooperative else utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=traits.max_players,
        min_num_players=traits.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: o.default for o in specs},
    )


class LangbordSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A langbord game for OpenSpiel; ``langbord_game`` is the langbord :class:`Game`."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.langbord_game = langbord.load(name, **(params or {}))
        game = self.langbord_game
        identical = game.info.cooperative
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=game.num_distinct_actions(),
            num_players=game.num_players(),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if identical else 1.0,
            max_game_length=game.max_game_length(),
        )
        super().__init__(game_type(name), info, params or {})
        self._shared = _Shared(game, encoder_for(game))

    def new_initial_state(self) -> LangbordSpielState:
        return LangbordSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LangbordObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return LangbordObserver(self._shared, iig_obs_type)


class LangbordSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a langbord state (``langbord_state``)."""

    def __init__(self, game: LangbordSpielGame, live: _Live | None = None) -> None:
        super().__init__(game)
        self._shared = game._shared
        self._game = game
        n = game.langbord_game.num_players()
        self._live = live or _Live(game.langbord_game.new_initial_state(), [[] for _ in range(n)])

    @property
    def langbord_state(self) -> State:
        """The langbord state this OpenSpiel state plays on (the referee's whole table)."""
        return self._live.state

    def current_player(self) -> int:
        state = self._live.state
        player = state.current_player()
        if player == langbord.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == langbord.TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._live.state
        return state.legal_actions() if player == state.current_player() else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._live.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        live = self._live
        if self._shared.logs:
            for seat, log in enumerate(live.logs):
                log.append(live.state.action_to_string_for(seat, action))
        live.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._live.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._live.state.is_terminal()

    def returns(self) -> list[float]:
        return self._live.state.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> LangbordSpielState:
        """A state ``player_id`` cannot tell from this one, the rest re-dealt (langbord's
        ``resample_hidden``, seeded from ``probability_sampler()``)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        live = self._live
        known = live.logs[player_id] if self._shared.logs else []
        logs = [known.copy() for _ in live.logs]
        return LangbordSpielState(
            self._game, _Live(live.state.resample_hidden(player_id, rng), logs)
        )

    def information_log(self, player: int) -> list[str]:
        """Every action so far as ``player`` learned of it."""
        if self._shared.logs:
            return list(self._live.logs[player])
        state = self._live.state
        return [state.action_to_string(a) for a in state.history()]

    def __str__(self) -> str:
        return str(self._live.state)


class LangbordBot(pyspiel.Bot):  # type: ignore[misc]
    """A langbord agent (``step(state) -> int``, e.g. ``make_agent("mcts:iterations=200")``) as
    an OpenSpiel bot, to seat it in OpenSpiel's tools (``evaluate_bots``). It decides on the
    langbord state underneath, from what its seat knows, as langbord's agents always do."""

    def __init__(self, agent: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent

    def step(self, state: LangbordSpielState) -> int:
        return int(self.agent.step(state.langbord_state))

    def restart_at(self, state: LangbordSpielState) -> None:
        """Nothing to forget: the agent reads the state it is given."""

    def inform_action(self, state: LangbordSpielState, player_id: int, action: int) -> None:
        """Nothing to track."""


class LangbordObserver:
    """OpenSpiel's observer interface: ``tensor`` (the encoder's vector) and ``string_from``."""

    def __init__(self, shared: _Shared, iig_obs_type: Any) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        secrets = shared.game.info.private_information
        if secrets and private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(f"{shared.game.name}: only one seat's own observation is supported")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.encoder = shared.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LangbordSpielState, player: int) -> None:
        inner = state.langbord_state
        self.tensor[:] = self.encoder.encode(inner.view(player), player)

    def string_from(self, state: LangbordSpielState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state.information_log(player))
        return state.langbord_state.render(player)


GAME_CLASSES: dict[str, type[LangbordSpielGame]] = {}
"""The registered game classes by langbord name (one subclass per game: OpenSpiel keeps the
factory for the process's lifetime, and a class, unlike a closure, survives interpreter exit)."""


def game_class(name: str) -> type[LangbordSpielGame]:
    """The OpenSpiel game class of langbord game ``name`` (made once)."""
    if name not in GAME_CLASSES:

        def __init__(self: LangbordSpielGame, params: dict[str, Any] | None = None) -> None:
            LangbordSpielGame.__init__(self, name, params)

        GAME_CLASSES[name] = type(
            f"Langbord{name.title()}Game", (LangbordSpielGame,), {"__init__": __init__}
        )
    return GAME_CLASSES[name]


def register() -> None:
    """Register ``python_langbord_<game>`` for every langbord game (once)."""
    known = set(pyspiel.registered_names())
    for name in langbord.games():
        if short_name(name) not in known:
            pyspiel.register_game(game_type(name), game_class(name))
