"""The pages of langbord's docs that are written from the code at build time.

- Each registered game's page, from what the game declares (``langbord.core.registry.info``,
  its options, its card ``Game.rules()`` and its rulings ``Game.rulings()``), written to
  ``docs/generated/games/<game>.md``. A ruling id the card cites but the rulings do not hold is
  an error: no id is shown without its words.
- The HTTP API page, from the server's OpenAPI document (``docs/generated/http-api.md``).
- The ``results-file`` directive, which shows a file of ``benchmarks/results/`` with the
  commands that produced it (the directive's content). A file there that no page shows is a
  warning, so an error under ``-W``.

The Markdown writers are plain functions, so ``tests/test_docs.py`` checks them without Sphinx.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

import langbord
from langbord.core.registry import game_class, info

DOCS = Path(__file__).resolve().parents[1]
ROOT = DOCS.parent
RESULTS = ROOT / "benchmarks" / "results"
GENERATED = DOCS / "generated"
RULING_ID = re.compile(r"\b[A-Z]{2}-\d+\b")
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]<>{}#|~$])")

logger = logging.getLogger(__name__)


def openapi() -> dict[str, Any]:
    """The server's OpenAPI document, from its app over a throwaway database."""
    from langbord.server.http.app import create_app  # the app factory, named here only

    with tempfile.TemporaryDirectory() as folder:
        document: dict[str, Any] = create_app(f"sqlite:///{folder}/docs.db", web=False).openapi()
    return document


