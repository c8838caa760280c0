"""The shapes of the server's JSON: the table a seat sees (its envelope around the game's own
view), the replay's steps and the record, the catalogue, the tutorials, the answers to a hint, a
"why not?", an undo, a chat message and an analysis, as ``TypedDict`` classes.

They are the API's contract with its clients. The JSON Schema ``table.schema.json`` beside this
module and the browser's types (``web/static/contracts/table.js``) are generated from them
(``python tools/contracts.py``); ``tests/server/test_table_contract.py`` checks real answers of
every route against the schema. The per-game ``view`` is the union of the four games' declared
views (``engines/GAME/views.py``), which say what each seat is told of a game.

Conventions: a member that is always sent is required, even when its value may be null (``X |
None``); ``NotRequired`` only where the key itself may be absent. Numbers a game scores with may
be fractional (``float``); counts, seats and move numbers are integers. Seats are numbered from
0; a seat of ``None`` is a spectator, a player of ``None`` in the log is chance."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from langbord.engines.knarr.views import KnarrView
from langbord.engines.skaal.views import SkaalView
from langbord.engines.skibe.views import SkibeView
from langbord.engines.skoventyr.views import SkoventyrView

View = KnarrView | SkaalView | SkibeView | SkoventyrView
"""What a seat is told of the game itself, as the game declares it (its ``game`` member names
which)."""
OptionValue = bool | float | str
"""A game option's value (``players``: 3, ``skali``: true, ``boat``: "random")."""
Scalar = int | str
"""An argument of an action's parts (a slot "d2", a ship 2)."""
Status = Literal["open", "playing", "over", "abandoned"]
"""A table's status: waiting for players to join, being played, finished, or closed after
nobody moved for the server's ``abandon_days``."""
Mark = Literal["inaccuracy", "mistake", "blunder"]
"""How bad a judged decision was, by what it lost of the mover's chance of winning."""


# ---- the table --------------------------------------------------------------------------------


class Player(TypedDict):
    """One seat of a table: a person's (``kind`` "human") or a bot's, whose ``bot`` and ``name``
    are its spec. ``name`` is null for a human seat nobody has taken; ``joined`` is true once
    someone has (always, for a bot). ``seat_name`` is the game's name for the seat (a colour, a
    clan), given where the table is shown (not in the lobby or a record's ``meta``)."""

    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None
    joined: bool
    seat_name: NotRequired[str]


class LegalAction(TypedDict):
    """A legal action of the seat to move: its ``id`` (what a move may send), its notation
    ``text``, its parts (``kind`` and ``args``, what a board matches its places against instead
    of parsing the text) and the action in a player's ``words``."""

    id: int
    text: str
    kind: str
    args: dict[str, Scalar]
    words: str


class LogEntry(TypedDict):
    """Move number ``move`` of the table's log, as the seat is told of it: ``player`` null for
    chance, ``action`` in notation and ``words`` in a player's words (what a page shows). ``kind``
    and ``args`` are there only where the telling is the action itself, never where it hides a
    secret (a card drawn into another seat's hand)."""

    move: int
    player: int | None
    action: str
    words: str
    kind: NotRequired[str]
    args: NotRequired[dict[str, Scalar]]


class RankingRow(TypedDict):
    """A seat's place in a finished game, best first; a tie shares its place (1, 1, 3) and is
    ``tied``. ``name`` is its player's name or its bot's spec."""

    place: int
    seat: int
    name: str
    seat_name: str
    score: float
    tied: bool


class Breakdown(TypedDict):
    """How the final scores were made: a label per row, and per row a value for each seat."""

    rows: list[str]
    values: list[list[float]]


class Result(TypedDict):
    """A finished game's result: each seat's score and return (the game's payoff), the seats
    that won (none where nobody did: a cooperative defeat), the ranking, why it ended and the
    score's breakdown, in words; ``rulings`` are the rulings behind them, with their words."""

    scores: list[float]
    returns: list[float]
    winners: list[int]
    ranking: list[RankingRow]
    reason: str
    rulings: list[Ruling]
    breakdown: Breakdown


class UndoRequest(TypedDict):
    """An undo seat ``by`` asked for, of its last ``moves`` decisions, waiting for the other
    human seats' yes: those in ``waiting_for`` have not answered."""

    by: int
    moves: int
    waiting_for: list[int]


class Undo(TypedDict):
    """Whether this seat may undo now (its own last decisions, none since by chance or another
    seat), and the undo request waiting for answers, if any."""

    available: bool
    request: UndoRequest | None


