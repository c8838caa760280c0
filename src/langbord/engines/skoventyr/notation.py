"""Skoventyr's action ids and their canonical strings (the same string for an id in every state).

Places: Trees are named by their letter (``A``–``H``, they keep it when the ring changes);
Future slots are ``f1``–``f3`` from the left; cards are named by type (``Trold``,
``Gamle Erik``); Minions by name (``Lindorm 1``).
"""

from __future__ import annotations

from langbord.core.i18n import N_, _, ngettext
from langbord.core.notation import ActionTable, Reader, first
from langbord.engines.skoventyr.data import (
    ACORN_KINDS,
    ALLY_TYPES,
    CARD_NAMES,
    FUTURE_SIZE,
    LYGTEMANDS,
    MINION_NAMES,
    TREE_NAMES,
)

# Kinds of action.
(
    DRAW,  # chance: a card from the hidden part of the deck
    LYGTEMAND,  # chance (setup): the Lygtemand placed on the next Minion
    HOSTAGE_X2,  # chance (setup): the Ally type that gets the x2 Hostage token
    ACORN,  # chance (setup): the Acorn placed on the next Minion
    CALL,  # Vogter's Call, paying the left box
    CALL_RISKY,  # Vogter's Call with a Risky Draw instead
    GAMBIT,  # Vogter's Gambit
    POSITION,  # Command: Position, an Ally type from hand (then the Tree)
    MISSION,  # Command: Mission, discard an Ally type for its power
    WRATH,  # Vogter's Wrath on a Minion
    RALLY,  # Reconciliation: Rally the Lygtemand of a type with an Ally of that type
    RALLY_ANY,  # Rally the "?" Lygtemand with an Ally of a type
    INVOLVE,  # Reconciliation: Involve, removing 1 or 2 Rallied Lygtemands
    RESCUE,  # Vogter's Rescue of an Ally type
    DAMAGE,  # damage this Tree (discard it if Damaged, flip it if Healthy)
    HEAL,  # heal this Tree
    REVEAL,  # reveal the Ally on this Tree
    BOTTOM_SLOT,  # put this Future card on the bottom of the deck
    TAKE_SLOT,  # take this Future Ally into hand (Huldre's power)
    DISCARD_SLOT,  # discard this Future Adversary (Revenge)
    DONE,  # stop (Gambit, Huldre's power)
    ERIK_BACK,  # move Gamle Erik k times counter-clockwise (Trold's power)
    RECYCLE,  # an Ally type from the discard pile to the bottom (Nisse's power)
    TOP,  # an Ally revealed by Involve to the top of the deck
    BOTTOM_CARD,  # a card revealed by Involve to the bottom of the deck
    DISCARD_CARD,  # discard an Ally type from hand (hand limit)
    REFUGE,  # Wrath reward: Refuge (then Vogter's destination)
    REVENGE,  # Wrath reward: Revenge
    RESTORATION,  # Wrath reward: Restoration
    RECOVER,  # Acorns: insert the recovered Tree clockwise after this Tree
    PLACE_ON,  # Position: the Tree the Ally goes on
    VOGTER_TO,  # Refuge: Vogter's destination (his own Tree: he stays)
) = range(32)

KIND_NAMES = (
    "draw",
    "lygtemand",
    "hostage",
    "acorn",
    "call",
    "call risky",
    "gambit",
    "position",
    "mission",
    "wrath",
    "rally",
    "rally ?",
    "involve",
    "rescue",
    "damage",
    "heal",
    "reveal",
    "bottom",
    "take",
    "discard",
    "done",
    "erik back",
    "recycle",
    "top",
    "bottom",
    "discard",
    "refuge",
    "revenge",
    "restoration",
    "recover after",
    "on",
    "vogter to",
)

TABLE = ActionTable()
_add = TABLE.add
KIND, ARG1, ARG2 = TABLE.kind, TABLE.arg1, TABLE.arg2


TREES = range(len(TREE_NAMES))
SLOTS = range(FUTURE_SIZE)
TYPES = range(len(ALLY_TYPES))

