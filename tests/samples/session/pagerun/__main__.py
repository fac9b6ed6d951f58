"""`python -m pagerun`, in the page's working folder: runs one page's blocks in order, in one working folder, as a reader works through the page:
Python blocks in one interpreter and one `__main__` namespace (as if pasted one after
another), bash blocks in one terminal (shell.py), SQL blocks with psql or mysql, or parsed in
their dialect (sql_dialects.py).

Input (stdin, JSON): `{"file": "docs/…/page.mdx", "venv": "…/.venv", "fake": {"url", "token"},
"typed": [lines the reader types when a command prompts], "blocks": [{"line", "kind": "python" | "bash" | "sql" |
"file", "code", "norun", "title", "runs_later", "dialect",
"output": {"line", "text"} | null}]}`. Output (stdout): one JSON line per block, written as it
finishes: `{"line", "status": "ran" | "checked" | "norun" | "failed", "detail", "calls", "output"}` (SQL of a
dialect that does not run here is `checked`: parsed in its dialect), where
`calls` lists a bash block's curl invocations with what the fake Atlas answered each, and
`output` is the comparison with the output the page shows after the block. The blocks' own
output goes to stderr.

A block with a `title` is one the page has the reader save as that file: it is written
there when reached. If a later bash block runs it (`runs_later`), that command runs it;
otherwise it runs where it stands, with `sys.argv` as `python <title>` sets it. A `norun`
block is checked as far as it can be without running (norun.py). A failed block does not
stop the page. After each block the fake Atlas is asked what it recorded for the page's API
key (a request the specs refuse, an error answered to the page's own request, a route it
does not know, a response that broke a spec); any error fails the block even if the sample
swallowed it, and the fake's notes are shown with a failed block.
"""

import ast
import builtins
import io
import json
import os
import signal
import sys
import threading
import types
import urllib.request

from . import messages, norun, norun_shell, output, shell, sql_dialects

OUTPUT_TAIL = 40  # lines of a failed block's output kept in its detail
STAND_INS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bin")


def real_path() -> str:
    """PATH without the stand-ins (../bin), to ask the real tools what options they have."""
    return os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if os.path.abspath(p) != STAND_INS)


class Tee(io.TextIOBase):
    """Writes to the real stderr and keeps a copy of what the current block wrote."""

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


def ask(fake: dict, path: str) -> dict:
    with urllib.request.urlopen(f"{fake['url']}{path}", timeout=30) as response:
        return json.load(response)


class Stopped(BaseException):
    """Raised in a Python block the fake Atlas asked to stop (a loop waiting for what never comes)."""


class Watch:
    """While a block runs, asks the fake Atlas twice a second whether it recorded a reason to stop the
    block; then stops it: a Python block by an exception raised where it is (even inside `time.sleep`),
    a bash or SQL block by `stop` (shell.py ends its process group)."""

    def __init__(self, fake: dict, since: int):
        self.fake, self.since = fake, since
        self.stop = threading.Event()
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.python = False
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        with self.lock:
            self.done.set()
        self.thread.join()

    def _watch(self) -> None:
        while not self.done.wait(0.5):
            try:
                if not ask(self.fake, f"/_fake/log?token={self.fake['token']}&since={self.since}")["stop"]:
                    continue
            except Exception:  # noqa: BLE001 - the check after the block reports an unreachable fake
                continue
            with self.lock:
                if not self.done.is_set():
                    self.stop.set()
                    if self.python:
                        os.kill(os.getpid(), signal.SIGINT)
            return

    def on_signal(self, *_):
        if self.stop.is_set() and not self.done.is_set():
            raise Stopped("the fake Atlas stopped the block")


def run_python(block: dict, page_ns: dict, page: messages.Page) -> tuple[str, str | None]:
    line, title = block["line"], block.get("title")
    tree = ast.parse(block["code"], filename=f"<block at line {line}>")
    code = compile(tree, f"<block at line {line}>", "exec")
    if title:
        os.makedirs(os.path.dirname(title) or ".", exist_ok=True)
        with open(title, "w", encoding="utf-8") as saved:
            saved.write(block["code"])
    if block.get("norun"):
        problems = norun.check(tree, page_ns, line)
        return ("failed", f"norun block ({page.file}): " + "; ".join(problems)) if problems else ("norun", None)
    if block.get("runs_later"):
        return "ran", None  # saved; the page's command that runs it is a later bash block
    sys.argv = [title] if title else ["page.py"]
    try:
        exec(code, page_ns)
    except SystemExit as exit_:
        if exit_.code not in (None, 0):
            return "failed", f"SystemExit: {exit_.code}"
    return "ran", None


