"""Runs a page's shell and SQL blocks as a reader runs them in one terminal.

Each bash block runs in bash with `errexit` and `pipefail` (a failed step fails the block, as
a reader would stop there), where the page's earlier blocks left the terminal: in the folder
the last `cd` went to (the page's working folder at first), with the variables they set or
changed (an exported `PATH` included), and it saves the same for the next block, also when it
ends with `exit`. Variables it exports also reach the page's Python interpreter, as they
would a `python` the reader starts afterwards. The stand-ins in session/bin come first on
the PATH the runner gives the page: `curl` (the real curl, with only the fakes' hosts
changed), `pip` and `npm` (which check `install` lines against the pinned versions instead
of installing), `gh` (the GitHub fake); `git` reaches the fixture repositories for the
GitHub URLs the pages clone (the runner's environment, ../run.mjs). SQL blocks run with `psql` against the local PostgreSQL the
fakes start (`DATABASE_URL`), or with mysql against their MariaDB (`dialect="mysql"`).
"""

import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

BLOCK_SECONDS = 300  # a backstop; a block ends when its commands do
PRELUDE = r"""
__baseline=$(declare -p 2>/dev/null)
[ -f "$SAMPLES_STATE" ] && source "$SAMPLES_STATE"
__save() {
  local __status=$? __v __line
  for __v in $(compgen -v); do
    case "$__v" in __* | BASH* | FUNCNAME | PIPESTATUS | OLDPWD | PWD | SHLVL | _ | COLUMNS | LINES | SAMPLES_* | RANDOM | SRANDOM | SECONDS | LINENO | EPOCH* | HISTCMD) continue ;; esac
    __line=$(declare -p "$__v" 2>/dev/null) || continue
    grep -qxF -- "$__line" <<<"$__baseline" || printf '%s\n' "$__line"
  done >"$SAMPLES_STATE.new" 2>/dev/null
  printf 'cd %q\n' "$PWD" >>"$SAMPLES_STATE.new"
  mv "$SAMPLES_STATE.new" "$SAMPLES_STATE"
  env -0 >"$SAMPLES_STATE.env"
  return $__status
}
trap __save EXIT
trap '[ -e "$SAMPLES_STATE.failed" ] || printf "%s\n" "$LINENO" >"$SAMPLES_STATE.failed"' ERR
set -eo pipefail
source "$1"
"""


class Result:
    def __init__(self, code: int | None, stdout: str, stderr: str, failed_at: int | None = None):
        self.code = code
        self.stdout = stdout
        self.stderr = stderr
        self.failed_at = failed_at  # the line of the block (from 1) whose command failed, when known


def run_bash(
    folder: str, line: int, code: str, environment: dict[str, str], stop: threading.Event | None = None, typed: str = ""
) -> Result:
    """Runs a bash block; `typed` is what the reader types when a command prompts (a password), on its stdin."""
    scratch = Path(folder, ".samples")
    scratch.mkdir(exist_ok=True)
    script = scratch / f"block-{line}.sh"
    script.write_text(code)
    failed = scratch / "state.sh.failed"
    failed.unlink(missing_ok=True)
    env = {
        **environment,
        "SAMPLES_STATE": str(scratch / "state.sh"),
        "SAMPLES_CURL_LOG": str(scratch / f"calls-{line}.tsv"),
        "TERM": "dumb",
    }
    run = _run(["bash", "--noprofile", "--norc", "-c", PRELUDE, "bash", str(script)], folder, env, stop, typed)
    if run.code and failed.exists():
        run.failed_at = int(failed.read_text().split()[0])
    return run


def exported(folder: str) -> dict[str, str]:
    """The environment the page's last bash block left (what it exported)."""
    path = Path(folder, ".samples", "state.sh.env")
    if not path.exists():
        return {}
    pairs = (item.split("=", 1) for item in path.read_bytes().decode("utf-8", "replace").split("\0") if "=" in item)
    return dict(pairs)