DRAW_ID = [_add(DRAW, t, 0, f"draw {name}") for t, name in enumerate(CARD_NAMES)]
LYGTEMAND_ID = [_add(LYGTEMAND, k, 0, f"lygtemand {name}") for k, name in enumerate(LYGTEMANDS)]
HOSTAGE_ID = [_add(HOSTAGE_X2, t, 0, f"hostage x2 {ALLY_TYPES[t]}") for t in TYPES]
ACORN_ID = [_add(ACORN, k, 0, f"acorn {name}") for k, name in enumerate(ACORN_KINDS)]
CALL_ID = [_add(CALL, s, 0, f"call f{s + 1}") for s in SLOTS]
CALL_RISKY_ID = [_add(CALL_RISKY, s, 0, f"call f{s + 1} risky") for s in SLOTS]
GAMBIT_ID = _add(GAMBIT, 0, 0, "gambit")
POSITION_ID = [_add(POSITION, t, 0, f"position {ALLY_TYPES[t]}") for t in TYPES]
MISSION_ID = [_add(MISSION, t, 0, f"mission {ALLY_TYPES[t]}") for t in TYPES]
WRATH_ID = [_add(WRATH, m, 0, f"wrath {name}") for m, name in enumerate(MINION_NAMES)]
RALLY_ID = [_add(RALLY, t, 0, f"rally {ALLY_TYPES[t]}") for t in TYPES]
RALLY_ANY_ID = [_add(RALLY_ANY, t, 0, f"rally ? {ALLY_TYPES[t]}") for t in TYPES]
INVOLVE_ID = [_add(INVOLVE, k, 0, f"involve {k}") for k in (1, 2)]
RESCUE_ID = [_add(RESCUE, t, 0, f"rescue {ALLY_TYPES[t]}") for t in TYPES]
DAMAGE_ID = [_add(DAMAGE, x, 0, f"damage {TREE_NAMES[x]}") for x in TREES]
HEAL_ID = [_add(HEAL, x, 0, f"heal {TREE_NAMES[x]}") for x in TREES]
REVEAL_ID = [_add(REVEAL, x, 0, f"reveal {TREE_NAMES[x]}") for x in TREES]
BOTTOM_SLOT_ID = [_add(BOTTOM_SLOT, s, 0, f"bottom f{s + 1}") for s in SLOTS]
TAKE_SLOT_ID = [_add(TAKE_SLOT, s, 0, f"take f{s + 1}") for s in SLOTS]
DISCARD_SLOT_ID = [_add(DISCARD_SLOT, s, 0, f"discard f{s + 1}") for s in SLOTS]
DONE_ID = _add(DONE, 0, 0, "done")
ERIK_BACK_ID = [_add(ERIK_BACK, k, 0, f"erik back {k}") for k in range(4)]
RECYCLE_ID = [_add(RECYCLE, t, 0, f"recycle {ALLY_TYPES[t]}") for t in TYPES]
TOP_ID = [_add(TOP, t, 0, f"top {ALLY_TYPES[t]}") for t in TYPES]
BOTTOM_CARD_ID = [_add(BOTTOM_CARD, t, 0, f"bottom {name}") for t, name in enumerate(CARD_NAMES)]
DISCARD_CARD_ID = [_add(DISCARD_CARD, t, 0, f"discard {ALLY_TYPES[t]}") for t in TYPES]
REFUGE_ID = _add(REFUGE, 0, 0, "refuge")
REVENGE_ID = _add(REVENGE, 0, 0, "revenge")
RESTORATION_ID = _add(RESTORATION, 0, 0, "restoration")
RECOVER_ID = [_add(RECOVER, x, 0, f"recover after {TREE_NAMES[x]}") for x in TREES]
PLACE_ON_ID = [_add(PLACE_ON, x, 0, f"on {TREE_NAMES[x]}") for x in TREES]
VOGTER_TO_ID = [_add(VOGTER_TO, x, 0, f"vogter to {TREE_NAMES[x]}") for x in TREES]

ACTION_STRINGS: tuple[str, ...] = TABLE.freeze()
NUM_ACTIONS = len(ACTION_STRINGS)
assert list(range(len(CARD_NAMES))) == DRAW_ID  # a draw's action id is the card type

# The parts clients read (``State.action_parts``), each kind named as in ``KIND_NAMES``: Trees
# by letter, Future slots ``f1``-``f3``, cards, Allies and Minions by name.
_tree = first(TREE_NAMES)
_slot = first(lambda s: f"f{s + 1}")
_ally = first(ALLY_TYPES)
_ARGS: dict[int, dict[str, Reader]] = {
    DRAW: {"card": first(CARD_NAMES)},
    LYGTEMAND: {"lygtemand": first(LYGTEMANDS)},
    HOSTAGE_X2: {"ally": _ally},
    ACORN: {"acorn": first(ACORN_KINDS)},
    CALL: {"slot": _slot},
    CALL_RISKY: {"slot": _slot},
    POSITION: {"ally": _ally},
    MISSION: {"ally": _ally},
    WRATH: {"minion": first(MINION_NAMES)},
    RALLY: {"ally": _ally},
    RALLY_ANY: {"ally": _ally},
    INVOLVE: {"lygtemands": first()},
    RESCUE: {"ally": _ally},
    DAMAGE: {"tree": _tree},
    HEAL: {"tree": _tree},
    REVEAL: {"tree": _tree},
    BOTTOM_SLOT: {"slot": _slot},
    TAKE_SLOT: {"slot": _slot},
    DISCARD_SLOT: {"slot": _slot},
    ERIK_BACK: {"steps": first()},
    RECYCLE: {"ally": _ally},
    TOP: {"ally": _ally},
    BOTTOM_CARD: {"card": first(CARD_NAMES)},
    DISCARD_CARD: {"ally": _ally},
    RECOVER: {"tree": _tree},
    PLACE_ON: {"tree": _tree},
    VOGTER_TO: {"tree": _tree},
}
for _kind, _name in enumerate(KIND_NAMES):
    TABLE.declare(_kind, _name, **_ARGS.get(_kind, {}))