def run_block(block: dict, page_ns: dict, page: messages.Page, folder: str, watch: Watch, typed: str = ""):
    """Runs one block: its status, the detail of a failure, its curl calls, and what it printed (bash, SQL)."""
    line, kind = block["line"], block["kind"]
    status, detail, calls, stdout, stderr = "ran", None, [], "", ""
    try:
        if kind == "python":
            watch.python = True
            status, detail = run_python(block, page_ns, page)
        elif kind == "file":  # a fence the page has the reader save, such as a JSON Schema the code reads
            os.makedirs(os.path.dirname(block["title"]) or ".", exist_ok=True)
            with open(block["title"], "w", encoding="utf-8") as saved:
                saved.write(block["code"])
        elif block.get("norun"):
            problems = norun_shell.check(block["code"], line, real_path()) if kind == "bash" else []
            status, detail = ("failed", f"norun block ({page.file}): " + "; ".join(problems)) if problems else ("norun", None)
        elif kind == "sql" and block.get("runs_later"):
            with open(block["title"], "w", encoding="utf-8") as saved:
                saved.write(block["code"])
        else:
            if block.get("title"):
                with open(block["title"], "w", encoding="utf-8") as saved:
                    saved.write(block["code"])
            before = dict(os.environ)
            if kind == "sql" and block.get("dialect") == "snowflake":
                problems = sql_dialects.problems(block["code"], "snowflake", line)
                return ("failed" if problems else "checked"), "; ".join(problems) or None, [], "", ""
            if kind == "bash":
                run = shell.run_bash(folder, line, block["code"], before, watch.stop, typed)
            else:
                run = shell.run_sql(folder, line, block["code"], before, watch.stop, block.get("dialect") or "postgres")
            stdout, stderr = page.tidy(run.stdout), page.tidy(run.stderr)
            sys.__stderr__.write(run.stdout + run.stderr)
            if kind == "bash":
                shell.apply_exports(folder, before)
                calls = shell.curl_calls(folder, line)
            if run.code != 0:
                status = "failed"
                ended = "was stopped" if run.code is None else f"exited with status {run.code}"
                detail = f"the {kind} block {ended}"
                if run.failed_at:
                    failing = block["code"].split("\n")[run.failed_at - 1].strip()
                    detail += f" at {page.file}:{line + run.failed_at}: {failing}"
    except Stopped:
        status, detail = "failed", "stopped while it ran: the fake Atlas saw it wait for what never comes"
    except BaseException as error:  # noqa: BLE001 - a sample's failure of any kind is reported, not raised
        status, detail = "failed", page.format_error(error)
    return status, detail, calls, stdout, stderr


def main() -> None:
    job = json.load(sys.stdin)
    # Results get a file descriptor of their own; fd 1 now leads to stderr, so nothing a block
    # prints (from Python or from native code) can mix with them.
    results = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    printed, logged = Tee(sys.__stderr__), Tee(sys.__stderr__)
    sys.stdout, sys.stderr = printed, logged

    page_module = types.ModuleType("__main__")
    page_module.__dict__["__builtins__"] = builtins
    sys.modules["__main__"] = page_module
    sys.path.insert(0, os.getcwd())
    folder = os.getcwd()
    page = messages.Page(job["file"], folder, job["blocks"], job["venv"])
    fake, seen = job["fake"], 0
    typed = "".join(f"{line}\n" for line in job.get("typed") or [])
    for block in job["blocks"]:
        line, kind = block["line"], block["kind"]
        print(f"\n===== {kind} block at {job['file']}:{line} =====", file=sys.__stderr__, flush=True)
        watch = Watch(fake, seen)
        signal.signal(signal.SIGINT, watch.on_signal)
        with watch:
            status, detail, calls, stdout, stderr = run_block(block, page_module.__dict__, page, folder, watch, typed)
        if kind == "python":
            stdout, stderr = printed.take(), logged.take()
        try:
            if calls:
                answered = ask(fake, "/_fake/calls?ids=" + ",".join(c["id"] for c in calls))
                for call in calls:
                    call["requests"] = answered.get(call["id"], [])
            log = ask(fake, f"/_fake/log?token={fake['token']}&since={seen}")
            seen = log["count"]
            errors, notes = log["errors"], log["notes"]
        except Exception as error:  # noqa: BLE001
            errors, notes = [f"could not ask the fake Atlas what it recorded: {error}"], []
        if errors:
            note = "The fake Atlas recorded problems during this block:\n" + "\n".join(errors)
            status, detail = "failed", f"{detail}\n{note}" if detail else note
        if status == "failed":
            if notes:
                detail += "\nWhat the fake Atlas answered:\n" + "\n".join(notes)
            both = page.tidy(stdout + stderr).rstrip()
            if both:
                tail = "\n".join(both.splitlines()[-OUTPUT_TAIL:])
                detail = f"{detail}\n--- block output (last {OUTPUT_TAIL} lines) ---\n{tail}"
        shown = block.get("output")
        compared = None
        if shown:
            if status == "ran":
                difference = output.compare(shown["text"], stdout)
                compared = {"line": shown["line"], "status": "failed" if difference else "ran", "detail": difference}
            else:
                compared = {"line": shown["line"], "status": "failed", "detail": "the block it shows the output of did not run"}
        results.write(
            json.dumps({"line": line, "status": status, "detail": detail, "calls": calls, "output": compared}) + "\n"
        )
        results.flush()
    results.close()
    sys.__stderr__.flush()
    # Leftover threads of a sample (pools, progress bars) must not keep the process alive.
    os._exit(0)


if __name__ == "__main__":
    main()
