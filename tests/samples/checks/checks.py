"""Checks the fences that are not run: JSON examples against the spec operation they illustrate,
signatures against the installed client, YAML workflows against the files their page saves.

Input (stdin, JSON): `[{"id", "kind": "json" | "signature" | "yaml", "code", "meta", "titles"}]`;
output (stdout, JSON): `{id: problem or null}`.

- json, `schema="POST /v1/query/topk request"` (the body), `"… response"` (its first 2xx
  answer) or `"… response 422"`, or a schema of its own (`"atlas-v1#/components/schemas/Selection"`):
  validated with the fake Atlas's spec validator (fakes/atlas/spec.py); `schema="json-schema"`, a
  JSON Schema the page has the reader write (an extraction schema): valid under the 2020-12
  meta-schema, with no keyword the standard does not define.
- signature, `signature="nomic.AtlasDataset.add_data"`: the shown `name(params)` must have the
  real callable's parameters, in order, of the same kind (positional or keyword-only) and with
  the same defaults. `self` is left out of methods.
- yaml: must parse; in a GitHub workflow, every `python <file>` a step runs must be a file the
  page has the reader save (a block with `title="…"`).
"""

import ast
import importlib
import inspect
import json
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "samples" / "fakes"))

from atlas.spec import Specs  # noqa: E402

SPECS = Specs(
    [
        ROOT / "openapi" / "atlas-v1.yaml",
        ROOT / "openapi" / "atlas-legacy.yaml",
        ROOT / "tests" / "samples" / "fakes" / "atlas" / "client-routes.yaml",  # the result files no spec describes
    ]
)
SCHEMA = re.compile(r"^(GET|POST|PUT|DELETE|PATCH) (\S+) (request|response)(?: (\d{3}))?$")
COMPONENT = re.compile(r"^(atlas-v1|atlas-legacy|client-routes)#(/components/schemas/[\w.-]+)$")


def meta_value(meta: str, key: str) -> str | None:
    match = re.search(rf'(?:^|\s){key}="([^"]*)"', meta or "")
    return match[1] if match else None


# The keywords of JSON Schema 2020-12 (its core, applicator, validation, format, content and meta-data
# vocabularies): a schema a page shows may use these and no others, so a misspelt `requried` fails.
JSON_SCHEMA_KEYWORDS = {
    "$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$defs", "$comment", "$vocabulary",
    "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items", "contains",
    "properties", "patternProperties", "additionalProperties", "propertyNames", "unevaluatedItems",
    "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
    "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains",
    "minContains", "maxProperties", "minProperties", "required", "dependentRequired", "format", "contentEncoding",
    "contentMediaType", "contentSchema", "title", "description", "default", "deprecated", "readOnly", "writeOnly",
    "examples",
}
MAPS_OF_SCHEMAS = ("properties", "patternProperties", "$defs", "dependentSchemas")