# The words players read (``State.action_words``): Future slots by number from the left. Names
# (of cards, Minions) are marked where they are written (``data``), and ``ActionTable.words``
# translates each word a reader gives; a count is worded by its reader, in the language spoken
# (``words`` finds no entry for what is already translated and leaves it as it is).
_n = first(plus=1)

_A_CARD: tuple[str, ...] = (
    N_("an Ellefolk"),
    N_("a Formskifter"),
    N_("a Huldre"),
    N_("a Nisse"),
    N_("a Trold"),
    N_("a Gamle Erik card"),
)
"""Each card with its article, by card code (``CARD_NAMES``)."""
assert len(_A_CARD) == len(CARD_NAMES)


def _erik_back(k: int) -> str:
    if not k:
        return _("leave Gamle Erik where he is")
    return ngettext(
        "move Gamle Erik {k} Tree counter-clockwise",
        "move Gamle Erik {k} Trees counter-clockwise",
        k,
    ).format(k=k)


def _rallied(k: int) -> str:
    return ngettext("{k} Rallied Lygtemand", "{k} Rallied Lygtemands", k).format(k=k)


_card = first(_A_CARD)
_an_ally = {"an_ally": first(_A_CARD)}
_WORDS: dict[int, tuple[str, dict[str, Reader]]] = {
    DRAW: (N_("the card drawn is {drawn}"), {"drawn": _card}),
    LYGTEMAND: (N_("the {lygtemand} Lygtemand goes on the next Minion"), {}),
    HOSTAGE_X2: (N_("the x2 Hostage token goes to the {ally}"), {}),
    ACORN: (N_("Acorn {acorn} goes on the next Minion"), {}),
    CALL: (N_("call the card in Future slot {n}, paying its cost"), {"n": _n}),
    CALL_RISKY: (N_("call the card in Future slot {n}, risking a draw"), {"n": _n}),
    GAMBIT: (N_("Vogter's Gambit: damage a Tree, then put Future cards under the deck"), {}),
    POSITION: (N_("position {an_ally} from your hand in the Forest"), _an_ally),
    MISSION: (N_("discard {an_ally} for its mission power"), _an_ally),
    WRATH: (N_("Vogter's Wrath on {minion}"), {}),
    RALLY: (N_("rally the {ally} Lygtemand with {an_ally} from your hand"), _an_ally),
    RALLY_ANY: (N_("rally the ? Lygtemand with {an_ally} from your hand"), _an_ally),
    INVOLVE: (
        N_("involve: remove {removed}"),
        {"removed": first(_rallied)},
    ),
    RESCUE: (N_("Vogter's Rescue of the {ally} Hostage"), {}),
    DAMAGE: (N_("damage Tree {tree}"), {}),
    HEAL: (N_("heal Tree {tree}"), {}),
    REVEAL: (N_("reveal the Ally on Tree {tree}"), {}),
    BOTTOM_SLOT: (N_("put the card in Future slot {n} on the bottom of the deck"), {"n": _n}),
    TAKE_SLOT: (N_("take the Ally in Future slot {n} into your hand"), {"n": _n}),
    DISCARD_SLOT: (N_("discard the Adversary in Future slot {n}"), {"n": _n}),
    DONE: (N_("done: stop here"), {}),
    ERIK_BACK: (
        "{steps}",
        {"steps": first(_erik_back)},
    ),
    RECYCLE: (N_("put {an_ally} from the discard pile on the bottom of the deck"), _an_ally),
    TOP: (N_("put the revealed {ally} on top of the deck"), {}),
    BOTTOM_CARD: (
        N_("put the revealed card ({placed}) on the bottom of the deck"),
        {"placed": _card},
    ),
    DISCARD_CARD: (N_("discard {an_ally} from your hand"), _an_ally),
    REFUGE: (N_("reward: Refuge (Vogter moves through the Allies' Trees)"), {}),
    REVENGE: (N_("reward: Revenge (discard an Adversary from the Future)"), {}),
    RESTORATION: (N_("reward: Restoration (heal a Tree)"), {}),
    RECOVER: (N_("put the recovered Tree after Tree {tree}"), {}),
    PLACE_ON: (N_("place the Ally on Tree {tree}"), {}),
    VOGTER_TO: (N_("Vogter goes to Tree {tree}"), {}),
}
for _kind, (_template, _readers) in _WORDS.items():
    TABLE.word(_kind, _template, **_readers)
