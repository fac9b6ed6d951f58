"""A fresh Python environment inside the samples' pinned one: what a reader's new Jupyter kernel has.

A reader's kernel has Jupyter and nothing else the page needs, so `import nomic` fails until a cell
installs it. The samples have every package already installed (.venv, from requirements.txt); this
module hides the ones not installed *yet*. With SAMPLES_FRESH set to a folder, every Python process
of the notebook (the kernel, and the scripts and commands it starts) does not find a top-level
module whose distributions are all uninstalled, so importing it raises the error Python gives for a
missing module.
`pip install` (the stand-in, ../bin/pip) marks what it installs, with everything it requires, as
installed; processes see that at once.

`prepare()` writes, once per run, `modules.json` (each top-level module of the pinned environment
and the distributions that provide it; SAMPLES_FRESH_MODULES names it) and `installed.json` (ipykernel
and what it requires), which each notebook's SAMPLES_FRESH folder starts from.
"""

import importlib.machinery
import json
import os
import sys
from pathlib import Path

BASE = ("ipykernel", "pip")  # what a Jupyter kernel itself runs on, and the installer every environment has
MODULES, INSTALLED = "modules.json", "installed.json"


def canonical(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def closure(wanted: list[str]) -> set[str]:
    """The installed distributions that `pip install <wanted>` would leave installed: each requirement
    (`name[extra]`, any version) with what it requires, for the extras asked, transitively."""
    from importlib import metadata

    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    found: set[str] = set()
    queue = [(Requirement(text), None) for text in wanted]
    seen: set[tuple[str, str | None]] = set()
    while queue:
        requirement, _ = queue.pop()
        name = canonical(requirement.name)
        extras = tuple(sorted(requirement.extras))
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            dist = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            continue  # not pinned here: the check of versions (../bin/pip) reports what the page asks for
        found.add(name)
        for text in dist.requires or []:
            needed = Requirement(text)
            if needed.marker is None:
                queue.append((needed, None))
                continue
            for extra in ("", *requirement.extras):
                if needed.marker.evaluate({**default_environment(), "extra": extra}):
                    queue.append((needed, None))
                    break
    return found


def prepare(folder: str) -> None:
    """Writes the map of modules to distributions and the base set into `folder`."""
    from importlib import metadata

    Path(folder).mkdir(parents=True, exist_ok=True)
    modules: dict[str, list[str]] = {}
    for module, dists in metadata.packages_distributions().items():
        if module.isidentifier() and module not in sys.stdlib_module_names:
            modules[module] = sorted({canonical(d) for d in dists})
    Path(folder, MODULES).write_text(json.dumps(modules))
    Path(folder, INSTALLED).write_text(json.dumps(sorted(closure(list(BASE)))))


def mark_installed(folder: str, requirements: list[str]) -> list[str]:
    """Adds what installing `requirements` installs; returns the distributions that were not there yet."""
    path = Path(folder, INSTALLED)
    before = set(json.loads(path.read_text()))
    added = closure(requirements) - before
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(sorted(before | added)))
    os.replace(temporary, path)  # processes reading it never see half a file
    return sorted(added)


class Gate(importlib.machinery.PathFinder):
    """Python's path finder, but a top-level module whose distributions are none of them installed yet is not
    there: `import x` raises ModuleNotFoundError and `importlib.util.find_spec("x")` is None, as in a new
    environment (a library that probes for an optional package, as `datasets` does for sqlalchemy, sees it
    missing)."""

    modules: dict[str, list[str]] = {}
    installed_file: Path | None = None
    stamp: int | None = None
    installed: set[str] = set()

    @classmethod
    def _current(cls) -> set[str]:
        stamp = cls.installed_file.stat().st_mtime_ns
        if stamp != cls.stamp:
            cls.installed, cls.stamp = set(json.loads(cls.installed_file.read_text())), stamp
        return cls.installed

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        # A submodule goes with its package; the standard library and the reader's own files are no distribution's.
        if "." not in name and name in cls.modules and not set(cls.modules[name]) & cls._current():
            return None
        return super().find_spec(name, path, target)


def install_gate() -> None:
    """Puts `Gate` in the place of Python's path finder."""
    Gate.modules = json.loads(Path(os.environ["SAMPLES_FRESH_MODULES"]).read_text())
    Gate.installed_file = Path(os.environ["SAMPLES_FRESH"], INSTALLED)
    sys.meta_path[:] = [Gate if finder is importlib.machinery.PathFinder else finder for finder in sys.meta_path]


if __name__ == "__main__":
    prepare(sys.argv[1])  # python freshenv.py FOLDER, once per run (../run.mjs)
