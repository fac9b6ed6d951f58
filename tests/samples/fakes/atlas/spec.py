"""The site's OpenAPI specs as a request and response validator.

Operations are matched by method and path template; when several templates match a
path, the one with the most literal segments wins (`/v1/project/index/job/{id}` over
`/v1/project/{org}/{slug}`). Schemas are checked with JSON Schema Draft 2020-12, the
dialect of OpenAPI 3.1, with every `$ref` resolved inside its spec document.

A request is checked whole, as a FastAPI server reads it: path and query parameters
(coerced from text to their schema's type), the content type against the media types
the operation documents (a body without one is read as JSON, as FastAPI does), and the
body under its media type's schema: JSON whatever content type it came with, and the
parts of multipart and urlencoded forms grouped by name (a field the schema types as an
array is the list of its parts).

Stricter than the server: what the spec does not define is a problem, because the docs must
not show it even where the server would ignore it. An object schema that lists its
`properties` (and does not say `additionalProperties`) takes no others: the validator reads
each such schema, wherever it is used, with `unevaluatedProperties: false` (`closed()`; the
published specs are not changed), so a misspelt optional field fails a request, a JSON example
and the fake's own response alike. A query parameter the operation does not list fails, and so
does a request header that is neither a standard HTTP header nor one of its header parameters.
"""

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .common import parse_form

METHODS = ("get", "post", "put", "delete", "patch")
# Request headers any HTTP client may send; any other one must be a header parameter of the operation.
STANDARD_HEADERS = {
    "accept", "accept-charset", "accept-encoding", "accept-language", "authorization", "cache-control",
    "connection", "content-encoding", "content-length", "content-type", "cookie", "date", "expect", "host",
    "if-match", "if-modified-since", "if-none-match", "keep-alive", "origin", "pragma", "range", "referer",
    "te", "transfer-encoding", "upgrade", "user-agent",
    "x-original-host",  # the harness's own: the host the request was sent to (session/sitecustomize.py)
}
COMPOSITION = ("allOf", "anyOf", "oneOf", "if", "then", "else", "not")
OPEN = ("additionalProperties", "unevaluatedProperties", "patternProperties")
ANNOTATIONS = {"description", "title", "example", "examples", "default", "format", "$comment"}
TWIN = "--closed"  # the suffix of a definition's closed copy (`closed()`)
_items = Draft202012Validator.VALIDATORS["items"]


def _fast_items(validator, items, instance, schema):
    """`items`, with long arrays of plain numbers (embedding vectors) checked in one pass.

    Gives exactly the errors of the standard keyword; only the per-item dispatch is skipped
    when the item schema is nothing but `type: number` or `type: integer`.
    """
    kind = items.get("type") if isinstance(items, dict) else None
    plain = kind in ("number", "integer") and not (set(items) - ANNOTATIONS - {"type"})
    if not (plain and isinstance(instance, list) and "prefixItems" not in schema):
        yield from _items(validator, items, instance, schema)
        return
    if set(map(type, instance)) <= ({int, float} if kind == "number" else {int}):
        return  # every item a plain number, found at C speed: an embedding of 768 floats costs microseconds
    for index, value in enumerate(instance):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not number or (kind == "integer" and not float(value).is_integer()):
            yield ValidationError(f"{value!r} is not of type {kind!r}", path=[index])


Validator = validators.extend(Draft202012Validator, {"items": _fast_items})