class ChatMessage(TypedDict):
    """Message number ``n`` of the table's chat, from ``seat`` under its player's ``name``,
    written at ``at`` (an ISO 8601 time with its UTC offset)."""

    n: int
    seat: int
    name: str
    text: str
    at: str


class Table(TypedDict):
    """The table as a seat sees it (``you``; null: a spectator), from ``GET /api/tables/ID``
    and pushed over its WebSocket. ``move`` is the number a move must name; ``to_move`` null
    when nobody decides (chance, the end). ``view`` and ``text`` are the game as this seat may
    see it; ``legal`` and ``prompt`` are empty and null unless it is this seat's decision
    (``prompt`` in words, quoting no notation: ``State.prompt(seat, notation=False)``).
    ``undone`` counts the table's undos (when it changes, the log is sent whole again);
    ``chat`` holds the latest 100 messages; ``rematch`` is the table that follows this
    finished one, ``rematch_of`` the one this follows. ``log`` holds the entries from
    ``log_start`` on (a WebSocket sends each entry once)."""

    id: str
    game: str
    options: dict[str, OptionValue]
    status: Status
    move: int
    you: int | None
    to_move: int | None
    players: list[Player]
    view: View
    text: str
    legal: list[LegalAction]
    prompt: str | None
    result: Result | None
    hints: bool
    hotseat: bool
    undo: Undo
    undone: int
    chat: list[ChatMessage]
    rematch: str | None
    rematch_of: str | None
    log_start: int
    log: list[LogEntry]


class Step(TypedDict):
    """The table after its first ``step`` of ``steps`` moves (``GET /api/tables/ID/steps/N``):
    once the game is over, the referee's view and text and the whole log, every action as
    itself (the replay viewer); while it is played, as the asking seat saw it then, with the log
    as it was told then."""

    id: str
    game: str
    step: int
    steps: int
    players: list[Player]
    to_move: int | None
    view: View
    text: str
    log: list[LogEntry]


# ---- records --------------------------------------------------------------------------------


class RecordMeta(TypedDict):
    """What a table's record says of the table: its id and its seats."""

    table: str
    players: list[Player]


class RecordResult(TypedDict):
    """A finished record's result: each seat's score and return."""

    terminal: bool
    scores: list[float]
    returns: list[float]


class GameRecord(TypedDict):
    """A finished game's record (``GET /api/tables/ID/record``): every action in notation, in
    order, which replays the game exactly under its rules ``version``."""

    format: Literal["langbord-record"]
    format_version: int
    game: str
    version: int
    options: dict[str, OptionValue]
    actions: list[str]
    result: RecordResult
    meta: RecordMeta


class PartialRecord(TypedDict):
    """The public part of a game's record while it is played: the actions as a spectator is
    told of them."""

    format: Literal["langbord-record"]
    game: str
    version: int
    options: dict[str, OptionValue]
    partial: Literal[True]
    public_actions: list[str]
    result: None
    meta: RecordMeta


# ---- the catalogue and the lobby ------------------------------------------------------------


class Ruling(TypedDict):
    """A ruling a game implements: its id ("SK-3") and its words."""

    id: str
    text: str


class GameOption(TypedDict):
    """An option a new table of the game may set: its default, its allowed values in words,
    its choices (null: any value of its type within ``minimum`` and ``maximum``) and its
    help. For players: ``label`` names it, ``choice_labels`` names each of ``choices`` in
    order, and ``rulings`` are the rulings behind it (a page shows their words on request)."""

    name: str
    default: OptionValue
    allowed: str
    choices: list[OptionValue] | None
    minimum: int | None
    maximum: int | None
    help: str
    label: str
    choice_labels: list[str] | None
    rulings: list[Ruling]


class Level(TypedDict):
    """A bot level the server seats at the game, weakest first: its ``name`` ("beginner" …
    "best", what a seat may name), its ``label`` and what it is like (``description``, the
    same at every game) in the player's language, the agent ``spec`` it stands for, its
    calibrated strength
    (``measure`` "rating": an Elo-scale rating with random play at 0, or "win rate": a solo win
    rate in percent; null where not measured) with its interval, its measured ``seconds`` a
    decision and the most a decision may take here."""

    name: str
    label: str
    description: str
    spec: str
    measure: Literal["rating", "win rate"]
    rating: float | None
    interval: list[float] | None
    seconds: float | None
    max_seconds: float


