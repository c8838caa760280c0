"""Game options: declared per game, validated at ``langbord.load(name, **options)``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from langbord.core.errors import OptionError
from langbord.core.i18n import _, pgettext

OptionValue = int | bool | str


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, and the values it allows.

    ``choices`` lists every allowed value; for integer ranges use ``minimum``/``maximum``.
    Values given as text (from the command line, ``--option players=4``) are converted.
    For players: ``label`` names the option ("Boat side"), ``help`` says what it does in words
    (no ruling ids: those are ``rulings``, the ids of the rulings behind it), and
    ``choice_labels`` names each of ``choices`` in order ("Mead Cup" for ``mead_cup``). The
    words for players are English, marked for the catalogs where a game declares them
    (``N_``): :meth:`described` and :meth:`choice_label` say them in the language spoken.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    choice_labels: tuple[str, ...] | None = None
    rulings: tuple[str, ...] = ()

    def described(self) -> str:
        """``help`` with its rulings' ids, for the terminal and the docs: "prospects before the
        mines close (SA-3)"."""
        said = _(self.help) if self.help else ""
        return f"{said} ({', '.join(self.rulings)})" if self.rulings else said

    def choice_label(self, value: OptionValue) -> str:
        """The players' name of a value of ``choices`` (the value itself without labels)."""
        if self.choices is not None and self.choice_labels is not None and value in self.choices:
            label = self.choice_labels[self.choices.index(value)]
            return _(label) if label else label
        return _show(value)

    def allowed(self) -> str:
        """A short description of the allowed values, for error messages and ``langbord rules``."""
        if self.choices is not None:
            return ", ".join(_show(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true, false"
        if isinstance(self.default, int):
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            if lo or hi:
                return _("integers {low}..{high}").format(low=lo, high=hi)
            return _("integers")
        return pgettext("an option's values", "text")

    def parse(self, game: str, value: object) -> OptionValue:
        """Check ``value`` (or convert it from text) and return it; raise :class:`OptionError`."""
        bad = OptionError(
            _("{game}: option {name}={value} is not allowed; allowed: {allowed}").format(
                game=game, name=self.name, value=repr(value), allowed=self.allowed()
            )
        )
        converted: OptionValue
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                converted = value
            elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                converted = value.strip().lower() in _TRUE
            else:
                raise bad
        elif isinstance(self.default, int):
            if isinstance(value, bool):
                raise bad
            if isinstance(value, int):
                converted = value
            elif isinstance(value, str):
                try:
                    converted = int(value.strip())
                except ValueError:
                    raise bad from None
            else:
                raise bad
            if self.minimum is not None and converted < self.minimum:
                raise bad
            if self.maximum is not None and converted > self.maximum:
                raise bad
        else:
            if not isinstance(value, str):
                raise bad
            converted = value.strip()
        if self.choices is not None and converted not in self.choices:
            raise bad
        return converted


_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}


def _show(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resolve_options(
    game: str, specs: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, OptionValue]:
    """All options of ``game`` with defaults filled in; raise :class:`OptionError` on bad input."""
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        listing = ", ".join(
            _("{name} ({allowed}; default {default})").format(
                name=s.name, allowed=s.allowed(), default=_show(s.default)
            )
            for s in specs
        )
        raise OptionError(
            _("{game}: unknown option {names}; options are: {options}").format(
                game=game, names=", ".join(unknown), options=listing or _("none")
            )
        )
    return {
        spec.name: spec.parse(game, given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }
