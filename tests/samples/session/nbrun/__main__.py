"""`python -m nbrun`, in a page's working folder: runs the page's notebook twin (src/llms/notebook.ts)
top to bottom with nbclient, as a reader runs it in Jupyter, in the same sandbox and against the same
fakes as the page's blocks (../run.mjs prepares both).

Input (stdin, JSON): `{"file": "docs/…/page.mdx", "notebook": {…nbformat 4…}}`, its placeholders
already replaced with what the reader types. The notebook is first validated against the nbformat
schema. Output (stdout): one JSON line, `{"status": "ran" | "failed", "cells", "ran", "skipped",
"detail"}`. A cell tagged `skip-execution` (a block the page does not run) is skipped and counted.
`%pip install` runs the samples' stand-in pip (../bin/pip: checks the pinned versions, installs
nothing), through an IPython startup file.
"""

import json
import os
import sys
import tempfile

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

SKIP_TAG = "skip-execution"
CELL_TIMEOUT_S = 420  # a backstop: the slowest cells build maps and run UMAP

STARTUP = """
import shlex, subprocess, sys
from IPython import get_ipython

def _samples_pip(line):
    # The stand-in pip on PATH, as the page's bash blocks use it: checks, installs nothing.
    done = subprocess.run(["pip", *shlex.split(line)], capture_output=True, text=True)
    print(done.stdout, end="")
    print(done.stderr, end="", file=sys.stderr)
    if done.returncode:
        raise RuntimeError(f"%pip {line} failed (exit {done.returncode})")

get_ipython().register_magic_function(_samples_pip, "line", "pip")
"""


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
    ipython_dir = tempfile.mkdtemp(prefix="ipython-", dir=os.getcwd())
    startup = os.path.join(ipython_dir, "profile_default", "startup")
    os.makedirs(startup)
    with open(os.path.join(startup, "00-samples.py"), "w") as handle:
        handle.write(STARTUP)
    os.environ["IPYTHONDIR"] = ipython_dir
    client = NotebookClient(
        notebook,
        kernel_name="python3",
        timeout=CELL_TIMEOUT_S,
        skip_cells_with_tag=SKIP_TAG,
        resources={"metadata": {"path": os.getcwd()}},
    )
    try:
        client.execute()
        result.update(status="ran", ran=len(code) - result["skipped"])
    except CellExecutionError as error:
        index = next((i for i, cell in enumerate(notebook.cells) if cell.get("outputs") and any(
            o.get("output_type") == "error" for o in cell.outputs)), None)
        ran = sum(1 for cell in code if cell.get("execution_count"))
        where = f"cell {index + 1}" if index is not None else "a cell"
        result.update(status="failed", ran=ran, detail=f"{where} raised:\n{str(error)[-3000:]}")
    print(json.dumps(result), file=result_out, flush=True)


main()
