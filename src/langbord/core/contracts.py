"""Typed contracts from engine to browser: each game's view is declared as a ``TypedDict``
(named in the registry, :func:`langbord.core.registry.view_type`); from it a JSON Schema is
exported, and from the schema the JSDoc types the game's board reads. ``python
tools/contracts.py`` writes both; ``--check`` fails when the committed files have drifted from
the declarations. The server's envelope around a view (``langbord.server.shapes``: the table,
its log, the answers of the other routes) is exported the same way, several shapes to one schema
(:func:`schemas_of`), its JSDoc importing the views' types from their own files.

Only the types a view is made of are supported: ``int``, ``float``, ``str``, ``bool``, ``None``,
``Literal[...]``, ``list[T]``, ``dict[str, T]``, unions, ``NotRequired[T]`` and nested
``TypedDict`` classes (one ``$defs`` entry each, referred to by name; a class that extends
another has all their members)."""

from __future__ import annotations

import inspect
import json
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

from langbord.core.errors import LangbordError

JSONSchema = dict[str, Any]
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class ContractError(LangbordError):
    """A view declaration uses a type a JSON Schema cannot be made of here."""


def _is_typeddict(tp: object) -> bool:
    return isinstance(tp, type) and typing.is_typeddict(tp)


def schema_of(root: type, identifier: str) -> JSONSchema:
    """The JSON Schema (2020-12) of the TypedDict ``root``: every nested TypedDict is a
    ``$defs`` entry named as its class; objects admit no other members."""
    defs, (top,) = _defined([root], described=False)
    return {"$schema": SCHEMA_DIALECT, "$id": identifier, **top, "$defs": defs}


def schemas_of(roots: Sequence[type], identifier: str) -> JSONSchema:
    """One JSON Schema (2020-12) holding the TypedDicts ``roots`` and everything they are made
    of, each a ``$defs`` entry with its class's docstring as its ``description``; the schema
    itself constrains nothing: an instance is checked against one entry
    (:func:`schema_for`)."""
    defs, _ = _defined(roots, described=True)
    return {"$schema": SCHEMA_DIALECT, "$id": identifier, "$defs": defs}


def schema_for(schema: JSONSchema, name: str) -> JSONSchema:
    """``schema`` (from :func:`schemas_of`) as the schema of its entry ``name``."""
    if name not in schema["$defs"]:
        raise ContractError(f"no shape {name!r} in {schema.get('$id', 'the schema')}")
    return {**schema, "$ref": f"#/$defs/{name}"}


def _defined(roots: Sequence[type], described: bool) -> tuple[dict[str, JSONSchema], list[Any]]:
    """The ``$defs`` entries of ``roots`` and what they are made of, and a reference to each
    root."""
    defs: dict[str, JSONSchema] = {}

    def define(tp: type) -> JSONSchema:
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder while its members are made (recursion)
            hints = typing.get_type_hints(tp, include_extras=True)
            properties: dict[str, JSONSchema] = {}
            required: list[str] = []
            for key, hint in hints.items():
                optional = key in tp.__optional_keys__  # type: ignore[attr-defined]
                origin = get_origin(hint)
                if origin is NotRequired:
                    optional, hint = True, get_args(hint)[0]
                elif origin is Required:
                    optional, hint = False, get_args(hint)[0]
                properties[key] = of(hint)
                if not optional:
                    required.append(key)
            described_as = inspect.cleandoc(tp.__doc__ or "") if described else ""
            defs[name] = {
                **({"description": described_as} if described_as else {}),
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            }
        return {"$ref": f"#/$defs/{name}"}

    def of(tp: Any) -> JSONSchema:
        if tp is None or tp is type(None):
            return {"type": "null"}
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string"}
        if _is_typeddict(tp):
            return define(tp)
        origin, args = get_origin(tp), get_args(tp)
        if origin is Literal:
            return {"enum": list(args)}
        if origin is list:
            return {"type": "array", "items": of(args[0])}
        if origin is dict and args and args[0] is str:
            return {"type": "object", "additionalProperties": of(args[1])}
        if origin in (Union, types.UnionType):
            return {"anyOf": [of(arg) for arg in args]}
        raise ContractError(f"no JSON Schema for {tp!r} in a view declaration")

    tops = [define(root) for root in roots]
    return defs, tops


def schema_text(schema: JSONSchema) -> str:
    """The schema as the committed file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def _jsdoc_type(schema: JSONSchema) -> str:
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[1]
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    if "anyOf" in schema:
        return " | ".join(_jsdoc_type(part) for part in schema["anyOf"])
    kind = schema.get("type")
    if kind == "array":
        item = _jsdoc_type(schema["items"])
        return f"({item})[]" if " " in item else f"{item}[]"
    if kind == "object":
        return f"Record<string, {_jsdoc_type(schema['additionalProperties'])}>"
    names = {"integer": "number", "number": "number", "string": "string", "boolean": "boolean"}
    if kind in names:
        return names[kind]
    if kind == "null":
        return "null"
    raise ContractError(f"no JSDoc type for the schema {schema!r}")


def _refs(schema: object) -> set[str]:
    """The names of the ``$defs`` entries ``schema`` refers to (not through other entries)."""
    if isinstance(schema, dict):
        found = {str(schema["$ref"]).rsplit("/", 1)[1]} if "$ref" in schema else set()
        for value in schema.values():
            found |= _refs(value)
        return found
    if isinstance(schema, list):
        return set().union(*(_refs(value) for value in schema))
    return set()


def _reachable(
    defs: Mapping[str, JSONSchema], names: set[str], stop: frozenset[str] = frozenset()
) -> set[str]:
    """``names`` and every ``$defs`` entry they are made of, through any number of steps but
    not through the entries ``stop``."""
    seen: set[str] = set()
    waiting = list(names)
    while waiting:
        name = waiting.pop()
        if name not in seen:
            seen.add(name)
            if name not in stop:
                waiting += _refs(defs[name])
    return seen


def jsdoc_of(schema: JSONSchema, source: str, imported: Mapping[str, str] | None = None) -> str:
    """JSDoc typedefs of every ``$defs`` entry of ``schema``, for TypeScript's checker (the
    module exports nothing at run time), each with its ``description`` above it. ``source``
    names what the file was made from. ``imported`` maps entries to the module that already
    declares them (``{"SkibeView": "./skibe.js"}``): each is imported from there under its
    name, and what only it is made of is left out."""
    imported = dict(imported or {})
    defs: dict[str, JSONSchema] = schema["$defs"]
    theirs = _reachable(defs, set(imported))
    ours = _reachable(defs, set(defs) - theirs, frozenset(imported))
    lines = [
        "// Generated by `python tools/contracts.py` from the JSON Schema of",
        f"// {source}: do not edit; change the declaration and generate again.",
        "",
    ]
    for name, module in imported.items():
        lines += [f'/** @typedef {{import("{module}").{name}}} {name} */', ""]
    for name, definition in defs.items():
        if name not in ours or name in imported:
            continue
        lines.append("/**")
        for line in str(definition.get("description", "")).splitlines():
            lines.append(f" * {line.replace('``', '`')}".rstrip())
        lines.append(f" * @typedef {{object}} {name}")
        required = set(definition["required"])
        for key, member in definition["properties"].items():
            shown = key if key in required else f"[{key}]"
            lines.append(f" * @property {{{_jsdoc_type(member)}}} {shown}")
        lines += [" */", ""]
    lines.append("export {};")
    return "\n".join(lines) + "\n"
