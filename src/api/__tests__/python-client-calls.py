"""The Atlas API calls of the nomic Python client, read from its source.

Usage: python python-client-calls.py <path to the installed nomic package>
Prints JSON: [{"method": "GET", "path": "/v1/status/{}", "where": "client.py:113"}, ...]

The source is parsed, not imported or run. A call is a `requests.<method>(url)`
call, or a call to one of the client's own helpers that passes its argument
on as (part of) the URL of such a call (`_post(endpoint)`, `download_feather(url)`).
URLs are read from string literals, f-strings, `+` concatenation (over several
lines too), `.format()`, and local variables assigned in the same function.
The part before `/v1/` (the configured API host) is dropped; each value that
is not a literal becomes `{}`.
"""

import ast
import json
import re
import sys
from pathlib import Path

HTTP_METHODS = {"get", "post", "put", "delete", "patch", "head", "options"}
UNKNOWN = "\0"  # stands for a value the source does not fix
# Around a parameter of the enclosing function, kept by name so helpers can be recognised.
PARAM_PREFIX, PARAM_SUFFIX = "\1", "\2"


class Scope:
    """The assignments of one function body (lambdas and comprehensions included), with its parameters."""

    def __init__(self, node, parent=None):
        self.parent = parent
        self.params = set()
        self.assigned = {}
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            for a in args.posonlyargs + args.args + args.kwonlyargs:
                self.params.add(a.arg)
        for child in walk_own(node):
            if isinstance(child, ast.Assign):
                for target in child.targets:
                    if isinstance(target, ast.Name):
                        self.assigned.setdefault(target.id, []).append(child.value)
            elif isinstance(child, ast.AnnAssign) and isinstance(child.target, ast.Name) and child.value:
                self.assigned.setdefault(child.target.id, []).append(child.value)
            elif isinstance(child, ast.AugAssign) and isinstance(child.target, ast.Name):
                # After `x += ...` the value of x is not one the source fixes.
                self.assigned.setdefault(child.target.id, []).append(None)


def walk_own(node):
    """The nodes of a function body, not descending into nested function or class definitions."""
    for child in ast.iter_child_nodes(node):
        yield child
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from walk_own(child)


def text(node: ast.AST, scope: "Scope", seen: tuple = ()) -> str:
    """The string an expression builds, with UNKNOWN for every part the source does not fix."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else UNKNOWN
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) else UNKNOWN for part in node.values
        )
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return text(node.left, scope, seen) + text(node.right, scope, seen)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and len(node.args) == 1:
        return text(node.args[0], scope, seen)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        template = text(node.func.value, scope, seen)
        if template != UNKNOWN:
            return template.replace("{}", UNKNOWN)
    if isinstance(node, ast.Name) and node.id not in seen:
        s = scope
        while s is not None:
            if node.id in s.assigned:
                values = {
                    text(v, s, seen + (node.id,)) if v is not None else UNKNOWN for v in s.assigned[node.id]
                }
                return values.pop() if len(values) == 1 else UNKNOWN
            if node.id in s.params:
                return PARAM_PREFIX + node.id + PARAM_SUFFIX
            s = s.parent
    return UNKNOWN



def url_argument(call):
    for kw in call.keywords:
        if kw.arg == "url":
            return kw.value
    return call.args[0] if call.args else None


def requests_method(call):
    """'GET' for `requests.get(...)`, the literal method of `requests.request("GET", ...)`, else None."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "requests":
        if func.attr in HTTP_METHODS:
            return func.attr.upper()
        if func.attr == "request" and call.args and isinstance(call.args[0], ast.Constant):
            return str(call.args[0].value).upper()
    return None


def called_name(call):
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def scopes(tree):
    """(node, scope) for every function of a module, and the module itself, with enclosing scopes as parents."""
    out = []

    def visit(node, parent):
        scope = Scope(node, parent)
        out.append((node, scope))
        for child in walk_own(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, scope)
            elif isinstance(child, ast.ClassDef):
                for item in child.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        visit(item, scope)

    visit(tree, None)
    return out


def extract(package: str) -> list:
    modules = []
    for path in sorted(Path(package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        modules.append((path.relative_to(package).as_posix(), scopes(tree)))

    # Direct requests calls, with the URL template (parameters marked).
    direct = []
    for rel, funcs in modules:
        for node, scope in funcs:
            for child in walk_own(node):
                if isinstance(child, ast.Call):
                    method = requests_method(child)
                    arg = url_argument(child)
                    if method and arg is not None:
                        direct.append((rel, child.lineno, node, scope, method, text(arg, scope)))

    # Helpers: functions whose requests call takes its URL from one of their parameters.
    helpers = {}
    for rel, line, node, scope, method, url in direct:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and PARAM_PREFIX in url:
            name = url.split(PARAM_PREFIX, 1)[1].split(PARAM_SUFFIX, 1)[0]
            params = [a.arg for a in node.args.posonlyargs + node.args.args]
            if params and params[0] in ("self", "cls"):
                params = params[1:]
            if name in params:
                helpers[node.name] = (method, url, name, params.index(name))

    calls = []

    def add(rel, line, method, url):
        url = url.replace(PARAM_PREFIX, "").replace(PARAM_SUFFIX, "")
        if "/v1/" not in url:
            return
        path = url[url.index("/v1/") :].split("?")[0]
        # Every part the source does not fix, whatever its length, is one placeholder.
        while UNKNOWN + UNKNOWN in path:
            path = path.replace(UNKNOWN + UNKNOWN, UNKNOWN)
        calls.append({"method": method, "path": path.replace(UNKNOWN, "{}"), "where": f"{rel}:{line}"})

    for rel, line, node, scope, method, url in direct:
        add(rel, line, method, _resolve_params(url))

    for rel, funcs in modules:
        for node, scope in funcs:
            for child in walk_own(node):
                if not isinstance(child, ast.Call):
                    continue
                if requests_method(child):
                    continue
                # `helper(url, ...)`, or `executor.submit(helper, url, ...)`: the helper with the arguments after it.
                use = (called_name(child), child.args, child.keywords)
                for i, a in enumerate(child.args):
                    if isinstance(a, (ast.Name, ast.Attribute)) and called_name(ast.Call(a, [], [])) in helpers:
                        use = (called_name(ast.Call(a, [], [])), child.args[i + 1 :], child.keywords)
                name, args, keywords = use
                if name not in helpers:
                    continue
                method, template, param, index = helpers[name]
                arg = next((kw.value for kw in keywords if kw.arg == param), None)
                if arg is None and len(args) > index:
                    arg = args[index]
                if arg is None:
                    continue
                value = _resolve_params(text(arg, scope))
                marker = PARAM_PREFIX + param + PARAM_SUFFIX
                add(rel, child.lineno, method, _resolve_params(template.replace(marker, value)))
    return calls


def _resolve_params(url):
    """The parameters of the enclosing function left in a URL are values the source does not fix."""
    return re.sub(f"{PARAM_PREFIX}[^{PARAM_SUFFIX}]*{PARAM_SUFFIX}", UNKNOWN, url)


if __name__ == "__main__":
    json.dump(extract(sys.argv[1]), sys.stdout, indent=1)
