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
``resample_hidden``; the new state's ``history()`` is empty. In it ``player_id``'s
information-state string is its own, and every other seat's is what ``player_id`` knows of the
past followed by a line that names that seat's re-dealt knowledge (a digest of its observation),
so two re-deals that give a seat different cards, and so different legal actions, never share
its information state (ISMCTS keys its nodes by it).

States clone cheaply (OpenSpiel's ``clone`` builds a new initial state and deep-copies the
Python attributes: the initial state is a clone of one made with the game, the per-game data is
shared, the langbord state is cloned), and games and states pickle
(``pickle.dumps(state)``, ``pyspiel.serialize_game_and_state``): a game by its name and
parameters, a state by replaying its langbord history, so they cross process boundaries and go
into checkpoints.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import langbord
from langbord.core import registry
from langbord.core.game import Game, State
from langbord.envs.encoding import Encoder, encoder_for
from langbord.envs.observation import vector


def short_name(game: str) -> str:
    """OpenSpiel's name of a langbord game: ``python_langbord_<game>``."""
    return f"python_langbord_{game}"


class _Shared:
    """Per-game objects a state refers to; a clone shares them (``deepcopy`` returns self), a
    pickle names the OpenSpiel game they belong to."""

    def __init__(self, spiel_game: LangbordSpielGame, game: Game, encoder: Encoder) -> None:
        self.spiel_game = spiel_game
        self.game = game
        self.encoder = encoder
        self.logs = game.info.private_information
        self.initial = game.new_initial_state()
        self.initial_tensors: dict[int, np.ndarray[Any, Any]] = {}
        """Each seat's tensor of the initial state: OpenSpiel asks for it (to learn the tensor's
        shape) on a new initial state at every ``observation_tensor`` call."""

    def vector(self, state: State, player: int) -> np.ndarray[Any, Any]:
        """``player``'s encoded view of ``state`` as a float32 vector."""
        return vector(self.encoder, state, player)

    def initial_tensor(self, player: int) -> np.ndarray[Any, Any]:
        tensor = self.initial_tensors.get(player)
        if tensor is None:
            tensor = self.initial_tensors[player] = self.vector(self.initial, player)
        return tensor

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_of, (self.spiel_game,))


@functools.lru_cache(maxsize=32)
def _load_game(text: str) -> LangbordSpielGame:
    register()
    game: LangbordSpielGame = pyspiel.load_game(text)
    return game


def _shared_of(spiel_game: LangbordSpielGame) -> _Shared:
    return spiel_game._shared


class _Live:
    """The langbord state and the seats' logs; ``deepcopy`` (OpenSpiel's clone) clones them. A
    pickle keeps the langbord history and the logs and replays the history, except for a
    re-dealt state (``redealt``), whose history does not lead to it: its langbord state is
    pickled itself, where the game's state pickles."""

    def __init__(self, state: State, logs: list[list[str]], redealt: bool = False) -> None:
        self.state = state
        self.logs = logs
        self.redealt = redealt

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.state.clone(), [log.copy() for log in self.logs], self.redealt)

    def initial(self) -> bool:
        """Whether this is the game's initial state (no action applied, not re-dealt)."""
        return not self.redealt and not self.state.history()

    def __reduce__(self) -> tuple[Any, ...]:
        if self.redealt:
            try:
                pickle.dumps(self.state)
            except (pickle.PicklingError, TypeError, AttributeError) as error:
                raise TypeError(
                    f"a re-dealt {self.state.game.name} state (from resample_from_infostate) "
                    f"cannot be pickled: its history does not lead to it, and its state does "
                    f"not pickle ({error})"
                ) from None
            return (_Live, (self.state, self.logs, True))
        return (_replayed, (self.state.game, list(self.state.history()), self.logs))


