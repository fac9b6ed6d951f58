"""The site's OpenAPI specs as a response (and request) validator.

Operations are matched by method and path template; when several templates match a
path, the one with the most literal segments wins (`/v1/project/index/job/{id}` over
`/v1/project/{org}/{slug}`). Schemas are checked with JSON Schema Draft 2020-12, the
dialect of OpenAPI 3.1, with every `$ref` resolved inside its spec document.
"""

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator, FormatChecker, ValidationError, validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

METHODS = ("get", "post", "put", "delete", "patch")
ANNOTATIONS = {"description", "title", "example", "examples", "default", "format", "$comment"}
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
    for index, value in enumerate(instance):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not number or (kind == "integer" and not float(value).is_integer()):
            yield ValidationError(f"{value!r} is not of type {kind!r}", path=[index])


Validator = validators.extend(Draft202012Validator, {"items": _fast_items})


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


class Specs:
    def __init__(self, files: list[Path]):
        self.documents: dict[str, dict] = {}
        self.operations: list[Operation] = []
        registry = Registry()
        for file in files:
            name = file.stem
            document = yaml.safe_load(file.read_text())
            self.documents[name] = document
            registry = registry.with_resource(
                f"urn:{name}", Resource.from_contents(document, default_specification=DRAFT202012)
            )
            for template, item in document.get("paths", {}).items():
                regex = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$"
                literals = sum(1 for part in template.split("/") if part and not part.startswith("{"))
                for method in METHODS:
                    if method in item:
                        self.operations.append(
                            Operation(name, method, template, re.compile(regex), literals, item[method])
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

    def check_request(self, op: Operation, body: Any) -> list[str]:
        """Problems with a JSON request body under `op`'s spec; empty when it conforms or none is documented."""
        content = (op.operation.get("requestBody") or {}).get("content") or {}
        if "application/json" not in content or "schema" not in content["application/json"]:
            return []
        pointer = f"/paths/{_escape(op.template)}/{op.method}/requestBody/content/application~1json/schema"
        return [
            f"request to {op.spec} {op.method.upper()} {op.template}: {e}"
            for e in self._errors(f"urn:{op.spec}#{pointer}", body)
        ]
