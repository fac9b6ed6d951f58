"""Runs one page's Python blocks in order, in one interpreter and one `__main__` namespace,
as a reader pastes them one after another.

Input (stdin, JSON): `{"blocks": [{"line": N, "code": "...", "norun": "reason" | null,
"title": "file.py" | null, "args": "..." | null}], "fake": {"url": "...", "token": "nk-..."} | null}`.
Output (stdout): one JSON line per block, `{"line": N, "status": "ran" | "norun" | "failed",
"detail": "..."}`, written as each block finishes. The blocks' own output goes to stderr.

A block with a `title` is one the page has the reader save as that file: it is written
there first (later blocks import it or run it), then run with `sys.argv` as
`python <title> <args>` would set it; the working folder leads `sys.path`, as it does for
a script run there. A `norun` block is compiled but not run; every module it imports that
is installed is still imported (and every name it takes from one looked up), so a stale
import fails; a module that needs an optional extra not installed here is skipped.
A failed block does not stop the page. After each block the fake Atlas is asked for
problems it recorded for this page's API key (a response that broke the spec, a route it
does not know); any make the block fail even if the client swallowed the error.
"""

import ast
import builtins
import importlib
import importlib.util
import io
import json
import os
import shlex
import sys
import traceback
import types
import urllib.request

OUTPUT_TAIL = 40  # lines of a failed block's output kept in its detail


class Tee(io.TextIOBase):
    """Writes to the real stderr and keeps a copy of the current block's output."""

    def __init__(self, stream):
        self.stream = stream
        self.buffer_ = io.StringIO()

    def write(self, text):
        self.stream.write(text)
        self.buffer_.write(text)
        return len(text)

    def flush(self):
        self.stream.flush()

    def isatty(self):
        return False

    @property
    def encoding(self):
        return self.stream.encoding

    def fileno(self):
        return self.stream.fileno()

    def take(self) -> str:
        text = self.buffer_.getvalue()
        self.buffer_ = io.StringIO()
        return text


def installed(module: str) -> bool:
    return importlib.util.find_spec(module.split(".")[0]) is not None


def resolve_imports(tree: ast.AST) -> None:
    """Runs each import statement of a norun block whose top-level package is installed, in a scratch
    namespace: a stale module or name fails exactly as it would for the reader. A module that fails
    only because a package it needs is not installed here (an optional extra such as nomic[aws])
    is skipped, like an uninstalled package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias for alias in node.names if installed(alias.name)]
            statement = ast.Import(names=names) if names else None
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and installed(node.module):
            statement = ast.ImportFrom(module=node.module, names=node.names, level=0)
        else:
            statement = None
        if statement is None:
            continue
        module = ast.fix_missing_locations(ast.Module(body=[statement], type_ignores=[]))
        try:
            exec(compile(module, "<imports of a norun block>", "exec"), {"__name__": "__norun__"})
        except ImportError as error:
            cause = error if isinstance(error, ModuleNotFoundError) else error.__cause__ or error.__context__
            missing = getattr(cause, "name", None) if isinstance(cause, ModuleNotFoundError) else None
            if not missing or installed(missing):
                raise


def fake_errors(fake: dict | None, seen: int) -> tuple[list[str], int]:
    if not fake:
        return [], seen
    url = f"{fake['url']}/_fake/errors?token={fake['token']}&since={seen}"
    with urllib.request.urlopen(url, timeout=30) as response:
        answer = json.load(response)
    return answer["errors"], answer["count"]


def main() -> None:
    job = json.load(sys.stdin)
    # Results get a file descriptor of their own; fd 1 now leads to stderr, so nothing a block
    # prints (from Python or from native code) can mix with them.
    results = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    tee = Tee(sys.__stderr__)
    sys.stdout = sys.stderr = tee

    page = types.ModuleType("__main__")
    page.__dict__["__builtins__"] = builtins
    sys.modules["__main__"] = page
    sys.path.insert(0, os.getcwd())
    seen = 0
    for block in job["blocks"]:
        line = block["line"]
        print(f"\n===== block at line {line} =====", file=sys.__stderr__, flush=True)
        status, detail = "ran", None
        try:
            tree = ast.parse(block["code"], filename=f"<block at line {line}>")
            code = compile(tree, f"<block at line {line}>", "exec")
            if block.get("norun"):
                status = "norun"
                resolve_imports(tree)
            else:
                title = block.get("title")
                if title:
                    os.makedirs(os.path.dirname(title) or ".", exist_ok=True)
                    with open(title, "w", encoding="utf-8") as saved:
                        saved.write(block["code"])
                sys.argv = [title, *shlex.split(block.get("args") or "")] if title else ["page.py"]
                exec(code, page.__dict__)
        except SystemExit as exit_:
            if exit_.code not in (None, 0):
                status, detail = "failed", f"SystemExit: {exit_.code}"
        except BaseException:  # noqa: BLE001 - a sample's failure of any kind is reported, not raised
            status, detail = "failed", traceback.format_exc()
        output = tee.take()
        try:
            problems, seen = fake_errors(job.get("fake"), seen)
        except Exception as error:  # noqa: BLE001
            problems = [f"could not ask the fake Atlas for errors: {error}"]
        if problems:
            note = "The fake Atlas recorded problems during this block:\n" + "\n".join(problems)
            status, detail = "failed", f"{detail}\n{note}" if detail else note
        if status == "failed" and output.strip():
            tail = "\n".join(output.rstrip().splitlines()[-OUTPUT_TAIL:])
            detail = f"{detail}\n--- block output (last {OUTPUT_TAIL} lines) ---\n{tail}"
        results.write(json.dumps({"line": line, "status": status, "detail": detail}) + "\n")
        results.flush()
    results.close()
    sys.__stderr__.flush()
    # Leftover threads of a sample (pools, progress bars) must not keep the process alive.
    os._exit(0)


if __name__ == "__main__":
    main()