def escape(text: str) -> str:
    """``text`` as literal Markdown: every character Markdown or MyST reads escaped."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", " ".join(text.split()))


# ---- the games ---------------------------------------------------------------------------------


def cited_rulings(card: str) -> list[str]:
    """The ruling ids a game card cites, in order of first mention."""
    return list(dict.fromkeys(RULING_ID.findall(card)))


def game_page(name: str) -> str:
    """The Markdown page of game ``name``, from its declared traits, options, card and rulings."""
    traits = info(name)
    game = langbord.load(name)
    card = game.rules()
    rulings = game.rulings()
    known = {ruling["id"] for ruling in rulings}
    unknown = [ruling for ruling in cited_rulings(card) if ruling not in known]
    if unknown:
        raise ExtensionError(f"{name}: the card cites {', '.join(unknown)}, not in its rulings")
    players = (
        str(traits.min_players)
        if traits.min_players == traits.max_players
        else f"{traits.min_players}–{traits.max_players}"
    )
    seats = ", ".join(traits.seat_name(p) for p in range(traits.max_players))
    lines = [
        f"(game-{name})=",
        f"# {traits.title}",
        "",
        f"{escape(game.tagline()[:1].upper() + game.tagline()[1:])}",
        "",
        "| | |",
        "|---|---|",
        f"| players | {players} |",
        f"| seats | {escape(seats)} |",
        f"| cooperative | {'yes' if traits.cooperative else 'no'} |",
        f"| hidden information | {'yes' if traits.private_information else 'no'} |",
        f"| rules version | {game_class(name).version} |",
        f"| load it | `langbord.load({name!r})` |",
        "",
        "## Options",
        "",
        f"Options are given as `langbord.load({name!r}, option=value)` in Python, "
        f"`--option option=value` on the command line, and in the lobby.",
        "",
        "| option | default | allowed | what it sets |",
        "|---|---|---|---|",
    ]
    for option in game_class(name).option_specs:
        default = json.dumps(option.default)
        lines.append(
            f"| `{option.name}` | `{default}` | {escape(option.allowed())} "
            f"| {escape(option.described())} |"
        )
    lines += [
        "",
        "## The game card",
        "",
        f"What `langbord rules {name} --card` prints: the players, the options, the action "
        "notation with examples, the rulings implemented and what the engine decides where the "
        "rulebook is silent.",
        "",
        "```text",
        card,
        "```",
        "",
        "## Rulings",
        "",
        "The rulings the engine implements, in the words of the project's rulings; refusals and "
        "the tutorials cite them by id.",
        "",
    ]
    for ruling in rulings:
        lines += [f"({name}-ruling-{ruling['id'].lower()})=", f"{ruling['id']}", ""]
        lines += [f": {escape(ruling['text'])}", ""]
    return "\n".join(lines)


# ---- the HTTP API ------------------------------------------------------------------------------


def _schema_label(name: str) -> str:
    return f"http-schema-{name.lower()}"


def schema_type(schema: Mapping[str, Any]) -> str:
    """A JSON Schema's type in a few words of MyST (a reference links to its schema)."""
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[1]
        return f"{{ref}}`{name} <{_schema_label(name)}>`"
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(schema_type(part) for part in schema[key])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " or ".join(f"`{json.dumps(value)}`" for value in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items")
        return f"array of {schema_type(items)}" if isinstance(items, Mapping) else "array"
    if kind == "object":
        more = schema.get("additionalProperties")
        return f"object of {schema_type(more)}" if isinstance(more, Mapping) else "object"
    if isinstance(kind, str):
        bounds = [
            f"{word} {schema[key]}"
            for key, word in (
                ("minimum", "≥"),
                ("maximum", "≤"),
                ("minLength", "length ≥"),
                ("maxLength", "length ≤"),
                ("maxItems", "items ≤"),
            )
            if key in schema
        ]
        return kind + (f" ({', '.join(bounds)})" if bounds else "")
    return "any JSON"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _operation(path: str, method: str, operation: Mapping[str, Any]) -> list[str]:
    lines = [f"### `{method.upper()} {path}`", ""]
    if operation.get("summary"):
        lines += [f"**{escape(str(operation['summary']))}**", ""]
    if operation.get("description"):
        lines += [" ".join(str(operation["description"]).split()), ""]
    parameters = operation.get("parameters", [])
    if parameters:
        lines += ["| parameter | in | type | required |", "|---|---|---|---|"]
        for parameter in parameters:
            lines.append(
                f"| `{parameter['name']}` | {parameter['in']} | "
                f"{_cell(schema_type(parameter.get('schema', {})))} | "
                f"{'yes' if parameter.get('required') else 'no'} |"
            )
        lines.append("")
    body = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if body:
        lines += [f"Body: {schema_type(body['schema'])}", ""]
    answers = []
    for status, answer in operation.get("responses", {}).items():
        schema = answer.get("content", {}).get("application/json", {}).get("schema")
        shown = f" {schema_type(schema)}" if schema and "$ref" in schema else ""
        answers.append(f"- {status}: {escape(str(answer.get('description', '')))}{shown}")
    if answers:
        lines += ["Answers:", "", *answers, ""]
    return lines


def _schema(name: str, schema: Mapping[str, Any]) -> list[str]:
    lines = [f"({_schema_label(name)})=", f"### {name}", ""]
    if schema.get("description"):
        lines += [" ".join(str(schema["description"]).split()), ""]
    properties: Mapping[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    if properties:
        lines += ["| field | type | required | description |", "|---|---|---|---|"]
        for field, spec in properties.items():
            lines.append(
                f"| `{field}` | {_cell(schema_type(spec))} | {'yes' if field in required else 'no'}"
                f" | {_cell(str(spec.get('description', '')))} |"
            )
        lines.append("")
    return lines


def http_page(document: Mapping[str, Any]) -> str:
    """The Markdown page of the HTTP API described by OpenAPI ``document``."""
    lines = [
        "(http-api)=",
        "# HTTP API",
        "",
        "The JSON API of `langbord serve`, written at each build from the server's own OpenAPI "
        "document: a running server serves the same at `/openapi.json`, and browsable at "
        "`/docs`. What the routes mean for a table, and the server's limits, are in the "
        "{doc}`hosts' guide </guides/hosts>`.",
        "",
        "Bodies are strict JSON (I-JSON, RFC 7493: UTF-8, finite numbers, no lone surrogates, "
        "no NUL) of at most 64 KiB. A seat's requests carry its token as "
        "`Authorization: Bearer TOKEN`. Besides these routes, `WS /api/tables/{id}/ws` pushes "
        "a seat's table after every change: send the token first.",
        "",
        "## Routes",
        "",
    ]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            lines += _operation(path, method, operation)
    lines += ["## Schemas", ""]
    for name, schema in document.get("components", {}).get("schemas", {}).items():
        lines += _schema(name, schema)
    return "\n".join(lines)


# ---- writing the generated pages ---------------------------------------------------------------


def generated_pages() -> dict[Path, str]:
    """Every generated page by its path under ``docs/generated``."""
    pages = {Path("games") / f"{name}.md": game_page(name) for name in langbord.games()}
    pages[Path("http-api.md")] = http_page(openapi())
    return pages


def write_generated(_app: Sphinx) -> None:
    """Write the generated pages (a page left as it was keeps its time), and drop stale ones."""
    pages = {GENERATED / path: text + "\n" for path, text in generated_pages().items()}
    for old in GENERATED.rglob("*.md") if GENERATED.exists() else []:
        if old not in pages:
            old.unlink()
    for path, text in pages.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text("utf-8") != text:
            path.write_text(text, "utf-8")


# ---- the results files -------------------------------------------------------------------------


def results_files() -> list[str]:
    """The files of ``benchmarks/results/`` (not its folders of raw runs), by name."""
    return sorted(p.name for p in RESULTS.iterdir() if p.is_file())


def _shown(env: BuildEnvironment) -> dict[str, set[str]]:
    shown: dict[str, set[str]] | None = getattr(env, "langbord_results", None)
    if shown is None:
        shown = {}
        env.langbord_results = shown  # type: ignore[attr-defined]
    return shown


class ResultsFile(SphinxDirective):
    """``results-file benchmarks/results/NAME``; its content: the commands that produced it."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        path = ROOT / name
        if path.parent != RESULTS or not path.is_file():
            raise self.error(f"{name} is not a file of benchmarks/results/")
        commands = "\n".join(line for line in self.content if line.strip())
        if not commands:
            raise self.error(f"{name}: name the commands that produced it")
        self.env.note_dependency(str(path))
        _shown(self.env).setdefault(self.env.docname, set()).add(path.name)
        text = path.read_text("utf-8")
        intro = nodes.paragraph()
        intro += nodes.literal(text=name)
        intro += nodes.Text(", produced by:")
        command = nodes.literal_block(commands, commands, language="sh")
        body = nodes.literal_block(text, text, language="text")
        target = nodes.target("", "", ids=[f"results-{path.stem}"])
        return [target, intro, command, body]


def _purge(_app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _shown(env).pop(docname, None)


def _merge(
    _app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment
) -> None:
    for docname in docnames:
        if docname in _shown(other):
            _shown(env)[docname] = _shown(other)[docname]


def _check_results(_app: Sphinx, env: BuildEnvironment) -> None:
    shown = set().union(*_shown(env).values())
    for name in results_files():
        if name not in shown:
            logger.warning(
                "benchmarks/results/%s is shown on no results page: add a results-file "
                "directive with the command that produced it",
                name,
            )


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", write_generated)
    app.add_directive("results-file", ResultsFile)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-check-consistency", _check_results)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