class GameInfo(TypedDict):
    """A game as the lobby offers it: its title and tagline, its player range, a name for every
    seat it can have, whether it is cooperative or has private information, its best agent, the
    seat kinds this server accepts at it (``human`` and bot specs), its bot levels, the one a new
    player meets first (``first_level``: what "Play now" seats and a bot seat offers first) and
    its options."""

    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    seat_names: list[str]
    cooperative: bool
    private_information: bool
    best_agent: str
    agents: list[str]
    levels: list[Level]
    first_level: str
    options: list[GameOption]


class Catalogue(TypedDict):
    """Every game (``GET /api/games``), and the seat kinds every game accepts."""

    games: list[GameInfo]
    agents: list[str]


class GuidePicture(TypedDict):
    """A board on a rules page: the position of step ``step`` (0-based) of tutorial
    ``tutorial`` (``GET /api/tutorials/TUTORIAL/steps/STEP``), with its caption."""

    tutorial: str
    step: int
    caption: str


class GuideSection(TypedDict):
    """A part of a rules page: ``kind`` is goal, setup, turn, scoring, end or module."""

    kind: str
    heading: str
    paragraphs: list[str]
    picture: GuidePicture | None


class Clarification(TypedDict):
    """A ruling in a player's words; ``ruling`` is its id, for those who look it up."""

    ruling: str
    text: str


class Guide(TypedDict):
    """A game's rules page for players, in the language asked for."""

    summary: str
    sections: list[GuideSection]
    clarifications: list[Clarification]


class Rules(TypedDict):
    """A game's rules (``GET /api/games/GAME/rules``): the players' page (``guide``, null for a
    game without one), and for developers its card, the card's notation lines and the rulings
    it implements."""

    game: str
    title: str
    guide: Guide | None
    card: str
    notation: list[str]
    rulings: list[Ruling]


class Listed(TypedDict):
    """A table as the lobby lists it: ``created`` is an ISO 8601 time; ``winners`` the seats
    that won once it is over, else null."""

    id: str
    game: str
    title: str
    options: dict[str, OptionValue]
    status: Status
    created: str
    players: list[Player]
    winners: list[int] | None


class Lobby(TypedDict):
    """The lobby (``GET /api/tables``): tables people sat down at, open ones first, then those
    being played; and the latest to have ended."""

    tables: list[Listed]
    finished: list[Listed]


# ---- answers to a seat's requests -----------------------------------------------------------


class Created(TypedDict):
    """A new table's id (``POST /api/tables``); at a hotseat table, the token of every human
    seat, by seat number."""

    id: str
    tokens: dict[str, str] | None


class Joined(TypedDict):
    """The seat taken (``POST /api/tables/ID/join``) and its token, the only key to it."""

    seat: int
    token: str


class Accepted(TypedDict):
    """A move committed (``POST /api/tables/ID/actions``): the table's move number after it and
    the chance that followed."""

    move: int


class Undone(TypedDict):
    """An undo's outcome (``POST /api/tables/ID/undo`` and ``…/undo/answer``): the moves taken
    back (0 while it waits for answers), and the request still waiting."""

    undone: int
    request: UndoRequest | None


class Rematch(TypedDict):
    """The table that follows a finished one (``POST /api/tables/ID/rematch``)."""

    id: str


class Hint(TypedDict):
    """The best agent's choice for the asking seat's decision (``GET /api/tables/ID/hint``), as
    the legal actions show it, with its estimated chance of winning (0 to 1), the agent and the
    seconds it searched."""

    action: LegalAction
    win_chance: float
    agent: str
    seconds: float


class WhyAnswer(TypedDict):
    """Whether the action of the parts asked about may be played now (``POST
    /api/tables/ID/why``, and at a tutorial's step): ``action`` is its text (null if no action
    has these parts) and ``words`` the same in a player's words; ``reason`` why not ("" when
    legal), in words (no notation, no ruling id); ``rulings`` the rulings the reason rests on,
    each in a player's words; ``rule`` the notation line of its kind (may be ""), for those who
    show the notation."""

    legal: bool
    action: str | None
    words: str | None
    reason: str
    rulings: list[Ruling]
    rule: str


# ---- tutorials ------------------------------------------------------------------------------


class TutorialInfo(TypedDict):
    """A tutorial as the lobby lists it (``GET /api/tutorials``): its id, game, title, summary,
    players and its number of steps."""

    id: str
    game: str
    title: str
    summary: str
    players: int
    steps: int


