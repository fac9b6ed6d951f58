"""Checks a bash block that cannot run here (`norun="reason"`) as far as it can be checked without running it.

Each command of the block (split at `&&`, `||`, `;` and `|`, past `VAR=value` and `sudo`):
- `pip install` lines: every requirement that names a package of the samples' pinned environment is
  checked as the pip stand-in checks a running block (version, extras); URLs, paths and packages the
  environment does not pin (a GPU build) are left;
- any other command installed here: each long option it is given (`--save-dev`, `--batch`) must be one its
  own `--help` lists (`npm install --help` for a subcommand), so a misspelt or invented flag fails.
A command not installed here is left unchecked. Problems give the line in the page file.
"""

import os
import re
import shlex
import shutil
import subprocess
from functools import lru_cache
from importlib import metadata

from packaging.requirements import InvalidRequirement, Requirement

SEPARATORS = {"&&", "||", ";", "|", "&", "(", ")"}
SHELL_WORDS = {"cd", "export", "set", "source", ".", "echo", "exit", "true", "false", "if", "then", "fi", "for", "do", "done"}
HELP_SECONDS = 20


def _logical_lines(code: str) -> list[tuple[int, str]]:
    """Each command line with its 0-based line in the block, continuations joined."""
    out, lines, i = [], code.split("\n"), 0
    while i < len(lines):
        start, text = i, lines[i]
        while text.endswith("\\") and i + 1 < len(lines):
            i += 1
            text = text[:-1] + " " + lines[i]
        out.append((start, text))
        i += 1
    return out


def _commands(text: str) -> list[list[str]]:
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        tokens = list(lexer)
    except ValueError:
        return []
    commands, current, skip = [], [], False
    for token in tokens:
        if skip:
            skip = False
        elif token in SEPARATORS:
            commands.append(current)
            current = []
        elif re.fullmatch(r"\d?[<>]+&?", token):
            skip = True  # a redirection's target
        else:
            current.append(token)
    commands.append(current)
    cleaned = []
    for words in commands:
        while words and (re.fullmatch(r"[A-Za-z_]\w*=.*", words[0]) or words[0] == "sudo"):
            words = words[1:]
        if words:
            cleaned.append(words)
    return cleaned


def _pip_problems(words: list[str]) -> list[str]:
    problems = []
    for word in words:
        if word.startswith("-") or "://" in word or word.startswith((".", "/")):
            continue
        try:
            wanted = Requirement(word)
        except InvalidRequirement as error:
            problems.append(f"{word}: not a requirement pip understands ({error})")
            continue
        try:
            installed = metadata.distribution(wanted.name)
        except metadata.PackageNotFoundError:
            continue  # not pinned here (a GPU build): the block's reason stands for it
        extras = {e.lower() for e in installed.metadata.get_all("Provides-Extra") or []}
        for extra in wanted.extras:
            if extra.lower() not in extras:
                problems.append(f"{wanted.name} {installed.version} has no extra [{extra}]")
        if wanted.specifier and not wanted.specifier.contains(installed.version, prereleases=True):
            problems.append(f"{word}: the samples pin {wanted.name} {installed.version}, outside {wanted.specifier}")
    return problems


@lru_cache(maxsize=64)
def _help(command: tuple[str, ...], path: str) -> str:
    """What `command --help` prints, and `--help all` where the short help leaves options out (curl)."""
    text = ""
    for asked in (["--help"], ["--help", "all"]):
        try:
            done = subprocess.run(
                [*command, *asked], capture_output=True, text=True, timeout=HELP_SECONDS, env={**os.environ, "PATH": path}
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        text += done.stdout + done.stderr
    return text


def _option_problems(words: list[str], path: str) -> list[str]:
    name = words[0]
    if name in SHELL_WORDS or not shutil.which(name, path=path):
        return []
    options = []
    for word in words[1:]:
        if word == "--":
            break  # what follows belongs to the program this one starts (`npm create vite -- --template x`)
        if re.fullmatch(r"--[a-z][\w-]*(=.*)?", word):
            options.append(word.split("=", 1)[0])
    if not options:
        return []
    sub = words[1] if len(words) > 1 and re.fullmatch(r"[a-z][\w-]*", words[1]) else None
    text = (_help((name, sub), path) if sub else "") + _help((name,), path)
    return [
        f"{name} has no option {option} (its --help does not list it)"
        for option in options
        if not re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", text)
    ]


def check(code: str, line: int, path: str) -> list[str]:
    """Problems with a norun bash block whose fence is at `line` of the page file."""
    problems = []
    for offset, text in _logical_lines(code):
        for words in _commands(text):
            found = []
            if words[0] in ("pip", "pip3") and words[1:2] == ["install"]:
                found = _pip_problems(words[2:])
            elif words[0].startswith("python") and words[1:4] == ["-m", "pip", "install"]:
                found = _pip_problems(words[4:])
            else:
                found = _option_problems(words, path)
            problems += [f"line {line + 1 + offset}: {problem}" for problem in found]
    return problems