def closed(document: dict) -> dict:
    """A copy of a spec in which every schema that lists `properties`, used where a value is checked (a
    body, a response, a parameter, a property, an array's items), takes no other properties. The mark goes
    where a schema is used, beside its `$ref`, not inside the definition, and never on a branch of
    `allOf`/`anyOf`/`oneOf`/`if`: `unevaluatedProperties` there sees the properties every branch that
    applied has evaluated, so a filter's `method` (its own) and `query` (its branch's) both pass."""
    import copy

    document = copy.deepcopy(document)

    def target(ref: str) -> dict | None:
        node = document
        for part in ref[2:].split("/"):
            if not isinstance(node, dict):
                return None
            node = node.get(part.replace("~1", "/").replace("~0", "~"))
        return node if isinstance(node, dict) else None

    def lists_properties(schema: dict, seen: frozenset = frozenset()) -> bool:
        if any(key in schema for key in OPEN):
            return False
        if "properties" in schema:
            return True
        if "$ref" in schema and schema["$ref"].startswith("#/") and schema["$ref"] not in seen:
            found = target(schema["$ref"])
            if found is not None and lists_properties(found, seen | {schema["$ref"]}):
                return True
        return any(
            isinstance(branch, dict) and lists_properties(branch, seen)
            for key in ("allOf", "anyOf", "oneOf", "then", "else")
            for branch in (schema[key] if isinstance(schema.get(key), list) else [schema.get(key)])
        )

    # A plain object schema (its own `properties`, no composition, no `$ref`) is closed with
    # `additionalProperties: false`, which means the same there and is checked without the schema walk
    # `unevaluatedProperties` makes for every object: that walk was most of the fake's time on long lists.
    # A bare `$ref` to a plain definition points at a closed copy of it (`twins`), made once.
    twins: dict[str, dict] = {}

    def plain(node: dict) -> bool:
        return "properties" in node and not any(key in node for key in (*COMPOSITION, *OPEN, "$ref", "dependentSchemas"))

    def closed_ref(ref: str) -> str | None:
        prefix = "#/components/schemas/"
        name = ref[len(prefix) :] if ref.startswith(prefix) else None
        found = target(ref) if name and "/" not in name else None
        if found is None or not plain(found):
            return None
        if name + TWIN not in twins:
            twins[name + TWIN] = twin = copy.deepcopy(found)
            schema(twin, False)
            twin["additionalProperties"] = False
        return prefix + name + TWIN

    def schema(node, close: bool) -> None:
        if not isinstance(node, dict):
            return
        if close and lists_properties(node):
            ref = closed_ref(node["$ref"]) if set(node) - ANNOTATIONS == {"$ref"} else None
            if ref:
                node["$ref"] = ref
            else:
                node["additionalProperties" if plain(node) else "unevaluatedProperties"] = False
        for child in (node.get("properties") or {}).values():
            schema(child, True)
        for key in ("items", "additionalProperties", "contains"):
            schema(node.get(key), True)
        for child in node.get("prefixItems") or []:
            schema(child, True)
        for key in COMPOSITION:
            for child in node[key] if isinstance(node.get(key), list) else [node.get(key)]:
                schema(child, False)

    def walk(node) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key in ("example", "examples"):
                    continue  # data, not schemas
                if key == "schema":
                    schema(value, True)
                elif key == "schemas" and isinstance(value, dict):
                    for definition in value.values():
                        schema(definition, False)  # closed where it is used
                else:
                    walk(value)

    walk({key: value for key, value in document.items()})
    document.setdefault("components", {}).setdefault("schemas", {}).update(twins)
    return document


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


@dataclass
class Operation:
    spec: str
    method: str
    template: str
    pattern: re.Pattern
    literals: int
    operation: dict
    parameters: list[tuple[dict, str]]  # each parameter (a `$ref` resolved) with its schema's JSON pointer


