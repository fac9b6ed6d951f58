"""A page's bash blocks as one terminal (session/pagerun/shell.py): what a block sets, exports, or where it
`cd`s to reaches the next block; a failing step fails its block; a block asked to stop ends at once."""

import threading
import time

from pagerun import shell


def run(folder, line, code, stop=None, typed=""):
    return shell.run_bash(str(folder), line, code, {"PATH": "/usr/bin:/bin", "HOME": str(folder)}, stop, typed)


def test_variables_exports_and_the_folder_carry_to_the_next_block(tmp_path):
    first = run(tmp_path, 1, "TASK=42\nexport REGION=eu\nmkdir -p project/bin\ncd project\nexport PATH=\"$PWD/bin:$PATH\"\n")
    assert first.code == 0, first.stderr
    (tmp_path / "project/bin/hello").write_text("#!/bin/sh\necho hello from bin\n")
    (tmp_path / "project/bin/hello").chmod(0o755)
    second = run(tmp_path, 2, 'echo "$TASK $REGION $(basename "$PWD")"\nhello\n')
    assert second.code == 0, second.stderr
    assert second.stdout.splitlines() == ["42 eu project", "hello from bin"]
    assert shell.exported(str(tmp_path))["REGION"] == "eu"


def test_a_step_that_fails_fails_the_block_and_later_steps_do_not_run(tmp_path):
    done = run(tmp_path, 1, "false\necho never\n")
    assert done.code == 1 and "never" not in done.stdout
    piped = run(tmp_path, 2, "false | cat\necho never\n")
    assert piped.code == 1


def test_a_block_asked_to_stop_ends_at_once(tmp_path):
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    started = time.monotonic()
    done = run(tmp_path, 1, "while true; do sleep 1; done\n", stop)
    assert done.code is None and time.monotonic() - started < 5


def test_what_the_reader_types_at_a_prompt_reaches_the_command(tmp_path):
    done = run(tmp_path, 1, 'read -r -p "Enter password: " secret\necho "got $secret"\n', typed="hunter2\n")
    assert done.code == 0 and done.stdout.strip() == "got hunter2", done.stderr


def test_a_failing_step_is_named_by_its_line_in_the_block(tmp_path):
    done = run(tmp_path, 1, "echo one\nls /no/such/folder\necho never\n")
    assert done.code != 0 and done.failed_at == 2
    looped = run(tmp_path, 2, "for x in a b; do\n  test $x = a\ndone\n")
    assert looped.code != 0 and looped.failed_at == 2
