"""What a norun bash block is checked for without running it (session/pagerun/norun_shell.py)."""

import os

from pagerun import norun_shell

PATH = os.environ["PATH"]


def test_a_long_option_the_command_does_not_have_fails_with_its_page_line():
    assert norun_shell.check("curl --location --output a.pdf https://example.com/a.pdf\n", 10, PATH) == []
    problems = norun_shell.check("ls -l \\\n  --colour-scheme=dark\n", 10, PATH)
    assert problems == ["line 11: ls has no option --colour-scheme (its --help does not list it)"]


def test_pip_lines_are_checked_against_the_pinned_packages_and_the_rest_is_left():
    assert norun_shell.check("pip install git+https://github.com/x/y.git flash-attn pillow\n", 1, PATH) == []
    assert "outside <1" in norun_shell.check("pip install 'numpy<1'\n", 1, PATH)[0]
    assert "no extra [locall]" in norun_shell.check('pip install "nomic[locall]"\n', 1, PATH)[0]


def test_commands_not_installed_here_and_options_for_the_program_a_command_starts_are_left():
    assert norun_shell.check("sudo apt-get-nothing --yes-please x\n", 1, PATH) == []
    assert norun_shell.check("env --ignore-environment -- ls --no-such-flag\n", 1, PATH) == []
