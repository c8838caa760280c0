"""The shapes of the API's requests and answers (pydantic): what FastAPI checks a body against
and what the OpenAPI document shows. Path parameters are bounded here too, so an id the
database could never hold is refused before any route runs."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from langbord.core.i18n import _
from langbord.server.inputs import Name
from langbord.server.store.schema import CHAT_LENGTH

TableId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", max_length=32)]
TableIdText = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$", max_length=32)]
GameName = Annotated[str, Path(pattern=r"^[a-z0-9_]{1,32}$", max_length=32)]
TutorialId = Annotated[str, Path(pattern=r"^[A-Za-z0-9_.-]{1,64}$", max_length=64)]
StepNumber = Annotated[int, Path(ge=0, le=10_000)]


# ---- request bodies -----------------------------------------------------------------------------


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=32)
    options: dict[
        Annotated[str, Field(max_length=32)], Annotated[str, Field(max_length=64)] | int | bool
    ] = Field(default_factory=dict, max_length=16)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(min_length=1, max_length=8)
    hints: StrictBool | None = Field(
        default=None, description="the seat to move may ask for a hint (default: a bot is seated)"
    )
    hotseat: StrictBool = Field(
        default=False, description="one client plays every human seat: it gets all their tokens"
    )
    names: list[Name | None] | None = Field(
        default=None, max_length=8, description="hotseat: a name per seat (null for a bot's)"
    )


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name | None = Field(default=None, description="needed unless claiming a rematch seat")
    seat: int | None = Field(default=None, ge=0, le=16)
    rematch_of: TableIdText | None = Field(
        default=None,
        description="claim your seat at this rematch of table rematch_of, with your token there",
    )


class Chat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(
        max_length=4 * CHAT_LENGTH,
        description="1-300 characters, some visible, blank runs kept as one space",
    )


class UndoAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    accept: StrictBool


class Act(BaseModel):
    """A move: the action's text (``"take d2"``) or its id (a ``legal`` entry's ``id``)."""

    model_config = ConfigDict(extra="forbid")
    action: (
        Annotated[str, Field(min_length=1, max_length=200)]
        | Annotated[StrictInt, Field(ge=0, le=1_000_000)]
    )
    move: int = Field(ge=0, le=1_000_000)


ArgValue = (
    Annotated[StrictInt, Field(ge=-1_000_000, le=1_000_000)] | Annotated[str, Field(max_length=64)]
)


class PartsOf(BaseModel):
    """An action named by its parts, as a ``legal`` entry or a board place gives them."""

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(min_length=1, max_length=64)
    args: dict[Annotated[str, Field(min_length=1, max_length=32)], ArgValue] = Field(
        default_factory=dict, max_length=8
    )


class WhyNot(BaseModel):
    legal: bool
    action: str | None = Field(description="the action's text; null if no action has the parts")
    words: str | None = Field(description="the action in a player's words; null if none")
    reason: str = Field(description='"" when legal, else why not, in words (the engine\'s refusal)')
    rulings: list[dict[str, Any]] = Field(
        description="the rulings the reason rests on, each {id, text} in a player's words"
    )
    rule: str = Field(description="the notation line of the action's kind (may be empty)")


class Attempt(BaseModel):
    """A move tried at a tutorial's step: its id (``action``), or its ``kind`` and ``args``."""

    model_config = ConfigDict(extra="forbid")
    action: Annotated[StrictInt, Field(ge=0, le=1_000_000)] | None = None
    kind: str | None = Field(default=None, min_length=1, max_length=64)
    args: dict[Annotated[str, Field(min_length=1, max_length=32)], ArgValue] | None = Field(
        default=None, max_length=8
    )

    @model_validator(mode="after")
    def one_form(self) -> Attempt:
        if (self.action is None) == (self.kind is None):
            raise ValueError(_('name the move by "action" (its id) or by "kind" and "args"'))
        if self.action is not None and self.args is not None:
            raise ValueError(_('"args" go with "kind", not with "action"'))
        return self


