"""fake_model läuft auch mit Python 3.12 und 3.13 (3.14 prüft die Browser-Fassung mit Pyodide).

Für jedes Python legen wir einmal ein Wegwerf-venv mit pydantic an (etwa 15 s je Python beim ersten
Mal, danach aus dem Zwischenspeicher im Temp-Verzeichnis) und lassen ``rauch_skript.py`` laufen.
"""

import glob
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.andere_pythons

HIER = Path(__file__).parent
REPO = HIER.parent.parent
PYTHONS = sorted(glob.glob("/root/.pyenv/versions/3.12.*/bin/python")
                 + glob.glob("/root/.pyenv/versions/3.13.*/bin/python"))


def venv_mit_pydantic(python):
    """Ein venv mit pydantic für ``python``; wiederverwendet, wenn es schon vollständig ist."""
    version = Path(python).parent.parent.name
    ort = Path(tempfile.gettempdir()) / f"fake_model_py{version}"
    fertig = ort / "fertig"
    if not fertig.exists():
        subprocess.run([python, "-m", "venv", "--clear", str(ort)], check=True, capture_output=True)
        pip = subprocess.run([str(ort / "bin" / "python"), "-m", "pip", "install", "-q", "pydantic>=2,<3"],
                             capture_output=True, text=True)
        assert pip.returncode == 0, f"pip install pydantic für {version} scheiterte:\n{pip.stderr[-2000:]}"
        fertig.write_text("ok\n")
    return str(ort / "bin" / "python")


def lauf(python):
    umgebung = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([python, str(HIER / "rauch_skript.py")], capture_output=True, text=True, env=umgebung,
                          cwd=tempfile.gettempdir(), timeout=60)


@pytest.fixture(scope="session")
def ids_hier():
    ergebnis = lauf(sys.executable)
    assert ergebnis.returncode == 0, ergebnis.stderr
    return ergebnis.stdout.split(")", 1)[1].strip()


@pytest.mark.skipif(not PYTHONS, reason="kein Python 3.12/3.13 unter /root/.pyenv")
@pytest.mark.parametrize("python", PYTHONS, ids=lambda p: Path(p).parent.parent.name)
def test_rauchtest_mit_anderem_python(python, ids_hier):
    ergebnis = lauf(venv_mit_pydantic(python))
    assert ergebnis.returncode == 0, ergebnis.stderr
    zeile = ergebnis.stdout.strip()
    assert zeile.startswith("OK (3, 1"), zeile
    assert zeile.split(")", 1)[1].strip() == ids_hier  # dieselben Ids in jedem Python


def test_rauchtest_mit_diesem_python(ids_hier):
    assert ids_hier.startswith("toolu_01rGwv5KkuUxyE6SZyu4BSNK ")
