"""`python -m nbrun`, in a notebook's working folder: runs a page's notebook twin (src/llms/notebook.ts)
top to bottom with nbclient, as a reader runs it in a new Jupyter kernel: against the same fakes as
the page's blocks (../run.mjs prepares both), but in a fresh environment. The kernel's environment
holds none of the page's variables (no NOMIC_API_KEY), its packages are hidden until a cell installs
them (../freshenv.py), and its working folder holds only the files the notebook says the reader
brings. When a cell asks for input (`getpass("NOMIC_API_KEY: ")`) the run answers as the reader
would, with the value of the variable the prompt names.

Input (stdin, JSON): `{"file": "docs/…/page.mdx", "notebook": {…nbformat 4…}, "env": {…the kernel's
environment…}, "answers": {"NOMIC_API_KEY": "nk-…", …}, "fresh": "…/folder", "fake": {"url", "token"},
"blocks": [{"line", "output": {"line", "text"} | null}]}`, its placeholders already replaced with what the
reader types. The notebook is first validated against the nbformat schema. Output (stdout): one JSON line,
`{"status": "ran" | "failed", "cells", "ran", "skipped", "detail", "blocks"}`.

While it runs, the fake Atlas is asked twice a second whether it saw a loop wait for what never comes, and
the kernel is interrupted then. For the page blocks it proves (`blocks`, see ../run.mjs `notebookProves`), each
cell reports for the page block it comes from (its `atlas_docs.line`), as the page's session would: `blocks`
maps a block's line to `{"status", "detail", "output"}`, failed when one of its cells raised or showed an
error or the fake Atlas recorded an error for the page's key while it ran, and `output` the comparison of
what its cells printed with the output the page shows after it. A cell fails the notebook when it raises, and also when it only shows an error (`%run`
prints a script's traceback and carries on, as Jupyter does). A cell tagged `skip-execution` (a
block the page does not run) is skipped and counted. `%pip install` runs the samples' stand-in pip
(../bin/pip: checks the pinned versions, then marks the packages installed), through an IPython
startup file, and fails its cell when the check fails.
"""

import asyncio
import json
import os
import re
import signal
import sys
import threading
import urllib.request

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbclient.util import ensure_async

from pagerun import output

SKIP_TAG = "skip-execution"
CELL_TIMEOUT_S = 420  # a backstop: the slowest cells build maps and run UMAP
ANSI = re.compile(r"\x1b\[[0-9;]*m")

STARTUP = """
import shlex, subprocess, sys
from IPython import get_ipython

def _samples_pip(line):
    # The stand-in pip on PATH: checks the versions, marks the packages installed.
    done = subprocess.run(["pip", *shlex.split(line)], capture_output=True, text=True)
    print(done.stdout, end="")
    print(done.stderr, end="", file=sys.stderr)
    if done.returncode:
        raise RuntimeError(f"%pip {line} failed (exit {done.returncode})")

get_ipython().register_magic_function(_samples_pip, "line", "pip")
"""


def fake_log(fake: dict, since: int) -> dict:
    """What the fake Atlas recorded for the page's key since entry `since`: errors, notes, and whether to stop."""
    with urllib.request.urlopen(f"{fake['url']}/_fake/log?token={fake['token']}&since={since}", timeout=30) as response:
        return json.load(response)


def trace_of(out: dict) -> str:
    """An error output's traceback as plain text."""
    return ANSI.sub("", "\n".join(out.get("traceback") or [f"{out.get('ename')}: {out.get('evalue')}"]))