def curl_calls(folder: str, line: int) -> list[dict]:
    """The curl invocations of a block, from its stand-in's log: `[{id, urls, exit}]`."""
    path = Path(folder, ".samples", f"calls-{line}.tsv")
    calls: dict[str, dict] = {}
    for row in path.read_text().splitlines() if path.exists() else []:
        call, kind, value = (row.split("\t") + ["", ""])[:3]
        entry = calls.setdefault(call, {"id": call, "urls": [], "exit": None})
        if kind == "url":
            entry["urls"].append(value)
        elif kind == "exit":
            entry["exit"] = int(value)
    return list(calls.values())


def run_sql(
    folder: str, line: int, code: str, environment: dict[str, str], stop: threading.Event | None = None, dialect="postgres"
) -> Result:
    """Runs a SQL block: with psql against the PostgreSQL that DATABASE_URL names (SQLAlchemy's
    `postgresql+driver://` names the same database), or, for `dialect="mysql"`, with mysql against the MariaDB
    server the fakes start (SAMPLES_MYSQL)."""
    scratch = Path(folder, ".samples")
    scratch.mkdir(exist_ok=True)
    script = scratch / f"block-{line}.sql"
    script.write_text(code)
    if dialect == "mysql":
        target = re.match(r"^mysql://([^:]+):([^@]+)@([^:/]+):(\d+)/(\w+)$", environment.get("SAMPLES_MYSQL") or "")
        if not target:
            return Result(1, "", "no MySQL server: MariaDB is not installed (tests/setup/ensure-system.sh)")
        user, password, host, port, database = target.groups()
        command = ["mysql", "--no-defaults", "--batch", f"--host={host}", f"--port={port}", f"--user={user}",
                   f"--password={password}", database]
        run = _run(command, folder, environment, stop, code)  # batch mode stops at the first error
        at = re.search(r"^ERROR \d+ \(\w+\) at line (\d+)", run.stderr, re.M)
        run.failed_at = int(at[1]) if at else None
        return run
    url = re.sub(r"^postgresql\+\w+://", "postgresql://", environment.get("DATABASE_URL") or "")
    if not url:
        return Result(1, "", "no DATABASE_URL: the page's prerequisites name no PostgreSQL database for its SQL")
    command = ["psql", url, "--no-psqlrc", "--set", "ON_ERROR_STOP=1", "--quiet", "--file", str(script)]
    run = _run(command, folder, environment, stop)
    at = re.search(rf"^psql:{re.escape(str(script))}:(\d+): ", run.stderr, re.M)
    run.failed_at = int(at[1]) if at else None
    return run


def _run(
    command: list[str], folder: str, env: dict[str, str], stop: threading.Event | None = None, typed: str = ""
) -> Result:
    """Runs a block's process (`typed` on its stdin); ends its whole process group when `stop` is set or the
    backstop is reached."""
    process = subprocess.Popen(
        command,
        cwd=folder,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    ended, reasons = threading.Event(), []

    def stopper() -> None:
        deadline = time.monotonic() + BLOCK_SECONDS
        while not ended.wait(0.2):
            late = time.monotonic() > deadline
            if late or (stop is not None and stop.is_set()):
                if late:
                    reasons.append(f"\n[the block ran longer than {BLOCK_SECONDS} s and was stopped]")
                try:
                    os.killpg(process.pid, signal.SIGKILL)  # the block's whole process group
                except ProcessLookupError:
                    pass
                return

    threading.Thread(target=stopper, daemon=True).start()
    out, err = process.communicate(typed.encode())
    ended.set()
    code = None if process.returncode == -signal.SIGKILL else process.returncode
    return Result(code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace") + "".join(reasons))


def apply_exports(folder: str, before: dict[str, str]) -> None:
    """Copies what the block exported (new or changed variables) into this process's environment."""
    for key, value in exported(folder).items():
        if key.startswith(("SAMPLES_", "BASH")) or key in ("PWD", "OLDPWD", "SHLVL", "_"):
            continue
        if before.get(key) != value:
            os.environ[key] = value
