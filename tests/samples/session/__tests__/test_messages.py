"""Failure messages point at the page's lines and leave out the harness (session/pagerun/messages.py)."""

from pagerun.messages import Page

BLOCKS = [
    {"line": 40, "code": "x = 1\ndef f():\n    raise ValueError('boom')\n", "title": None},
    {"line": 60, "code": "import sys\nprint(undefined_name)\n", "title": "tool.py"},
]


def page(tmp_path):
    return Page("docs/guide.mdx", str(tmp_path), BLOCKS, "/venv")


def test_a_traceback_names_the_page_line_of_the_failing_code(tmp_path):
    namespace = {}
    exec(compile(BLOCKS[0]["code"], "<block at line 40>", "exec"), namespace)
    try:
        exec(compile("f()", "<block at line 50>", "exec"), namespace)
    except ValueError as error:
        text = page(tmp_path).format_error(error)
    assert 'File "docs/guide.mdx", line 43, in f' in text and "raise ValueError('boom')" in text


def test_the_runners_own_frames_are_left_out(tmp_path, monkeypatch):
    from pagerun.__main__ import run_python

    monkeypatch.chdir(tmp_path)
    block = {"line": 70, "code": "1 / 0\n", "title": None, "norun": None}
    try:
        run_python(block, {}, page(tmp_path))
    except ZeroDivisionError as error:
        text = page(tmp_path).format_error(error)
    assert 'File "docs/guide.mdx", line 71' in text and "__main__.py" not in text


def test_saved_files_in_printed_tracebacks_become_page_lines(tmp_path):
    printed = f'Traceback (most recent call last):\n  File "{tmp_path}/tool.py", line 2, in <module>\nNameError'
    assert 'File "docs/guide.mdx", line 62' in page(tmp_path).tidy(printed)


def test_paths_are_made_short(tmp_path):
    text = page(tmp_path).tidy(f"{tmp_path}/out.csv and /venv/lib/python3.11/site-packages/nomic/x.py")
    assert text == "out.csv and .venv/lib/python3.11/site-packages/nomic/x.py"
