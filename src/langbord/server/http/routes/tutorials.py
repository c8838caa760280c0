"""The tutorials: their list, each step's position and text, and moves tried at a step
(:mod:`langbord.server.learn`). Nothing a learner does is kept."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from langbord.server.http.deps import LessonsDep, limited, run
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import (
    Attempt,
    PartsOf,
    StepNumber,
    Tried,
    TutorialId,
    TutorialListed,
    WhyNot,
)
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)


@router.get("/api/tutorials")
async def list_tutorials(lessons: LessonsDep) -> list[TutorialListed]:
    """Every tutorial: its id, game, title, summary, players and number of steps."""
    return [TutorialListed(**t) for t in lessons.listed()]


@router.get("/api/tutorials/{tutorial_id}/steps/{k}", responses={404: ERRORS[404]})
async def tutorial_step(
    tutorial_id: TutorialId, k: StepNumber, lessons: LessonsDep
) -> dict[str, Any]:
    """Step ``k`` (0-based) of the tutorial: its position as ``GET /api/tables/{id}`` gives
    a table to the learner's seat, and ``tutorial``: id, title, step, steps, step_title,
    text, rule (a ruling id or ""), rule_text, hint, highlight ([{kind?, args, label}]) and
    expect (the legal action the step asks for)."""
    result: dict[str, Any] = await run(lessons.step, tutorial_id, k)
    return result


@router.post(
    "/api/tutorials/{tutorial_id}/steps/{k}/try",
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def tutorial_try(
    tutorial_id: TutorialId, k: StepNumber, body: Attempt, lessons: LessonsDep
) -> Tried:
    """A move tried at step ``k``: ``ok`` with the step's effect and ``next``, the table
    after it; or not, with a reason that teaches. Nothing is kept."""
    args = dict(body.args) if body.args is not None else None
    return Tried(**await run(lessons.attempt, tutorial_id, k, body.action, body.kind, args))


@router.post(
    "/api/tutorials/{tutorial_id}/steps/{k}/why",
    responses=ERRORS,
    dependencies=[limited("move")],
)
async def tutorial_why(
    tutorial_id: TutorialId, k: StepNumber, body: PartsOf, lessons: LessonsDep
) -> WhyNot:
    """ "Why not?" at step ``k``, for the learner's seat: the same answer as at a table."""
    return WhyNot(**await run(lessons.why, tutorial_id, k, body.kind, dict(body.args)))