class Specs:
    def __init__(self, files: list[Path]):
        self.documents: dict[str, dict] = {}
        self.operations: list[Operation] = []
        registry = Registry()
        for file in files:
            name = file.stem
            document = closed(yaml.safe_load(file.read_text()))
            self.documents[name] = document
            registry = registry.with_resource(
                f"urn:{name}", Resource.from_contents(document, default_specification=DRAFT202012)
            )
            for template, item in document.get("paths", {}).items():
                literals = sum(1 for part in template.split("/") if part and not part.startswith("{"))
                for method in METHODS:
                    if method in item:
                        # A parameter the spec marks `x-samples-multi-segment` spans slashes (a tile key `0/0/0`).
                        many = set(item[method].get("x-samples-multi-segment") or [])
                        regex = "^" + re.sub(
                            r"\\\{([^}]+)\\\}",
                            lambda m: f"(?P<{m[1]}>{'.+' if m[1] in many else '[^/]+'})",
                            re.escape(template),
                        ) + "$"
                        where = f"/paths/{_escape(template)}"
                        parameters = [
                            self._parameter(document, p, f"{where}/parameters/{i}")
                            for i, p in enumerate(item.get("parameters") or [])
                        ] + [
                            self._parameter(document, p, f"{where}/{method}/parameters/{i}")
                            for i, p in enumerate(item[method].get("parameters") or [])
                        ]
                        self.operations.append(
                            Operation(name, method, template, re.compile(regex), literals, item[method], parameters)
                        )
        self.registry = registry
        self._validators: dict[str, Draft202012Validator] = {}

    def match(self, method: str, path: str) -> list[Operation]:
        """The best-matching operation of each spec that has one."""
        best: dict[str, Operation] = {}
        for op in self.operations:
            if op.method == method.lower() and op.pattern.match(path):
                if op.spec not in best or op.literals > best[op.spec].literals:
                    best[op.spec] = op
        return list(best.values())

    def _validator(self, uri: str) -> Draft202012Validator:
        if uri not in self._validators:
            self._validators[uri] = Validator({"$ref": uri}, registry=self.registry, format_checker=FormatChecker())
        return self._validators[uri]

    def _errors(self, uri: str, instance: Any) -> list[str]:
        return [
            f"{'/'.join(str(p) for p in error.absolute_path) or '(root)'}: {error.message[:400]}"
            for error in sorted(self._validator(uri).iter_errors(instance), key=lambda e: list(e.path))[:5]
        ]

    def content_types(self, op: Operation, status: int) -> list[str] | None:
        """The media types documented for a status, or None when the status is not documented."""
        response = op.operation.get("responses", {}).get(str(status))
        if response is None:
            return None
        if "$ref" in response:
            response = self.documents[op.spec]
            for part in op.operation["responses"][str(status)]["$ref"][2:].split("/"):
                response = response[part]
        return list((response.get("content") or {}).keys())

    def check_response(self, op: Operation, status: int, body: Any) -> list[str]:
        """Problems with a JSON response under `op`'s spec; empty when it conforms."""
        document = self.documents[op.spec]
        responses = op.operation.get("responses", {})
        key = str(status) if str(status) in responses else f"{str(status)[0]}XX"
        if key not in responses:
            return [f"status {status} is not a documented response of {op.method.upper()} {op.template} ({op.spec})"]
        pointer = f"/paths/{_escape(op.template)}/{op.method}/responses/{key}"
        response = responses[key]
        if "$ref" in response:
            pointer = response["$ref"][1:]
            response = document
            for part in pointer.strip("/").split("/"):
                response = response[part.replace("~1", "/").replace("~0", "~")]
        content = response.get("content") or {}
        if "application/json" not in content:
            return [f"{op.method.upper()} {op.template} ({op.spec}) documents no JSON body for status {status}"]
        if "schema" not in content["application/json"]:
            return []
        uri = f"urn:{op.spec}#{pointer}/content/application~1json/schema"
        return [f"{op.spec} {op.method.upper()} {op.template} {status}: {e}" for e in self._errors(uri, body)]

    def _parameter(self, document: dict, parameter: dict, pointer: str) -> tuple[dict, str]:
        if "$ref" in parameter:
            pointer = parameter["$ref"][1:]
            parameter = document
            for part in pointer.strip("/").split("/"):
                parameter = parameter[part.replace("~1", "/").replace("~0", "~")]
        return parameter, f"{pointer}/schema"

    def check_request(
        self,
        op: Operation,
        path: str,
        query: dict[str, list[str]],
        content_type: str | None,
        body: bytes,
        headers: list[str] = (),
    ) -> list[str]:
        """Problems with a request under `op`'s spec: its parameters, headers, content type and body."""
        where = f"request to {op.spec} {op.method.upper()} {op.template}"
        problems = []
        values = op.pattern.match(path).groupdict()
        named = {(p.get("in"), (p.get("name") or "").lower() if p.get("in") == "header" else p.get("name")) for p, _ in op.parameters}
        for name in query:
            if ("query", name) not in named:
                problems.append(f"{where}: the query parameter {name} is not one the spec defines")
        for header in headers:
            if header.lower() not in STANDARD_HEADERS and ("header", header.lower()) not in named:
                problems.append(f"{where}: the header {header} is not one the spec defines for this operation")
        for parameter, pointer in op.parameters:
            name, place = parameter.get("name"), parameter.get("in")
            if place == "path":
                given = [values.get(name, "")]
            elif place == "query":
                given = query.get(name)
                if given is None:
                    if parameter.get("required"):
                        problems.append(f"{where}: the query parameter {name} is required")
                    continue
            else:
                continue
            schema = parameter.get("schema") or {}
            value = [_coerce(v, schema.get("items") or {}) for v in given] if _is_array(schema) else _coerce(given[-1], schema)
            uri = f"urn:{op.spec}#{pointer}"
            problems += [f"{where}: {place} parameter {name}: {e.split(': ', 1)[-1]}" for e in self._errors(uri, value)]
        return problems + self._check_body(op, where, content_type, body)

    def _check_body(self, op: Operation, where: str, content_type: str | None, body: bytes) -> list[str]:
        request_body = op.operation.get("requestBody") or {}
        content = request_body.get("content") or {}
        if not content:
            return []
        if not body:
            return [f"{where}: the request body is required"] if request_body.get("required") else []
        media = (content_type or "").split(";")[0].strip().lower() or None
        problems = []
        binary = [m for m in content if not (m.endswith("json") or m.startswith(("multipart/", "application/x-www")))]
        if media is None and "application/json" in content:
            media = "application/json"  # FastAPI reads a body without a content type as JSON
        elif media is None and binary:
            return []  # a route that reads the raw body (an Arrow file) needs no content type
        elif media not in content:
            problems.append(f"{where}: sent as {media or 'no content type'}; the spec documents {', '.join(content)}")
            if "application/json" not in content:
                return problems
            media = "application/json"  # still check what it says
        pointer = f"/paths/{_escape(op.template)}/{op.method}/requestBody/content/{_escape(media)}/schema"
        if "schema" not in content[media]:
            return problems
        if media == "application/json" or media.endswith("+json"):
            try:
                value = json.loads(body)
            except ValueError:
                return problems + [f"{where}: the body is not JSON"]
        elif media in ("multipart/form-data", "application/x-www-form-urlencoded"):
            value = self._form_value(content[media]["schema"], self.documents[op.spec], content_type or "", body)
        else:
            return problems  # Arrow files and other binary bodies: nothing a schema can say
        uri = f"urn:{op.spec}#{pointer}"
        return problems + [f"{where}: {e}" for e in self._errors(uri, value)]

    def _form_value(self, schema: dict, document: dict, content_type: str, body: bytes) -> dict:
        """A form body as the object its schema describes: fields by name, files as their names."""
        if "$ref" in schema:
            for part in schema["$ref"][2:].split("/"):
                document = document[part]
            schema = document
        properties = schema.get("properties") or {}
        fields, files = parse_form(content_type, body)
        parts = {name: list(values) for name, values in fields.items()}
        for name, uploads in files.items():
            parts.setdefault(name, []).extend(filename for filename, _ in uploads)
        value = {}
        for name, given in parts.items():
            prop = properties.get(name) or {}
            if _is_array(prop):
                value[name] = [_coerce(v, prop.get("items") or {}) for v in given]
            else:
                value[name] = _coerce(given[-1], prop)
        return value


def _is_array(schema: dict) -> bool:
    kind = schema.get("type")
    return kind == "array" or (isinstance(kind, list) and "array" in kind)


def _coerce(text: str, schema: dict) -> Any:
    """A parameter or form field read as its schema's type, as the server reads it; text when it does not parse."""
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    try:
        if "integer" in kinds:
            return int(text)
        if "number" in kinds:
            return float(text)
    except ValueError:
        return text
    if "boolean" in kinds and text.lower() in ("true", "false", "1", "0"):
        return text.lower() in ("true", "1")
    return text
