"""fake_model unter Python 3.14: mit Pyodide 314 (derselben Laufzeit wie im Browser), in Node.js.

Auf dieser Maschine gibt es kein CPython 3.14, aber die Pyodide-Laufzeit der Seite ist Python 3.14.
``pyodide_lauf.mjs`` lädt sie aus ``static/pyodide`` der gebauten Seite, dazu pydantic und die
fake_model-Wheel aus deren Paketliste, genau wie der Kernel im Browser.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from lite.pyodide import hole_wheels

pytestmark = pytest.mark.browser

HIER = Path(__file__).parent
WURZEL = HIER.parents[1]
NODE = shutil.which("node")


def in_pyodide(site: Path, skript: Path, *wheels: Path) -> subprocess.CompletedProcess:
    if NODE is None:
        pytest.fail("node fehlt (Node.js >= 18), nötig für den Python-3.14-Test mit Pyodide")
    return subprocess.run([NODE, str(HIER / "pyodide_lauf.mjs"), str(site / "static" / "pyodide"), str(WURZEL),
                           str(skript), *map(str, wheels)], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def lauf314(kursseite) -> dict:
    """Ein Pyodide-Lauf für beide Tests: Rauchtest und die pytest-Tests von fake_model."""
    wheels = hole_wheels([f"pytest=={version('pytest')}", f"hypothesis=={version('hypothesis')}"],
                         kursseite["abi"], kursseite["python"], kursseite["site"].parent / "cache")
    lauf = in_pyodide(kursseite["site"], HIER / "pytest_in_pyodide.py", *wheels)
    zeilen = {z.split(" ", 1)[0]: z.split(" ", 1)[1] for z in lauf.stdout.splitlines()
              if z.startswith(("RAUCH ", "ERGEBNIS "))}
    assert "ERGEBNIS" in zeilen, f"Kein Ergebnis aus Pyodide.\nstdout: {lauf.stdout[-2000:]}\nstderr: {lauf.stderr[-2000:]}"
    return {"rauch": zeilen["RAUCH"], "ergebnis": json.loads(zeilen["ERGEBNIS"]), "ausgabe": lauf.stdout}


def test_rauchtest_unter_python314_gleiche_ids(lauf314):
    """Der Rauchtest von fake_model läuft unter 3.14 und erzeugt dieselben Ids wie hier unter CPython."""
    zeile = lauf314["rauch"]
    assert zeile.startswith("OK (3, 14)"), f"Erwartet war 'OK (3, 14) …', gekommen ist {zeile!r}"
    hier = subprocess.run([sys.executable, str(WURZEL / "tests" / "fake_model" / "rauch_skript.py")],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(WURZEL)})
    assert hier.returncode == 0, hier.stderr[-2000:]
    ids_hier = hier.stdout.strip().split(")", 1)[1].split()
    assert zeile.split(")", 1)[1].split() == ids_hier, "Die Ids unter 3.14 weichen von CPython ab."


def test_fake_model_tests_unter_python314(lauf314):
    """Die pytest-Tests von fake_model bestehen unter Python 3.14 (Pyodide), mit echtem pydantic."""
    ergebnis, ausgabe = lauf314["ergebnis"], lauf314["ausgabe"]
    assert ergebnis["version"][:2] == [3, 14], ergebnis
    assert not ergebnis["gescheitert"], f"Unter 3.14 gescheitert: {ergebnis['gescheitert']}\n{ausgabe[-3000:]}"
    assert ergebnis["exit"] == 0, ausgabe[-3000:]
    assert ergebnis["bestanden"] >= 50, f"Zu wenige Tests gelaufen: {ergebnis}"
    assert ergebnis["uebersprungen"] <= 3, f"Zu viele übersprungen (nur Unterprozesse dürfen fehlen): {ergebnis}"
