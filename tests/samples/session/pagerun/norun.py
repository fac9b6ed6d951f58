"""Checks a block that cannot run here (`norun="reason"`) as far as it can be checked without running it.

1. Its imports: every module it imports that is installed is imported in a scratch namespace,
   so a stale module or name fails as it would for the reader. A module that cannot be
   imported only because an optional extra is missing (nomic.aws without boto3) is read
   instead: the names the block takes from it must be defined at its top level.
2. Its calls into `nomic`: each call whose function resolves to something of the nomic
   package (a name it imports, a class it instantiates, a method of an object an earlier
   block made, found in the page's live namespace) is bound to the real signature, so a
   misspelt keyword or a missing argument fails.
3. Its names in `nomic`: an attribute of a nomic module, class or object that the package
   does not have (`embed.txt(...)`, `dataset.create_idx(...)`) fails; an object's attributes
   are those of its class and the ones its methods assign (`self.id = ...`).
"""

import ast
import importlib
import importlib.util
import inspect
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = "nomic"


def _source(dotted: str) -> Path | None:
    """The source file of a module, found on disk without importing it or its parents."""
    top, *rest = dotted.split(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin)
    for part in rest:
        folder = path.parent
        path = folder / part / "__init__.py" if (folder / part / "__init__.py").exists() else folder / f"{part}.py"
        if not path.exists():
            return None
    return path


class Missing:
    """A module that cannot be imported here, read from its source instead."""

    def __init__(self, name: str):
        self.name = name
        self.path = _source(name)
        tree = ast.parse(self.path.read_text(encoding="utf-8")) if self.path else ast.Module(body=[])
        self.definitions: dict[str, ast.AST] = {}
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.definitions[node.name] = node
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        self.definitions[target.id] = node
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    self.definitions[(alias.asname or alias.name).split(".")[0]] = (node, alias.name)

    def lookup(self, name: str):
        """The definition of `name`, following `from .module import name` into that module's source."""
        found = self.definitions.get(name)
        if isinstance(found, tuple):
            node, original = found
            if isinstance(node, ast.ImportFrom) and node.level and self.path:
                package = self.name if self.path.name == "__init__.py" else self.name.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                return Missing(f"{package}.{node.module}" if node.module else package).lookup(original)
            return node
        if found is None and _source(f"{self.name}.{name}"):
            return Missing(f"{self.name}.{name}")
        return found


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module.split(".")[0]) is not None
    except (ImportError, ValueError):
        return False


def _import(module: str) -> ModuleType | Missing | None:
    """The module, a `Missing` stand-in when only an optional dependency of it is absent, or None when
    its package is not installed here. A module that does not exist raises, as for the reader."""
    if not _installed(module):
        return None
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing = _missing_package(error)
        if missing is None or module == missing or module.startswith(missing + "."):
            raise  # the module itself does not exist (a stale import), or it fails for another reason
        return Missing(module)


