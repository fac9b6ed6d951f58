"""Compares what a block printed with the output its page shows (a ```text output fence after it).

The page's text is a pattern, read line by line, so what must vary from run to run can:
- a line that is only `...` stands for any number of lines, none included;
- `...` inside a line, and a placeholder in angle brackets such as `<score>`, stand for any text;
- a UUID stands for any UUID, and an ISO date or time for any date or time;
- a decimal number stands for any number that rounds to it at the digits shown (`0.81`
  matches `0.8123`, not `0.8163`).
Everything else must match exactly, apart from spaces at the ends of lines and blank lines
at the end. `compare()` returns None when the output matches, or a message naming the first
line shown that the output does not have.
"""

import re

UUID = r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
TIME = r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
# The pieces of a shown line that are not literal text, in the order they are tried.
TOKENS = re.compile(
    rf"(?P<ellipsis>\.\.\.|…)|(?P<placeholder><[A-Za-z][^<>]*>)|(?P<uuid>{UUID})|(?P<time>{TIME})"
    r"|(?P<number>(?<![\w.])-?\d+\.\d+(?![\w.]))"
)
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def _line_pattern(shown: str) -> tuple[re.Pattern, list[str]]:
    """A regex for one shown line, and the decimal numbers it shows (checked after the match)."""
    parts, numbers, at = [], [], 0
    for token in TOKENS.finditer(shown):
        parts.append(re.escape(shown[at : token.start()]))
        kind = token.lastgroup
        if kind in ("ellipsis", "placeholder"):
            parts.append(r".*?" if kind == "ellipsis" else r".+?")
        elif kind == "uuid":
            parts.append(UUID)
        elif kind == "time":
            parts.append(TIME)
        else:
            numbers.append(token.group())
            parts.append(rf"(?P<n{len(numbers) - 1}>{NUMBER.pattern})")
        at = token.end()
    parts.append(re.escape(shown[at:]))
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


def compare(shown: str, printed: str) -> str | None:
    """None when `printed` fits the page's `shown` output; otherwise what does not fit."""
    expected, actual = _lines(shown), _lines(printed)

    def fits(i: int, j: int, memo: dict) -> bool:
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(expected):
            result = j == len(actual)
        elif expected[i].strip() in ("...", "…"):
            result = any(fits(i + 1, k, memo) for k in range(j, len(actual) + 1))
        else:
            result = j < len(actual) and _line_matches(expected[i], actual[j]) and fits(i + 1, j + 1, memo)
        memo[(i, j)] = result
        return result

    if fits(0, 0, {}):
        return None
    # Name the first shown line with no counterpart, reading both in step (a good enough guide).
    j = 0
    for i, line in enumerate(expected):
        if line.strip() in ("...", "…"):
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
