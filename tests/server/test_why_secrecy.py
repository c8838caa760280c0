""" "Why not?" never tells anyone who cannot see a hand what that hand decides, exactly.

At Knarr a spectator (or a seated player who leaves out its token, which is the same request)
asks about every action at many positions of tables played forward over the HTTP API; every
answer is checked against an exhaustive oracle, which deals the seat to move every set of viking
types its unseen cards could be, from the cards a spectator has not seen: an answer in the
engine's words must be the engine's answer on every such deal, "not now, whatever … holds" must
be a refusal on every deal, and "that depends" must be legal on some and not on others. The
oracle's reduction from multisets to sets of types is itself tested, the covering family of
:meth:`KnarrState.covering_deals` is compared with the oracle on random positions (Hypothesis),
and a position built so that random re-deals almost never find the card that decides it shows
the old sampled answer's leak closed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import cast

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import langbord
from langbord.engines.knarr.data import TYPE_NAMES
from langbord.engines.knarr.rules import KnarrState
from langbord.guides import in_words
from langbord.server import why as why_module
from langbord.server.service import Service
from langbord.server.why import depends, not_whatever, public_refusal, refusal, why_not

from .test_table_features import bearer, look

Answer = tuple[bool, str]


# ---- the oracle ---------------------------------------------------------------------------------


def unseen_pool(state: KnarrState, viewer: int | None) -> Counter[int]:
    """The cards ``viewer`` (None: a spectator) has not seen: every other seat's unseen cards,
    the seat to move's included, and the deck's while its contents are not public."""
    pool: Counter[int] = Counter()
    for q in range(state.n):
        if q != viewer:
            pool.update(state.players[q].hidden_cards())
    if not state.deck_public:
        pool.update({t: k for t, k in enumerate(state.deck) if k})
    return pool


def multisets(pool: Counter[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct multiset of ``size`` cards drawn from ``pool``, as sorted tuples."""
    types = sorted(t for t, k in pool.items() if k)

    def from_(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if not left:
            yield ()
            return
        if i == len(types):
            return
        t = types[i]
        for k in range(min(left, pool[t]), -1, -1):
            for rest in from_(i + 1, left - k):
                yield (t,) * k + rest

    yield from from_(0, size)


def deal(
    state: KnarrState, unseen: Sequence[int], viewer: int | None, rng: random.Random | None = None
) -> KnarrState:
    """``state`` with the unseen cards of the seat whose turn it is made ``unseen``, the rest of
    the cards ``viewer`` has not seen dealt to the other seats' unseen cards (in a fixed order,
    or shuffled by ``rng``) and the remainder to the deck: a state ``viewer`` cannot tell from
    ``state`` (checked: the same view)."""
    p = state.turn
    rest = unseen_pool(state, viewer)
    rest.subtract(unseen)
    assert min(rest.values(), default=0) >= 0, "those cards are not all unseen"
    cards = sorted(rest.elements())
    if rng is not None:
        rng.shuffle(cards)
    new = cast(KnarrState, state.clone())
    new.players[p].hand = [*state.players[p].known, *unseen]
    for q in range(state.n):
        if q != p and q != viewer:
            k = len(state.players[q].hidden_cards())
            new.players[q].hand = [*state.players[q].known, *cards[:k]]
            del cards[:k]
    if not state.deck_public:
        new.deck = [cards.count(t) for t in range(len(state.deck))]
    new._legal_cache = None
    assert new.view(viewer) == state.view(viewer)
    return new


def oracle_deals(state: KnarrState, viewer: int | None = None) -> list[KnarrState]:
    """One deal ``viewer`` cannot tell from ``state`` for every distinct set of types the hand of
    the seat whose turn it is may hold (legality and refusals depend on a hand only through it:
    :func:`test_answers_depend_on_a_hand_only_through_its_types`)."""
    p = state.turn
    if viewer == p:
        return [state]
    known = state.players[p].known
    chosen: dict[frozenset[int], tuple[int, ...]] = {}
    for unseen in multisets(unseen_pool(state, viewer), len(state.players[p].hidden_cards())):
        chosen.setdefault(frozenset(known) | frozenset(unseen), unseen)
    return [deal(state, unseen, viewer) for unseen in chosen.values()]


def oracle(deals: Sequence[KnarrState], actions: Sequence[int]) -> dict[int, set[Answer]]:
    """The engine's answers about each action on every deal."""
    answers: dict[int, set[Answer]] = {a: set() for a in actions}
    for dealt in deals:
        for a in actions:
            answers[a].add(refusal(dealt, a))
    return answers


def check(answer: Answer, possible: set[Answer], seat: str, what: str) -> str:
    """The kind of ``answer`` ("definite", "whatever" or "depends"), asserting it is exactly what
    the engine's ``possible`` answers on every deal allow."""
    legal, reason = answer
    if reason == depends(seat):
        assert not legal and {ok for ok, _ in possible} == {True, False}, (what, possible)
        return "depends"
    if reason == not_whatever(seat):
        assert not legal and len(possible) > 1, (what, possible)
        assert not any(ok for ok, _ in possible), (what, possible)
        return "whatever"
    # The API tells the engine's answer in words (its quoted moves and ruling ids taken out).
    said = {(ok, in_words(why)[0]) for ok, why in possible}
    told = (legal, in_words(reason)[0])
    assert said == {told}, f"{what}: told {answer}, but the deals give {possible}"
    return "definite"


# ---- positions ----------------------------------------------------------------------------------


def forward(state: KnarrState, rng: random.Random, steps: int) -> KnarrState:
    """``state`` played on ``steps`` random actions (chance by its odds), or to the end."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state.apply_action(rng.choices([a for a, _ in outcomes], weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def knarr(players: int, skali: bool, artifact: str = "random") -> KnarrState:
    game = langbord.load("knarr", players=players, skali=skali, artifact=artifact)
    return cast(KnarrState, game.new_initial_state())


def all_actions(state: KnarrState) -> list[int]:
    return list(range(state.game.num_distinct_actions()))


def some_actions(state: KnarrState, rng: random.Random, others: int) -> list[int]:
    """Every Recruit, "pass" and "skip extra", every action legal now, and ``others`` more."""
    table = state.game.action_parts_table()
    chosen = {a for a, (kind, _) in enumerate(table) if kind in ("recruit", "pass", "skip extra")}
    chosen.update(state.legal_actions())
    chosen.update(rng.sample(all_actions(state), others))
    return sorted(chosen)


# ---- the oracle's own ground ---------------------------------------------------------------------


def test_answers_depend_on_a_hand_only_through_its_types() -> None:
    """Deals whose hand of the seat to move holds the same set of types (as different multisets,
    with the other hands and the deck dealt differently) get the same answer about every action:
    the oracle may try one deal per set of types."""
    rng = random.Random(11)
    tried = 0
    for players, skali in ((2, False), (3, True), (4, True)):
        for steps in (0, 40, 90, 160, 260):
            state = forward(knarr(players, skali), rng, steps)
            while state.is_chance_node():
                forward(state, rng, 1)
            if state.is_terminal() or len(state.players[state.turn].hidden_cards()) < 2:
                continue
            p = state.turn
            known = state.players[p].known
            size = len(state.players[p].hidden_cards())
            by_types: dict[frozenset[int], list[tuple[int, ...]]] = {}
            for unseen in multisets(unseen_pool(state, None), size):
                by_types.setdefault(frozenset(known) | frozenset(unseen), []).append(unseen)
            actions = some_actions(state, rng, 20)
            for group in by_types.values():
                if len(group) < 2 and rng.random() < 0.8:
                    continue
                picks = rng.sample(group, min(2, len(group)))
                deals = [deal(state, unseen, None, rng) for unseen in picks]
                deals.append(deal(state, picks[0], None, rng))  # other hands dealt anew
                for a in actions:
                    assert len({refusal(d, a) for d in deals}) == 1, (a, picks)
                tried += 1
    assert tried > 50


# ---- 1. the attack, over the HTTP API ------------------------------------------------------------


def service_of(client: TestClient) -> Service:
    service: Service = client.app.state.service  # type: ignore[attr-defined]
    return service


ASK_AT = (1, 8, 16, 25, 35, 46, 58, 71)
"""The decisions of a table at which the questions are asked: spread over the game."""


def attack(
    client: TestClient, tables: Sequence[tuple[int, bool]], positions: int, full: bool
) -> Counter[str]:
    """Plays each table of (players, skali) forward with its hotseat tokens and, at
    ``positions`` of its decisions spread over the game, asks "why not?" about every action
    (``full``) or a good part of them, without a token; checks each answer with the oracle and
    that asking changed nothing."""
    service = service_of(client)
    rng = random.Random(2024)
    kinds: Counter[str] = Counter()
    for players, skali in tables:
        response = client.post(
            "/api/tables",
            json={
                "game": "knarr",
                "options": {"players": players, "skali": skali, "artifact": "random"},
                "seats": ["human"] * players,
                "hotseat": True,
            },
        )
        assert response.status_code == 201, response.text
        table_id = response.json()["id"]
        tokens = {int(p): bearer(t) for p, t in response.json()["tokens"].items()}
        asked_at = 0
        for step in range(3000):
            table = look(client, table_id)
            if table["status"] == "over" or asked_at == positions:
                break
            mover = table["to_move"]
            live = service.get_live(table_id)
            with live.lock:
                state = cast(KnarrState, live.state.clone())
            if step in ASK_AT[:positions]:
                asked_at += 1
                kinds += ask_everything(client, table_id, state, rng, full)
                with live.lock:
                    assert live.state.history() == state.history()  # nothing changed
                assert look(client, table_id) == table
            mine = look(client, table_id, tokens[mover])
            assert mine["legal"], "the mover's token still works"
            response = client.post(
                f"/api/tables/{table_id}/actions",
                headers=tokens[mover],
                json={"action": rng.choice(mine["legal"])["id"], "move": mine["move"]},
            )
            assert response.status_code == 200, response.text
        assert asked_at == positions, f"{players} players: the game ended too soon"
    assert kinds["definite"] > 0 and kinds["depends"] > 0 and kinds["whatever"] > 0, kinds
    total = sum(kinds.values())
    assert total >= (10_000 if full else 400), kinds
    return kinds


def ask_everything(
    client: TestClient, table_id: str, state: KnarrState, rng: random.Random, full: bool
) -> Counter[str]:
    """Asks about every action (``full``) or a part at ``state``, as a spectator, and checks
    every answer with the oracle; the kinds of answers."""
    seat = state.game.seat_name(state.current_player())
    actions = all_actions(state) if full else some_actions(state, rng, 25)
    possible = oracle(oracle_deals(state), actions)
    kinds: Counter[str] = Counter()
    for a in actions:
        body = state.action_parts(a)
        response = client.post(f"/api/tables/{table_id}/why", json=body)
        assert response.status_code == 200, response.text
        told = response.json()
        assert told["action"] == state.action_to_string(a)
        what = f"{told['action']!r} at {len(state.history())} actions"
        kinds[check((told["legal"], told["reason"]), possible[a], seat, what)] += 1
    return kinds


def test_a_spectator_is_told_nothing_a_hand_decides_over_the_api(client: TestClient) -> None:
    """About 500 questions at 2-4 players, with and without Skali (over 10,000 in the slow
    suite)."""
    attack(client, [(2, False), (3, True), (4, True)], positions=3, full=False)


@pytest.mark.slow
def test_a_spectator_is_told_nothing_a_hand_decides_ten_thousand_times(
    client: TestClient,
) -> None:
    """Every action at 30 positions: over 10,000 questions."""
    tables = [(2, False), (2, True), (3, False), (3, True), (4, False), (4, True)]
    attack(client, tables, positions=5, full=True)


# ---- 2. a position where re-deals almost never find the card that decides -----------------------


def sampled_refusal(state: KnarrState, action: int, seed: int, redeals: int = 16) -> Answer:
    """The old answer: the engine's refusal if ``redeals`` random re-deals agree with it."""
    answer = refusal(state, action)
    rng = random.Random(seed)
    mover = state.current_player()
    others = [p for p in range(state.n) if p != mover]
    for _ in range(redeals):
        dealt: KnarrState = state
        for seat in [*others, mover]:
            dealt = dealt.resample_hidden(seat, rng)
        if refusal(dealt, action) != answer:
            return False, depends(state.game.seat_name(mover))
    return answer


def lone_card_position() -> tuple[KnarrState, int]:
    """A 4-player Skali table at its first action whose mover holds one unseen card (the other
    two went back to the deck), and a type ``lone`` of which the cards a spectator has not seen
    hold exactly one copy, in the deck (the others' copies swapped for deck cards, the deck's
    spare ones discarded, face up), so that a random re-deal puts it in the mover's hand once
    in about 37."""
    rng = random.Random(5)
    state = knarr(4, True, "none")
    while state.is_chance_node():
        forward(state, rng, 1)
    p = state.turn
    mover = state.players[p]
    keep, *gone = mover.hidden_cards()
    for t in gone:
        mover.hand.remove(t)
        state.deck[t] += 1
        state.deck_size += 1
    lone = next(t for t in range(len(state.deck)) if t != keep and state.deck[t] >= 1)
    for q in range(state.n):
        hand = state.players[q].hand
        while q != p and lone in state.players[q].hidden_cards():
            other = next(t for t in range(len(state.deck)) if t != lone and state.deck[t])
            hand.remove(lone)
            hand.append(other)
            state.deck[other] -= 1
            state.deck[lone] += 1
    while state.deck[lone] > 1:
        state.deck[lone] -= 1
        state.deck_size -= 1
        state.discard[lone] += 1
        state.discard_size += 1
    state._legal_cache = None
    assert unseen_pool(state, None)[lone] == 1 and lone not in mover.hand
    return state, lone


def test_a_lone_card_that_re_deals_miss_is_still_a_secret() -> None:
    """Recruiting the lone type is refused on the table, and on nearly every random re-deal:
    the old answer (16 re-deals agreeing) told a spectator "Player … has no … in hand" for most
    seeds. Now the spectator and a seated player without its token hear that it depends; the
    mover is told the engine's own refusal; every other answer is the oracle's."""
    state, lone = lone_card_position()
    game, mover = state.game, state.current_player()
    recruit = game.action_of_parts("recruit", {"card": TYPE_NAMES[lone]})
    engine = refusal(state, recruit)
    assert engine == (False, f"{game.seat_name(mover)} has no {TYPE_NAMES[lone]} in hand")
    leaked = [seed for seed in range(20) if sampled_refusal(state, recruit, seed) == engine]
    assert len(leaked) >= 5, "the old check told the hand's answer for many seeds"
    parts = state.action_parts(recruit)
    seen = why_not(game, state, None, **parts, status="playing")
    assert (seen["legal"], seen["reason"]) == (False, depends(game.seat_name(mover)))
    assert (
        seen["reason"]
        == f"that depends on what {game.seat_name(mover)} holds, which only they can see"
    )
    own = why_not(game, state, mover, **parts, status="playing")
    assert (own["legal"], own["reason"]) == engine
    other = (mover + 1) % state.n
    assert public_refusal(state, recruit, other) == (False, depends(game.seat_name(mover)))
    actions = all_actions(state)
    possible = oracle(oracle_deals(state), actions)
    for a in actions:
        check(public_refusal(state, a), possible[a], game.seat_name(mover), repr(a))


# ---- 3. the covering deals against the oracle, on random positions -------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    skali=st.booleans(),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    asker=st.integers(-1, 3),
)
def test_covering_deals_decide_as_every_deal_does(
    players: int, skali: bool, seed: int, steps: int, asker: int
) -> None:
    """On a random position, as a spectator or a seat that does not move sees it: each covering
    deal is one the asker cannot tell from the table, and for each action the covering deals
    agree (on the answer; on its legality) exactly when every deal does."""
    rng = random.Random(seed)
    state = forward(knarr(players, skali), rng, steps)
    while state.is_chance_node():
        forward(state, rng, 1)
    if state.is_terminal():
        return
    viewer = None if asker < 0 or asker >= players or asker == state.turn else asker
    family = state.covering_deals(viewer)
    assert family[0] is state
    for dealt in family:
        assert isinstance(dealt, KnarrState)
        assert dealt.view(viewer) == state.view(viewer)
        assert unseen_pool(dealt, viewer) == unseen_pool(state, viewer)
        assert dealt.history() == state.history()
    actions = some_actions(state, rng, 12)
    covered = oracle(cast(list[KnarrState], family), actions)
    every = oracle(oracle_deals(state, viewer), actions)
    for a in actions:
        assert covered[a] <= every[a]
        assert (len(covered[a]) == 1) == (len(every[a]) == 1), (a, covered[a], every[a])
        legal_covered = {ok for ok, _ in covered[a]}
        assert legal_covered == {ok for ok, _ in every[a]}, (a, covered[a], every[a])


def test_a_spectators_answer_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """At Knarr with 4 players and Skali, a spectator's answer about any action asks the engine
    once per covering deal, and there are at most 21 of them: the answer's cost is bounded by
    the game, not by what the spectator asks, so a flood of questions cannot grow it."""
    asked = Counter[int]()

    def counted(state: langbord.State, action: int) -> tuple[bool, str]:
        asked[action] += 1
        return refusal(state, action)

    monkeypatch.setattr(why_module, "refusal", counted)
    rng = random.Random(3)
    for start in range(3):
        state = forward(knarr(4, True), rng, 5 + 40 * start)
        while state.is_chance_node():
            forward(state, rng, 1)
        deals = len(state.covering_deals(None))
        assert deals <= 21
        asked.clear()
        for a in all_actions(state):
            public_refusal(state, a)
        assert set(asked.values()) == {deals}


def test_a_game_without_secrets_is_its_own_cover() -> None:
    state = langbord.load("skibe", players=3).new_initial_state()
    assert state.covering_deals(None) == [state]
