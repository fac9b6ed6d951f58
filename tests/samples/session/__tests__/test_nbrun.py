"""Running a notebook twin (session/nbrun): it passes when every cell runs, fails on the cell that raises or
shows an error, answers a prompt for a key as the reader types it (and fails one it cannot answer), gives
the kernel only the environment it is handed, skips tagged cells and counts them, and refuses a notebook
that is not valid nbformat 4."""

import json
import os
import subprocess
import sys

from conftest import HERE


def notebook(*cells):
    made = []
    for i, (kind, source, *tags) in enumerate(cells):
        lines = [t for t in tags if isinstance(t, int)]  # the page line a cell comes from
        tags = [t for t in tags if isinstance(t, str)]
        metadata = {**({"tags": tags} if tags else {}), **({"atlas_docs": {"line": lines[0]}} if lines else {})}
        cell = {"id": f"c{i}", "cell_type": kind, "metadata": metadata, "source": source}
        if kind == "code":
            cell.update(outputs=[], execution_count=None)
        made.append(cell)
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": made,
    }


def run(nb, folder, answers=None, blocks=None, fake=None):
    kernel = {"PYTHONPATH": str(HERE / "session"), "PATH": f"{os.path.dirname(sys.executable)}:/usr/bin:/bin", "HOME": str(folder)}
    fresh = folder / ".fresh"
    fresh.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "nbrun"],
        input=json.dumps(
            {"file": "docs/x.mdx", "notebook": nb, "env": kernel, "answers": answers or {}, "fresh": str(fresh), "blocks": blocks or [], "fake": fake}
        ),
        capture_output=True,
        text=True,
        cwd=folder,
        env={**kernel, "NOMIC_API_KEY": "nk-in-the-runner-only"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_cell_runs_in_one_kernel_and_files_written_by_a_cell_are_there_for_the_next(tmp_path):
    result = run(
        notebook(
            ("markdown", "# Title"),
            ("code", "%%writefile hello.py\nimport sys\nprint('hi', sys.argv[1])"),
            ("code", "%run hello.py there"),
            ("code", "!python hello.py there > said.txt"),
            ("code", ["x = open('said.txt').read()\n", "assert x == 'hi there\\n', x"]),
        ),
        tmp_path,
    )
    assert result == {"cells": 5, "ran": 4, "skipped": 0, "status": "ran"}


def test_the_cell_that_raises_fails_the_notebook_and_is_named(tmp_path):
    result = run(notebook(("code", "a = 1"), ("code", "raise ValueError('planted')"), ("code", "b = 2")), tmp_path)
    assert result["status"] == "failed"
    assert "cell 2" in result["detail"] and "planted" in result["detail"]


def test_a_tagged_cell_is_skipped_and_counted(tmp_path):
    result = run(notebook(("code", "import torch_that_is_not_here", "skip-execution"), ("code", "c = 3")), tmp_path)
    assert result == {"cells": 2, "ran": 1, "skipped": 1, "status": "ran"}


def test_a_notebook_that_is_not_nbformat_4_is_refused(tmp_path):
    broken = notebook(("code", "d = 4"))
    del broken["cells"][0]["outputs"]
    result = run(broken, tmp_path)
    assert result["status"] == "failed" and "nbformat" in result["detail"]


def test_a_cell_that_only_shows_an_error_fails_the_notebook(tmp_path):
    # %run prints a script's traceback and lets the next cell run, as Jupyter does.
    result = run(notebook(("code", "%%writefile bad.py\nraise KeyError('planted')"), ("code", "%run bad.py"), ("code", "x = 1")), tmp_path)
    assert result["status"] == "failed" and "cell 2 shows an error" in result["detail"] and "planted" in result["detail"]


def test_a_prompt_for_a_key_is_answered_as_the_reader_types_it_and_the_kernel_has_no_other_variables(tmp_path):
    result = run(
        notebook(
            ("code", "import os\nassert 'NOMIC_API_KEY' not in os.environ, 'the kernel got the runner variable'"),
            ("code", "from getpass import getpass\nkey = getpass('NOMIC_API_KEY: ')\nname = input('Your ORG_NAME: ')"),
            ("code", "assert (key, name) == ('nk-typed', 'my-org'), (key, name)"),
        ),
        tmp_path,
        answers={"NOMIC_API_KEY": "nk-typed", "ORG_NAME": "my-org"},
    )
    assert result["status"] == "ran", result.get("detail")


def test_a_prompt_no_answer_names_fails_the_notebook(tmp_path):
    result = run(notebook(("code", "value = input('Paste the thing: ')")), tmp_path, answers={"NOMIC_API_KEY": "nk-x"})
    assert result["status"] == "failed" and "Paste the thing" in result["detail"]


def test_a_covered_pages_cells_report_for_its_blocks_with_page_lines_and_outputs(tmp_path):
    result = run(
        notebook(
            ("code", "print('3 chunks')", 10),
            ("code", "%%writefile s.py\nprint('saved')", 20),
            ("code", "%run s.py", 20),
            ("code", "x = 1\nraise ValueError('planted')", 30),
        ),
        tmp_path,
        blocks=[
            {"line": 10, "output": {"line": 14, "text": "4 chunks\n"}},
            {"line": 20, "output": {"line": 24, "text": "saved\n"}},
            {"line": 30, "output": None},
        ],
    )
    blocks = result["blocks"]
    assert blocks["10"]["status"] == "ran" and blocks["10"]["output"]["status"] == "failed"
    assert blocks["20"]["status"] == "ran" and blocks["20"]["output"]["status"] == "ran", blocks["20"]
    assert blocks["30"]["status"] == "failed" and "docs/x.mdx:32" in blocks["30"]["detail"]


def test_a_loop_the_fake_atlas_says_waits_for_what_never_comes_is_interrupted(tmp_path):
    import threading
    import time
    from http.server import BaseHTTPRequestHandler, HTTPServer

    class Fake(BaseHTTPRequestHandler):
        def do_GET(self):  # the fake Atlas's log: a stop recorded for the page's key
            body = json.dumps({"errors": ["read 9 times after the task ended"], "notes": [], "stop": True, "count": 1})
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Fake)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    started = time.monotonic()
    fake = {"url": f"http://127.0.0.1:{server.server_address[1]}", "token": "nk-x"}
    result = run(notebook(("code", "import time\nwhile True:\n    time.sleep(0.2)", 10)), tmp_path, blocks=[{"line": 10, "output": None}], fake=fake)
    server.shutdown()
    assert result["status"] == "failed" and "KeyboardInterrupt" in result["detail"]
    assert result["blocks"]["10"]["status"] == "failed" and time.monotonic() - started < 60