def json_schema_problems(schema, where: str = "") -> list[str]:
    """A JSON Schema a page has the reader write: valid under the 2020-12 meta-schema, and no keyword it
    does not define."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    problems = []
    if not where:
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as error:
            return [f"not a valid JSON Schema: {error.message}"]
    if not isinstance(schema, dict):
        return problems
    for key, value in schema.items():
        if key not in JSON_SCHEMA_KEYWORDS:
            problems.append(f"{where or '(root)'}: {key!r} is not a JSON Schema keyword")
        elif key in MAPS_OF_SCHEMAS and isinstance(value, dict):
            for name, sub in value.items():
                problems += json_schema_problems(sub, f"{where}/{key}/{name}")
        elif isinstance(value, dict) and key not in ("const", "default", "enum", "examples"):
            problems += json_schema_problems(value, f"{where}/{key}")
        elif isinstance(value, list) and key in ("allOf", "anyOf", "oneOf", "prefixItems"):
            for i, sub in enumerate(value):
                problems += json_schema_problems(sub, f"{where}/{key}/{i}")
    return problems


def check_json(code: str, meta: str) -> str | None:
    named = meta_value(meta, "schema") or ""
    if named == "json-schema":
        return "; ".join(json_schema_problems(json.loads(code))) or None
    component = COMPONENT.match(named)
    if component:
        problems = SPECS._errors(f"urn:{component[1]}#{component[2]}", json.loads(code))
        return "; ".join(problems) or None
    match = SCHEMA.match(named)
    if not match:
        return f'schema="{named}" is not "<METHOD> <path> request", "<METHOD> <path> response [status]" or "atlas-v1#/components/schemas/<Name>"'
    method, path, part, status = match.groups()
    operations = [op for op in SPECS.operations if op.method == method.lower() and op.template == path]
    if not operations:
        return f"no spec documents {method} {path}"
    value = json.loads(code)
    found = []
    for op in operations:
        if part == "request":
            content = (op.operation.get("requestBody") or {}).get("content") or {}
            if "application/json" not in content:
                found.append([f"{op.spec} {method} {path} takes no JSON body"])
                continue
            pointer = f"/paths/{path.replace('~', '~0').replace('/', '~1')}/{op.method}/requestBody/content/application~1json/schema"
            found.append([f"{op.spec}: {e}" for e in SPECS._errors(f"urn:{op.spec}#{pointer}", value)])
        else:
            code_ = int(status) if status else next(int(s) for s in op.operation["responses"] if s.startswith("2"))
            found.append(SPECS.check_response(op, code_, value))
    if all(found):
        return "; ".join(p for some in found for p in some)
    return None


def _callable(name: str):
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            value = getattr(value, attribute)
        return value
    raise ImportError(f"cannot import {name}")


def _shown(code: str) -> list[tuple[str, str, str | None]]:
    """The parameters a shown signature lists: (name, kind, default source or None)."""
    text = code.strip().removeprefix("with ").split("\n    ...")[0].rstrip(":")
    start, end = text.index("("), text.rindex(")")
    tree = ast.parse(f"def shown({text[start + 1 : end]}): pass")
    args = tree.body[0].args
    out = []
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + args.defaults
    for arg, default in zip(positional, defaults):
        out.append((arg.arg, "POSITIONAL_OR_KEYWORD", ast.unparse(default) if default else None))
    if args.vararg:
        out.append((args.vararg.arg, "VAR_POSITIONAL", None))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        out.append((arg.arg, "KEYWORD_ONLY", ast.unparse(default) if default else None))
    if args.kwarg:
        out.append((args.kwarg.arg, "VAR_KEYWORD", None))
    return out


def check_signature(code: str, meta: str) -> str | None:
    name = meta_value(meta, "signature")
    real = inspect.signature(_callable(name))
    actual = [
        (p.name, p.kind.name, None if p.default is inspect.Parameter.empty else repr(p.default))
        for p in real.parameters.values()
        if p.name != "self"
    ]
    shown = [(n, "POSITIONAL_OR_KEYWORD" if k == "POSITIONAL_ONLY" else k, d) for n, k, d in _shown(code)]
    actual = [(n, "POSITIONAL_OR_KEYWORD" if k == "POSITIONAL_ONLY" else k, d) for n, k, d in actual]

    def same(a, b):
        if a[:2] != b[:2]:
            return False
        if a[2] is None or b[2] is None:
            return a[2] is b[2]
        if _literal(a[2]) and _literal(b[2]):
            return ast.literal_eval(a[2]) == ast.literal_eval(b[2])
        return a[2] == b[2]

    if len(shown) != len(actual) or not all(same(a, b) for a, b in zip(shown, actual)):
        return f"the page shows {name}({_format(shown)}); the installed client has {name}({_format(actual)})"
    return None


def _literal(text: str | None) -> bool:
    try:
        ast.literal_eval(text)
        return True
    except (ValueError, SyntaxError):
        return False


def _format(params) -> str:
    out, star = [], False
    for name, kind, default in params:
        if kind == "KEYWORD_ONLY" and not star:
            out.append("*")
            star = True
        prefix = "*" if kind == "VAR_POSITIONAL" else "**" if kind == "VAR_KEYWORD" else ""
        out.append(f"{prefix}{name}" + (f"={default}" if default is not None else ""))
    return ", ".join(out)


def check_yaml(code: str, titles: list[str]) -> str | None:
    document = yaml.safe_load(code)
    if not isinstance(document, dict) or "jobs" not in document:
        return None
    for job in document["jobs"].values():
        for step in job.get("steps") or []:
            for script in re.findall(r"\bpython3?\s+(?:-\S+\s+)*(\S+\.py)", step.get("run") or ""):
                if script.removeprefix("./") not in titles:
                    return f"the workflow runs {script}, which the page does not have the reader save"
    return None


def main() -> None:
    results = {}
    for fence in json.load(sys.stdin):
        check = {"json": check_json, "signature": check_signature}.get(fence["kind"])
        try:
            if check:
                results[fence["id"]] = check(fence["code"], fence["meta"])
            else:
                results[fence["id"]] = check_yaml(fence["code"], fence["titles"])
        except Exception as error:  # noqa: BLE001 - any failure is the fence's problem, reported
            results[fence["id"]] = f"{type(error).__name__}: {error}"
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
