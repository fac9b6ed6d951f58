"""A notebook's fresh environment (session/freshenv.py, bin/pip, sitecustomize.py): a package is missing until
`pip install` installs it, then importable with what it requires, in the process that installed it and in the
ones it starts; `python -m pip install` is the same stand-in; and the import table of the notebooks
(src/llms/pythonPackages.ts) names each module's real distribution."""

import json
import os
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import freshenv
from conftest import HERE

ROOT = HERE.parents[1]
SESSION = HERE / "session"


def environment(tmp_path: Path) -> dict[str, str]:
    base = tmp_path / "base"
    freshenv.prepare(str(base))
    fresh = tmp_path / "fresh"
    fresh.mkdir()
    (fresh / "installed.json").write_text((base / "installed.json").read_text())
    return {
        "PATH": f"{SESSION / 'bin'}:{os.path.dirname(sys.executable)}:/usr/bin:/bin",
        "PYTHONPATH": str(SESSION),
        "HOME": str(tmp_path),
        "SAMPLES_HOSTS": "{}",
        "SAMPLES_FRESH": str(fresh),
        "SAMPLES_FRESH_MODULES": str(base / "modules.json"),
    }


def python(env: dict[str, str], code: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_a_package_is_missing_until_pip_installs_it_then_importable_with_what_it_requires(tmp_path):
    env = environment(tmp_path)
    before = python(env, "import nomic", tmp_path)
    assert before.returncode == 1 and "ModuleNotFoundError: No module named 'nomic'" in before.stderr
    assert python(env, "import json, IPython, ipykernel", tmp_path).returncode == 0  # Python's own, and Jupyter's
    installed = subprocess.run(["pip", "install", "nomic==3.9.0"], env=env, capture_output=True, text=True, timeout=120)
    assert installed.returncode == 0, installed.stderr
    assert "Successfully installed" in installed.stdout and "pandas" in installed.stdout
    after = python(env, "import nomic, pandas, pyarrow; import sklearn", tmp_path)
    # nomic and what it requires are there now; scikit-learn, which nomic does not require, is not.
    assert "No module named 'sklearn'" in after.stderr, after.stderr


def test_a_process_sees_an_install_made_after_it_started(tmp_path):
    env = environment(tmp_path)
    code = (
        "import subprocess\n"
        "try:\n    import numpy\nexcept ModuleNotFoundError:\n    print('missing')\n"
        "subprocess.run(['pip', 'install', 'numpy'], check=True, capture_output=True)\n"
        "import numpy\nprint('there')\n"
    )
    done = python(env, code, tmp_path)
    assert done.stdout.split() == ["missing", "there"], done.stderr


def test_python_dash_m_pip_install_is_the_stand_in(tmp_path):
    env = environment(tmp_path)
    wrong = subprocess.run(
        [sys.executable, "-m", "pip", "install", "nomic==0.1"], env=env, capture_output=True, text=True, timeout=120
    )
    # The real pip would print "Requirement already satisfied"... or reach for the network; the stand-in checks.
    assert wrong.returncode == 1 and "outside ==0.1" in wrong.stderr, wrong.stderr + wrong.stdout
    assert python(env, "import nomic", tmp_path).returncode == 1


def test_the_notebooks_import_table_names_each_modules_distribution():
    table = (ROOT / "src/llms/pythonPackages.ts").read_text()
    entries = re.findall(r"^\s+(\w+): '([\w.-]+)',$", table, re.M)
    assert len(entries) > 10
    provided = metadata.packages_distributions()
    for module, dist in entries:
        try:
            metadata.distribution(dist)
        except metadata.PackageNotFoundError:
            continue  # only imported by blocks the samples do not run (torch, byaldi)
        assert freshenv.canonical(dist) in {freshenv.canonical(d) for d in provided.get(module, [])}, (module, dist)
        assert module not in sys.stdlib_module_names


def test_a_library_that_probes_for_an_optional_package_sees_it_missing(tmp_path):
    env = environment(tmp_path)
    done = python(env, "import importlib.util\nprint(importlib.util.find_spec('sqlalchemy'), importlib.util.find_spec('json') is not None)", tmp_path)
    assert done.stdout.split() == ["None", "True"], done.stderr