class ReaderClient(NotebookClient):
    """nbclient with a reader at the keyboard: a prompt for input is answered with the value of the
    variable it names (`answers`); a prompt that names none is answered empty and reported. With `blocks`,
    each cell reports for the page block it comes from."""

    def __init__(self, *args, answers: dict[str, str], fake: dict | None, blocks: list[dict], file: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.answers = answers
        self.unanswered: list[str] = []
        self.prompter = None
        self.fake, self.file = fake, file
        self.shown = {b["line"]: b.get("output") for b in blocks}
        self.blocks: dict[int, dict] = {}  # line -> {"status", "details", "printed"}
        self.seen = 0
        self.stopped = threading.Event()

    async def async_start_new_kernel_client(self):
        client = await super().async_start_new_kernel_client()
        client.allow_stdin = True
        self.prompter = asyncio.ensure_future(self._answer_prompts())
        if self.fake:
            threading.Thread(target=self._watch, daemon=True).start()
        return client

    async def _answer_prompts(self) -> None:
        while True:
            message = await ensure_async(self.kc.stdin_channel.get_msg(timeout=None))
            if message["header"]["msg_type"] != "input_request":
                continue
            prompt = message["content"].get("prompt", "")
            named = [name for name in self.answers if re.search(rf"\b{re.escape(name)}\b", prompt)]
            if not named:
                self.unanswered.append(prompt)
            self.kc.input(self.answers[max(named, key=len)] if named else "")

    def _watch(self) -> None:
        """Interrupts the kernel when the fake Atlas saw a loop wait for a status the API never sends."""
        while not self.stopped.wait(0.5):
            try:
                if fake_log(self.fake, self.seen)["stop"]:
                    os.kill(self.km.provisioner.pid, signal.SIGINT)
                    return
            except Exception:  # noqa: BLE001 - the kernel may be starting or gone; the next look tells
                continue

    async def async_execute_cell(self, cell, cell_index, *args, **kwargs):
        line = (cell.metadata.get("atlas_docs") or {}).get("line")
        try:
            return await super().async_execute_cell(cell, cell_index, *args, **kwargs)
        finally:
            if line in self.shown and cell.cell_type == "code" and SKIP_TAG not in cell.metadata.get("tags", []):
                self._record(cell, line)

    def _record(self, cell, line: int) -> None:
        """What one cell says of its page block: its errors, the fake's, and what it printed."""
        block = self.blocks.setdefault(line, {"status": "ran", "details": [], "printed": ""})
        # What Jupyter's own magics print ("Writing s.py", pip's report) is not the page's output.
        jupyters = cell.source.startswith(("%%writefile", "%pip"))
        for out in cell.get("outputs", []):
            if out.get("output_type") == "stream" and out.get("name") == "stdout" and not jupyters:
                block["printed"] += out.get("text", "")
            elif out.get("output_type") == "error":
                trace = trace_of(out)
                at = re.search(r"Cell In\[\d+\], line (\d+)", trace)
                where = f" at {self.file}:{line + int(at[1])}" if at and not cell.source.startswith("%") else ""
                block["status"] = "failed"
                block["details"].append(f"the cell raised{where}:\n{trace[-3000:]}")
        if not self.fake:
            return
        try:
            log = fake_log(self.fake, self.seen)
            self.seen = log["count"]
            errors, notes = log["errors"], log["notes"]
        except Exception as error:  # noqa: BLE001
            errors, notes = [f"could not ask the fake Atlas what it recorded: {error}"], []
        if errors:
            block["status"] = "failed"
            block["details"].append("The fake Atlas recorded problems during this block:\n" + "\n".join(errors))
            if notes:
                block["details"].append("What the fake Atlas answered:\n" + "\n".join(notes))

    def block_results(self) -> dict[int, dict]:
        results = {}
        for line, block in self.blocks.items():
            shown, compared = self.shown.get(line), None
            if shown:
                difference = output.compare(shown["text"], block["printed"]) if block["status"] == "ran" else None
                detail = difference if block["status"] == "ran" else "the block it shows the output of did not run"
                compared = {"line": shown["line"], "status": "failed" if detail else "ran", "detail": detail}
            results[line] = {"status": block["status"], "detail": "\n".join(block["details"]) or None, "output": compared}
        return results


def error_cell(notebook) -> tuple[int, str] | None:
    """The first cell that shows an error, and the error, or None."""
    for index, cell in enumerate(notebook.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                return index, trace_of(out)[-3000:]
    return None


def main() -> None:
    job = json.load(sys.stdin)
    # The result goes to the real stdout; the kernel and what it starts write to stderr.
    result_out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    # As Jupyter reads a file: a cell's source lines joined into one string.
    notebook = nbformat.reads(json.dumps(job["notebook"]), as_version=4)
    result = {"cells": len(notebook.cells), "ran": 0, "skipped": 0}
    try:
        nbformat.validate(notebook)
    except nbformat.ValidationError as error:
        print(json.dumps({**result, "status": "failed", "detail": f"not valid nbformat 4: {error.message}"}), file=result_out)
        return
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    result["skipped"] = sum(SKIP_TAG in cell.metadata.get("tags", []) for cell in code)
    ipython_dir = os.path.join(job["fresh"], "ipython")
    startup = os.path.join(ipython_dir, "profile_default", "startup")
    os.makedirs(startup, exist_ok=True)
    with open(os.path.join(startup, "00-samples.py"), "w") as handle:
        handle.write(STARTUP)
    client = ReaderClient(
        notebook,
        answers=job.get("answers") or {},
        fake=job.get("fake"),
        blocks=job.get("blocks") or [],
        file=job["file"],
        kernel_name="python3",
        timeout=CELL_TIMEOUT_S,
        skip_cells_with_tag=SKIP_TAG,
        resources={"metadata": {"path": os.getcwd()}},
    )
    ran = lambda: sum(1 for cell in code if cell.get("execution_count"))  # noqa: E731
    try:
        client.execute(env={**job["env"], "IPYTHONDIR": ipython_dir})
        shown = error_cell(notebook)
        if shown:
            result.update(status="failed", ran=ran(), detail=f"cell {shown[0] + 1} shows an error:\n{shown[1]}")
        else:
            result.update(status="ran", ran=len(code) - result["skipped"])
    except CellExecutionError as error:
        shown = error_cell(notebook)
        where = f"cell {shown[0] + 1}" if shown else "a cell"
        result.update(status="failed", ran=ran(), detail=f"{where} raised:\n{ANSI.sub('', str(error))[-3000:]}")
    client.stopped.set()
    if client.unanswered and result["status"] == "ran":
        result.update(status="failed", detail="the notebook asked for input no variable answers: " + "; ".join(client.unanswered))
    if job.get("blocks"):
        result["blocks"] = client.block_results()
    print(json.dumps(result), file=result_out, flush=True)


main()
