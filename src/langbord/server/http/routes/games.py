"""The games: what can be played (with each game's options and bot levels) and their rules;
and the languages the page speaks, each with its catalog."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from langbord.core.i18n import LANGUAGES, NAMES, UnknownLanguage, page_catalog
from langbord.server.errors import NotFound
from langbord.server.http.deps import GamesDep, ServiceDep
from langbord.server.http.middleware import StrictRoute
from langbord.server.http.schemas import GameName, Rules
from langbord.server.http.statuses import ERRORS

router = APIRouter(route_class=StrictRoute)


@router.get("/api/games")
async def list_games(games: GamesDep) -> dict[str, Any]:
    """Every game with its options and its bot levels (each with its spec, its calibrated
    strength and its think time a decision), and the seat kinds (human or an agent spec):
    a seat of a new table takes ``human``, a level's name or a spec."""
    return games


@router.get("/api/games/{game}/rules", responses={404: ERRORS[404]})
async def rules(game: GameName, service: ServiceDep) -> Rules:
    """The game's rules panel: its card, the card's notation lines and its rulings."""
    return Rules(**service.rules(game))


@router.get("/api/locale", tags=["languages"])
async def languages() -> dict[str, Any]:
    """The languages langbord speaks, each by its name in itself."""
    return {"languages": [{"code": code, "name": NAMES[code]} for code in LANGUAGES]}


@router.get("/api/locale/{lang}", responses={404: ERRORS[404]}, tags=["languages"])
async def locale(lang: str) -> dict[str, Any]:
    """The browser page's catalog in ``lang``: ``messages`` maps each English string to its
    translation (a list of plural forms for a plural), ``language`` names it."""
    try:
        return page_catalog(lang)
    except UnknownLanguage as exc:
        raise NotFound(str(exc)) from None