def _replayed(game: Game, history: list[int], logs: list[list[str]]) -> _Live:
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return _Live(state, logs)


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
        self._shared = _Shared(self, game, encoder_for(game))

    def new_initial_state(self) -> LangbordSpielState:
        return LangbordSpielState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its game string (``python_langbord_knarr(players=3,…)``), loaded again
        through OpenSpiel's registry (registering langbord's games first in a new process)."""
        return (_load_game, (str(self),))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LangbordObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return LangbordObserver(self._shared, iig_obs_type)


class LangbordSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a langbord state (``langbord_state``)."""

    def __init__(self, game: LangbordSpielGame, live: _Live | None = None) -> None:
        super().__init__(game)
        self._shared = game._shared  # OpenSpiel's clone deep-copies every attribute
        self._lazy = live
        """The table, or None for an initial state not yet asked about: OpenSpiel makes a new
        initial state at every tensor call to learn the tensor's shape, and asks it nothing."""

    @property
    def _live(self) -> _Live:
        live = self._lazy
        if live is None:
            shared = self._shared
            n = shared.game.num_players()
            live = self._lazy = _Live(shared.initial.clone(), [[] for _ in range(n)])
        return live

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and its action history, replayed on loading (in a new process
        too: loading the game registers langbord's games); a re-dealt state, whose OpenSpiel
        history is empty, keeps its langbord state and logs instead (see ``_Live``)."""
        live = self._live
        history = [int(a) for a in self.history()]
        return (_rebuilt_state, (self._shared.spiel_game, history, live if live.redealt else None))

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
        shared = self._shared
        live = self._live
        redealt = live.state.resample_hidden(player_id, rng)
        known = live.logs[player_id] if shared.logs else []
        logs = [
            known.copy() if seat == player_id else [*known, self._knowledge(redealt, seat)]
            for seat in range(len(live.logs))
        ]
        return LangbordSpielState(shared.spiel_game, _Live(redealt, logs, redealt=True))

    def _knowledge(self, state: State, seat: int) -> str:
        """A line naming what ``seat`` knows in ``state`` (a digest of its observation)."""
        tensor = self._shared.vector(state, seat)
        return f"re-dealt: {hashlib.blake2b(tensor.tobytes(), digest_size=12).hexdigest()}"

    def information_log(self, player: int) -> list[str]:
        """Every action so far as ``player`` learned of it."""
        if self._shared.logs:
            return list(self._live.logs[player])
        state = self._live.state
        return [state.action_to_string(a) for a in state.history()]

    def __str__(self) -> str:
        return str(self._live.state)


def _rebuilt_state(
    game: LangbordSpielGame, history: list[int], live: _Live | None
) -> LangbordSpielState:
    if live is not None:
        return LangbordSpielState(game, live)
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


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


class Restartable(pyspiel.Bot):  # type: ignore[misc]
    """Any OpenSpiel bot with the ``restart_at`` and ``inform_action`` that
    ``evaluate_bots`` calls: OpenSpiel's ``ISMCTSBot`` has neither (``RestartAt(state) not
    implemented``), and since it searches afresh at every step it has nothing to restart, so
    ``evaluate_bots(state, [Restartable(ismcts_bot), …], rng)`` seats it."""

    def __init__(self, bot: Any) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def step(self, state: Any) -> int:
        return int(self.bot.step(state))

    def restart_at(self, state: Any) -> None:
        reset = getattr(self.bot, "reset", None)
        if callable(reset):
            reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to track: the bot reads the state it is given at each step."""


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
        self.shared = shared
        self.encoder = shared.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LangbordSpielState, player: int) -> None:
        live = state._lazy
        if live is None or live.initial():
            self.tensor[:] = self.shared.initial_tensor(player)
        else:
            self.encoder.encode_into(live.state, player, self.tensor)

    def string_from(self, state: LangbordSpielState, player: int) -> str:
        if self.perfect_recall:
            return "\n".join(state.information_log(player))
        return state.langbord_state.render(player)


GAME_CLASSES: dict[str, type[LangbordSpielGame]] = {}
"""The registered game classes by langbord name: one subclass per game, each a module attribute
(below) so that pickle finds it by name; OpenSpiel keeps the factory for the process's lifetime,
and a class, unlike a closure, survives interpreter exit."""


def game_class(name: str) -> type[LangbordSpielGame]:
    """The OpenSpiel game class of langbord game ``name``."""
    try:
        return GAME_CLASSES[name]
    except KeyError:
        raise ValueError(f"no OpenSpiel game class for {name!r}") from None


class LangbordSkaalGame(LangbordSpielGame):
    """``python_langbord_skaal``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        LangbordSpielGame.__init__(self, "skaal", params)


class LangbordSkibeGame(LangbordSpielGame):
    """``python_langbord_skibe``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        LangbordSpielGame.__init__(self, "skibe", params)


class LangbordKnarrGame(LangbordSpielGame):
    """``python_langbord_knarr``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        LangbordSpielGame.__init__(self, "knarr", params)


class LangbordSkoventyrGame(LangbordSpielGame):
    """``python_langbord_skoventyr``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        LangbordSpielGame.__init__(self, "skoventyr", params)


GAME_CLASSES.update(
    skaal=LangbordSkaalGame,
    skibe=LangbordSkibeGame,
    knarr=LangbordKnarrGame,
    skoventyr=LangbordSkoventyrGame,
)


def register() -> None:
    """Register ``python_langbord_<game>`` for every langbord game (once)."""
    known = set(pyspiel.registered_names())
    for name in langbord.games():
        if short_name(name) not in known:
            pyspiel.register_game(game_type(name), game_class(name))
