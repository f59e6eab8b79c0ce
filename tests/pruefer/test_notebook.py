"""Was aus einem Notebook beim Bewerten ausgeführt wird, und automatische Fixtures für neue Bewerter."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from probeblatt import blatt

from pruefer.notebook import filtere, lies, zu_python

BEWERTER = Path(__file__).resolve().parent.parent / "graders"


def _behalten(quelle: str) -> list[str]:
    return [type(k).__name__ for k in filtere(quelle, "<Zelle 1>").body]


def test_filter_behaelt_importe_definitionen_zuweisungen():
    quelle = ("import os\nfrom json import dumps\nX = 1\nY: int = 2\nasync def a(): pass\n"
              "def f(): pass\nclass K: pass\nA, B = 1, 2\n[C, *D] = [1, 2, 3]\n")
    assert _behalten(quelle) == ["Import", "ImportFrom", "Assign", "AnnAssign", "AsyncFunctionDef",
                                 "FunctionDef", "ClassDef", "Assign", "Assign"]


def test_filter_wirft_aufrufe_schleifen_und_attribute_weg():
    quelle = ("print('hi')\nwhile True: pass\nfor i in range(3): pass\nif True: x = 1\n"
              "os.environ['A'] = '1'\nimport pruefer\npruefer.pruefe = None\na.x, b = 1, 2\nz: int\nx += 1\n"
              "with open('f') as f: pass\ntry:\n    pass\nexcept Exception:\n    pass\n")
    assert _behalten(quelle) == ["Import"]


def test_magics_werden_umgewandelt():
    code = zu_python("%time x = 1\n!ls\ny = 2\n")
    assert "get_ipython()" in code
    assert _behalten(code) == ["Assign"] and "y = 2" in code


def test_aufgaben_und_punkte_aus_den_metadaten(tmp_path):
    pfad = tmp_path / "b.ipynb"
    pfad.write_text(json.dumps(blatt()), encoding="utf-8")
    nb = lies(pfad)
    assert [(a.name, a.max_punkte, a.zelle) for a in nb.aufgaben] == [("antworte", 4.0, 3),
                                                                      ("tool_result_fuer", 3.0, 5)]
    assert [z.nummer for z in nb.zellen] == [2, 3, 5]  # Bewertungszellen laufen nicht mit
    assert not nb.unbrauchbar


def test_geloeschte_loesungszelle_bleibt_aufgabe(tmp_path):
    pfad = tmp_path / "b.ipynb"
    pfad.write_text(json.dumps(blatt(antworte=None)), encoding="utf-8")
    assert [a.name for a in lies(pfad).aufgaben] == ["antworte", "tool_result_fuer"]


def test_neuer_bewerter_bekommt_fixture_automatisch(tmp_path):
    """Ein neues test_F.py braucht keine Änderung an der conftest.py; PRUEFER_GRADERS zeigt auf den Ordner."""
    bewerter = tmp_path / "bewerter"
    bewerter.mkdir()
    shutil.copy(BEWERTER / "conftest.py", bewerter / "conftest.py")
    (bewerter / "test_verdopple.py").write_text(
        'def test_zwei(verdopple):\n    """Zwei wird vier"""\n    assert verdopple(2) == 4, "erwartet 4"\n\n\n'
        'def test_null(verdopple):\n    """Null bleibt null"""\n    assert verdopple(0) == 0, "erwartet 0"\n',
        encoding="utf-8")
    nb = {"cells": [{"cell_type": "code", "metadata": {"nbgrader": {"grade_id": "verdopple", "solution": True,
                                                                    "grade": False}},
                     "source": "def verdopple(x):\n    return x + 2\n", "outputs": [], "execution_count": None}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    pfad = tmp_path / "v.ipynb"
    pfad.write_text(json.dumps(nb), encoding="utf-8")
    umgebung = dict(os.environ, PRUEFER_GRADERS=str(bewerter))
    lauf = subprocess.run([sys.executable, "-m", "pruefer", "--json", str(pfad)], capture_output=True, text=True,
                          env=umgebung, timeout=120)
    daten = json.loads(lauf.stdout)
    assert lauf.returncode == 1, lauf.stderr
    (aufgabe,) = daten["aufgaben"]
    assert aufgabe["id"] == "verdopple" and aufgabe["max_punkte"] == 1.0 and aufgabe["punkte"] == 0.5
    assert aufgabe["pruefungen"] == [{"name": "Zwei wird vier", "bestanden": True, "meldung": ""},
                                     {"name": "Null bleibt null", "bestanden": False, "meldung": "erwartet 0"}]