class Highlight(TypedDict):
    """A place of the board a lesson points at, matched by the board against the action parts
    it offers there (``kind`` absent: any kind with these ``args``), with its label."""

    kind: NotRequired[str]
    args: dict[str, Scalar]
    label: str


class Lesson(TypedDict):
    """What step ``step`` (from 0) of a tutorial of ``steps`` says: its title and text, the
    ruling it teaches (an id or "") and that ruling's words ("" without), a hint, the places it
    points at, and the move it asks for (``expect``)."""

    id: str
    title: str
    step: int
    steps: int
    step_title: str
    text: str
    rule: str
    rule_text: str
    hint: str
    highlight: list[Highlight]
    expect: LegalAction


class TutorialStep(Table):
    """A tutorial's step (``GET /api/tutorials/TID/steps/K``): its position as a table the
    learner's seat sees, and the lesson."""

    tutorial: Lesson


class Attempt(TypedDict):
    """The answer to a move tried at a tutorial's step (``POST …/steps/K/try``): ``ok`` if it
    is the move the step asks for; ``message`` the step's effect, or why not (a teaching
    sentence); ``next`` the table after the move (null when refused). Nothing is kept."""

    ok: bool
    message: str
    next: Table | None


# ---- analyses -------------------------------------------------------------------------------


class Decision(TypedDict):
    """One decision of a finished game, judged: ``move`` is its index in the game's history
    (the replay's step before it), ``seat`` who decided; the move ``played`` and the ``best``
    the analysis found, in notation and in words (the best move's parts too); each seat's
    chance of winning (0 to 1) before it, the mover's chance after the move played and after
    the best one, the ``loss`` between them and its mark; the simulations run, and how many
    moves were ``legal`` (a decision of one is not judged)."""

    move: int
    seat: int
    played: str
    played_words: str
    best: str
    best_words: str
    best_kind: str
    best_args: dict[str, Scalar]
    chances: list[float]
    played_chance: float
    best_chance: float
    loss: float
    mark: Mark | None
    simulations: int
    legal: int


class Thresholds(TypedDict):
    """The loss of chance of winning (0 to 1) from which a decision earns each mark."""

    inaccuracy: float
    mistake: float
    blunder: float


class SeatSummary(TypedDict):
    """One seat's decisions in an analysis: how many, how many were judged (two or more legal
    moves), the count of each mark and the mean loss over the judged ones."""

    name: str
    decisions: int
    judged: int
    inaccuracy: int
    mistake: int
    blunder: int
    mean_loss: float


class Analysis(TypedDict):
    """A finished game's analysis by ``agent``, searching ``seconds`` (or ``iterations``) per
    decision: the seats' names, the marks' thresholds, every decision judged in order, and a
    summary per seat (keyed by its number as text)."""

    game: str
    options: dict[str, OptionValue]
    agent: str
    seconds: NotRequired[float]
    iterations: NotRequired[int]
    seats: list[str]
    thresholds: Thresholds
    decisions: list[Decision]
    summary: dict[str, SeatSummary]


class AnalysisProgress(TypedDict):
    """An analysis asked for (``POST /api/tables/ID/analysis``): its status and the decisions
    judged of those to judge."""

    status: Literal["queued", "running", "done", "failed"]
    done: int
    total: int


class AnalysisStatus(TypedDict):
    """A table's analysis (``GET /api/tables/ID/analysis``): ``none`` if never asked for;
    ``seconds`` of search per decision; ``error`` why it failed; ``analysis`` once done (else
    null)."""

    status: Literal["none", "queued", "running", "done", "failed"]
    done: int
    total: int
    seconds: float | None
    error: str | None
    analysis: Analysis | None


SHAPES: tuple[type, ...] = (
    Table,
    Player,
    LegalAction,
    LogEntry,
    Result,
    RankingRow,
    Breakdown,
    Undo,
    UndoRequest,
    ChatMessage,
    Step,
    GameRecord,
    PartialRecord,
    Catalogue,
    GameInfo,
    GameOption,
    Level,
    Rules,
    Lobby,
    Listed,
    Created,
    Joined,
    Accepted,
    Undone,
    Rematch,
    Hint,
    WhyAnswer,
    TutorialInfo,
    TutorialStep,
    Lesson,
    Highlight,
    Attempt,
    AnalysisProgress,
    AnalysisStatus,
    Analysis,
    Decision,
)
"""Every shape the server sends, in the order the generated files list them."""