def _missing_package(error: BaseException) -> str | None:
    """The package not installed here that an import failed for, following the chain of causes
    (nomic.aws re-raises boto3's ModuleNotFoundError as an ImportError of its own)."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, ModuleNotFoundError) and error.name and not _installed(error.name):
            return error.name
        error = error.__cause__ or error.__context__
    return None


def _signature_of_def(node: ast.FunctionDef) -> inspect.Signature:
    """A signature from source, for functions of modules that cannot be imported here."""
    args = node.args
    params = []
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for i, (arg, default) in enumerate(zip(positional, defaults)):
        kind = inspect.Parameter.POSITIONAL_ONLY if i < len(args.posonlyargs) else inspect.Parameter.POSITIONAL_OR_KEYWORD
        params.append(inspect.Parameter(arg.arg, kind, default=inspect.Parameter.empty if default is None else ...))
    if args.vararg:
        params.append(inspect.Parameter(args.vararg.arg, inspect.Parameter.VAR_POSITIONAL))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        empty = inspect.Parameter.empty
        params.append(inspect.Parameter(arg.arg, inspect.Parameter.KEYWORD_ONLY, default=empty if default is None else ...))
    if args.kwarg:
        params.append(inspect.Parameter(args.kwarg.arg, inspect.Parameter.VAR_KEYWORD))
    return inspect.Signature(params)


def _assigned_attributes(kind: type) -> set[str]:
    """What the methods of a class and of its bases assign to `self`: instance attributes, which the class
    itself does not list."""
    names: set[str] = set()
    for base in inspect.getmro(kind):
        try:
            tree = ast.parse(inspect.getsource(base).lstrip())
        except (OSError, TypeError, SyntaxError, IndentationError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
                if isinstance(node.ctx, ast.Store):
                    names.add(node.attr)
    return names


def _has_attribute(kind: type, name: str) -> bool:
    if inspect.getattr_static(kind, name, None) is not None or hasattr(kind, "__getattr__"):
        return True
    fields = getattr(kind, "model_fields", None) or {}  # pydantic models
    return name in fields or name in _assigned_attributes(kind)


class Checker(ast.NodeVisitor):
    def __init__(self, namespace: dict, offset: int = 0):
        self.namespace = namespace  # the page's live names, from the blocks that ran before
        self.offset = offset  # the page line before the block's first: problems name lines of the page
        self.names: dict[str, Any] = {}  # names this block binds to something known
        self.problems: list[str] = []
        self.reported: set[tuple[int, str]] = set()

    # --- what names stand for ----------------------------------------------------------------
    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            module = _import(alias.name)
            if module is not None:
                target = module if alias.asname else _import(alias.name.split(".")[0])
                self.names[alias.asname or alias.name.split(".")[0]] = target

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level or not node.module:
            return
        module = _import(node.module)
        if module is None:
            return
        for alias in node.names:
            if alias.name == "*":
                continue
            if isinstance(module, Missing):
                value = module.lookup(alias.name)
                if value is None:
                    self.problems.append(f"line {self.offset + node.lineno}: {node.module} defines no {alias.name}")
                    continue
            elif hasattr(module, alias.name):
                value = getattr(module, alias.name)
            else:
                try:
                    value = importlib.import_module(f"{node.module}.{alias.name}")
                except ModuleNotFoundError:
                    self.problems.append(f"line {self.offset + node.lineno}: cannot import name {alias.name!r} from {node.module}")
                    continue
            self.names[alias.asname or alias.name] = value

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        value = self.resolve(node.value)
        if value is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.names[target.id] = value

    def visit_With(self, node: ast.With) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            value = self.resolve(item.context_expr)
            if isinstance(item.optional_vars, ast.Name) and isinstance(value, Instance):
                self.names[item.optional_vars.id] = value
        for statement in node.body:
            self.visit(statement)

    def resolve(self, node: ast.AST) -> Any:
        """What an expression stands for, as far as it is known: a module, function, class or Instance."""
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            if node.id in self.namespace:
                value = self.namespace[node.id]
                return value if inspect.ismodule(value) or callable(value) else Instance(type(value))
            return None
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            self.check_attribute(node, base)
            if isinstance(base, Instance):
                found = inspect.getattr_static(base.type, node.attr, None)
                if isinstance(found, property):
                    hint = inspect.signature(found.fget).return_annotation if found.fget else None
                    return Instance(hint) if isinstance(hint, type) else None
                return Bound(found) if inspect.isfunction(found) else None
            if isinstance(base, Missing):
                return base.lookup(node.attr)
            if base is not None and not isinstance(base, ast.AST):
                return getattr(base, node.attr, None)
            return None
        if isinstance(node, ast.Call):
            target = self.resolve(node.func)
            if inspect.isclass(target):
                return Instance(target)
            function = target.function if isinstance(target, Bound) else target
            if inspect.isfunction(function):
                hint = inspect.signature(function).return_annotation
                return Instance(hint) if isinstance(hint, type) and hint is not inspect.Signature.empty else None
        return None

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.resolve(node)  # checks each name on the way (`check_attribute`)
        self.generic_visit(node)

    def check_attribute(self, node: ast.Attribute, base: Any) -> None:
        """A name the nomic package does not have, on one of its modules, classes or objects."""
        if isinstance(base, Instance) and _of_package(base.type):
            missing = not _has_attribute(base.type, node.attr)
        elif inspect.ismodule(base) and _of_package(base) or inspect.isclass(base) and _of_package(base):
            missing = not hasattr(base, node.attr) and not (
                inspect.ismodule(base) and hasattr(base, "__path__") and _source(f"{base.__name__}.{node.attr}")
            )
        else:
            return
        if missing and (node.lineno, node.attr) not in self.reported:
            self.reported.add((node.lineno, node.attr))
            self.problems.append(f"line {self.offset + node.lineno}: {_name(node.value)} has no attribute {node.attr!r} in nomic")

    # --- the calls ---------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        target = self.resolve(node.func)
        bound = isinstance(target, Bound)
        function = target.function if bound else target
        if isinstance(function, ast.FunctionDef):
            signature = _signature_of_def(function)
        elif callable(function) and _of_package(function):
            try:
                signature = inspect.signature(function)
            except (TypeError, ValueError):
                return
        else:
            return
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            keywords = {k.arg: None for k in node.keywords if k.arg}
            accepts_any = any(p.kind == p.VAR_KEYWORD for p in signature.parameters.values())
            unknown = [k for k in keywords if k not in signature.parameters and not accepts_any]
            if unknown:
                self.problems.append(f"line {self.offset + node.lineno}: {_name(node.func)}() takes no keyword {unknown[0]!r}")
            return
        positional = [None] * (len(node.args) + (1 if bound else 0))
        try:
            signature.bind(*positional, **{k.arg: None for k in node.keywords})
        except TypeError as error:
            self.problems.append(f"line {self.offset + node.lineno}: {_name(node.func)}(): {error}")


class Instance:
    def __init__(self, kind: type):
        self.type = kind


class Bound:
    """A method looked up on an instance's class: called with the instance as `self`."""

    def __init__(self, function):
        self.function = function


def _of_package(value: Any) -> bool:
    module = value.__name__ if inspect.ismodule(value) else getattr(value, "__module__", "") or ""
    return module == PACKAGE or module.startswith(PACKAGE + ".")


def _name(node: ast.AST) -> str:
    return ast.unparse(node)


def check(tree: ast.Module, namespace: dict, offset: int = 0) -> list[str]:
    """Problems with a norun block's imports and its calls into nomic; empty when none are found. A problem's
    line is `offset` plus its line in the block (the fence's line in the page file, for page lines)."""
    checker = Checker(namespace, offset)
    checker.visit(tree)
    return checker.problems