class Tried(BaseModel):
    ok: bool
    message: str = Field(description="the step's effect, or why not that move")
    next: dict[str, Any] | None = Field(description="the table after the right move; else null")


class TutorialListed(BaseModel):
    id: str
    game: str
    title: str
    summary: str
    players: int
    steps: int


class AnalysisAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seconds: Annotated[float, Field(ge=0.05, le=2.0, strict=True, allow_inf_nan=False)] | None = (
        Field(default=None, description="the search per decision (default: the server's)")
    )


class AnalysisProgress(BaseModel):
    status: str = Field(description="queued, running, done or failed")
    done: int = Field(description="decisions judged")
    total: int = Field(description="decisions to judge")


class AnalysisSeen(AnalysisProgress):
    status: str = Field(description="none (never asked for), queued, running, done or failed")
    seconds: float | None = Field(description="the search per decision")
    error: str | None = Field(description="why it failed; null unless it did")
    analysis: dict[str, Any] | None = Field(
        description="once done: game, agent, seconds, seats, thresholds, decisions, summary"
    )


class Created(BaseModel):
    id: str
    tokens: dict[int, str] | None = Field(
        default=None, description="hotseat: the token of every human seat"
    )


class UndoRequest(BaseModel):
    by: int
    moves: int
    waiting_for: list[int]


class Undone(BaseModel):
    """An undo's outcome: the moves taken back (0 while it waits), and the request waiting."""

    undone: int
    request: UndoRequest | None


class Hint(BaseModel):
    action: dict[str, Any] = Field(description="a legal action: id, text, kind, args, words")
    win_chance: float
    agent: str
    seconds: float


class ChatMessage(BaseModel):
    n: int
    seat: int
    name: str
    text: str
    at: str


class Rematch(BaseModel):
    id: str


class Rules(BaseModel):
    game: str
    title: str
    guide: dict[str, Any] | None
    card: str
    notation: list[str]
    rulings: list[dict[str, Any]]


class Joined(BaseModel):
    seat: int
    token: str


class Accepted(BaseModel):
    move: int


# ---- the table's JSON, for the API's documentation (the answers are built as plain dicts) ------


class LegalAction(BaseModel):
    """A legal action of the seat to move: its id, its text, and its parts (what a client reads
    instead of parsing the text: ``{"kind": "take", "args": {"slot": "d2"}}``)."""

    id: int
    text: str
    kind: str
    args: dict[str, int | str]
    words: str = Field(description="the action in a player's words")


class LoggedAction(BaseModel):
    """A log entry as the seat is told of it; ``kind`` and ``args`` only where the telling is
    the action itself (never for a chance outcome it hides, such as another seat's draw)."""

    move: int
    player: int | None
    action: str
    kind: str | None = None
    args: dict[str, int | str] | None = None


class TableSeen(BaseModel):
    """The table as a seat (or a spectator) sees it."""

    id: str
    game: str
    options: dict[str, Any]
    status: str = Field(description="open, playing, over or abandoned")
    move: int = Field(description="the move number a move must name")
    you: int | None
    to_move: int | None
    players: list[dict[str, Any]]
    view: dict[str, Any] = Field(description="the game's view for this seat")
    text: str = Field(description="the table as text, as this seat sees it")
    legal: list[LegalAction] = Field(description="empty unless it is this seat's decision")
    prompt: str | None = Field(description="what this seat decides; null if not its turn")
    result: dict[str, Any] | None = Field(
        description="at the end: scores, returns, winners, ranking, reason, breakdown"
    )
    hints: bool
    hotseat: bool
    undo: dict[str, Any] = Field(description="{available, request: {by, moves, waiting_for}}")
    undone: int = Field(description="undos so far: when it changes, the log is sent whole")
    chat: list[ChatMessage] = Field(description="the latest 100 messages")
    rematch: str | None
    rematch_of: str | None
    log_start: int
    log: list[LoggedAction]


MoveNumber = Annotated[int, Path(ge=0, le=1_000_000)]
"""A move number in a path: the table after its first ``number`` moves."""
