"""Compares what a block printed with the output its page shows (a ```text output fence after it).

The page's text is a pattern, read line by line. Only what must vary from run to run may, and
each thing that varies says what it is:
- `<number>` stands for one number, `<id>` for one identifier (a UUID, a slug, a hash: no
  spaces), `<time>` for an ISO date or time, `<url>` for one http(s) URL;
- a UUID shown stands for any UUID, an ISO date or time for any date or time, and a decimal
  number for any number that rounds to it at the digits shown (`0.81` matches `0.8123`, not
  `0.8163`);
- a line `... (3 lines)` stands for exactly that many lines, `... (up to 5 lines)` for at most
  that many and `... (1 to 5 lines)` for a range: a reader can tell how much is left out, and
  so can the check.
Everything else must match exactly, apart from spaces at the ends of lines, blank lines at the
end, and the width of a run of two or more spaces (a table's columns, aligned to values that
vary, as pandas prints them): any other `<placeholder>`, and a bare `...`, are refused as the shown output's own
problem, since they would match whatever the block printed. `compare()` returns None when the
output matches, or a message naming the problem or the first line shown that the output does
not have.
"""

import re

UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
TIME = r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
PLACEHOLDERS = {
    "number": r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|" + NUMBER.pattern,  # 1,200 as Python's {:,} writes it
    "id": r"[\w.:-]+",
    "time": TIME,
    "url": r"https?://\S+",
}
# The pieces of a shown line that are not literal text, in the order they are tried.
TOKENS = re.compile(
    rf"(?P<placeholder><[a-z][\w ,.'/-]*>)|(?P<uuid>{UUID})|(?P<time>{TIME})"
    r"|(?P<number>(?<![\w.])-?\d+\.\d+(?![\w.]))"
)
SKIPPED = re.compile(r"^(?:\.\.\.|…) \((?:(?P<upto>up to )|(?P<least>\d+) to )?(?P<count>\d+) lines?\)$")


class ShownOutputProblem(ValueError):
    """The shown output itself lets anything through."""


def _literal(text: str) -> str:
    """Text of a shown line as a regex: exact, but a run of two or more spaces is any run of spaces."""
    return r" +".join(re.escape(piece) for piece in re.split(r" {2,}", text))


def _line_pattern(shown: str) -> tuple[re.Pattern, list[str]]:
    """A regex for one shown line, and the decimal numbers it shows (checked after the match)."""
    parts, numbers, at = [], [], 0
    for token in TOKENS.finditer(shown):
        parts.append(_literal(shown[at : token.start()]))
        kind = token.lastgroup
        if kind == "placeholder":
            name = token.group()[1:-1]
            if name not in PLACEHOLDERS:
                raise ShownOutputProblem(
                    f"{token.group()} matches anything: show what the block prints, and let only what must vary "
                    f"vary, as {', '.join(f'<{n}>' for n in PLACEHOLDERS)}"
                )
            parts.append(f"(?:{PLACEHOLDERS[name]})")
        elif kind == "uuid":
            parts.append(UUID)
        elif kind == "time":
            parts.append(TIME)
        else:
            numbers.append(token.group())
            parts.append(rf"(?P<n{len(numbers) - 1}>{NUMBER.pattern})")
        at = token.end()
    parts.append(_literal(shown[at:]))
    return re.compile("".join(parts) + r"\Z"), numbers


def _line_matches(shown: str, actual: str) -> bool:
    pattern, numbers = _line_pattern(shown)
    match = pattern.match(actual)
    if not match:
        return False
    for i, number in enumerate(numbers):
        digits = len(number.split(".")[1])
        if round(float(match.group(f"n{i}")), digits) != round(float(number), digits):
            return False
    return True


def _lines(text: str) -> list[str]:
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def _skipped(line: str) -> range | None:
    """The numbers of lines a `... (N lines)` line stands for, or None for a line of output."""
    stripped = line.strip()
    match = SKIPPED.match(stripped)
    if match:
        count = int(match["count"])
        least = 0 if match["upto"] else int(match["least"]) if match["least"] else count
        return range(least, count + 1)
    if stripped in ("...", "…"):
        raise ShownOutputProblem(
            "a bare '...' line stands for any number of lines: say how many, '... (3 lines)' or '... (up to 5 lines)'"
        )
    return None


def compare(shown: str, printed: str) -> str | None:
    """None when `printed` fits the page's `shown` output; otherwise what does not fit."""
    expected, actual = _lines(shown), _lines(printed)
    try:
        skips = [_skipped(line) for line in expected]
        for line, skip in zip(expected, skips):
            if skip is None:
                _line_pattern(line)
    except ShownOutputProblem as problem:
        return f"the shown output lets anything through: {problem}"

    def fits(i: int, j: int, memo: dict) -> bool:
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            result = j == len(actual)
        elif skips[i] is not None:
            result = any(fits(i + 1, j + k, memo) for k in skips[i] if j + k <= len(actual))
        else:
            result = j < len(actual) and _line_matches(expected[i], actual[j]) and fits(i + 1, j + 1, memo)
        memo[(i, j)] = result
        return result

    if fits(0, 0, {}):
        return None
    # Name the first shown line with no counterpart, reading both in step (a good enough guide).
    j = 0
    for i, line in enumerate(expected):
        if skips[i] is not None:
            j += skips[i].start
            continue
        while j < len(actual) and not _line_matches(line, actual[j]):
            j += 1
        if j == len(actual):
            break
        j += 1
    else:
        i = len(expected)
    where = f"line {i + 1} of the shown output, {expected[i]!r}," if i < len(expected) else "the end of the output"
    tail = "\n".join(f"  | {line}" for line in actual[:40]) or "  (nothing)"
    return f"the block's output does not match the page: {where} has no match. It printed:\n{tail}"
