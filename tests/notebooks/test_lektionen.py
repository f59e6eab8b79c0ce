"""Lektionen: vollständig, ausgeführt eingecheckt, ohne Fehlerausgaben, und strikt reproduzierbar (nbval)."""

import os
import subprocess
import sys

import pytest

from bau.notebooks import lies, normalisiere, quelle
from tests.notebooks.kurs import KURSPLAN, WURZEL, lektionen


def test_alle_lektionen_des_kursplans_sind_da():
    """Jede Lektion des Kursplans hat ein Notebook in course/."""
    fehlend = [n for n in KURSPLAN if not (WURZEL / "course" / f"{n}.ipynb").exists()]
    assert not fehlend, f"Lektionen fehlen in course/: {fehlend}"


@pytest.mark.parametrize("pfad", lektionen(), ids=lambda p: p.stem)
def test_lektion_ist_ausgefuehrt_und_sauber(pfad):
    """Jede Code-Zelle lief, keine Fehlerausgabe, keine leere Zelle, normalisiert eingecheckt."""
    nb = lies(pfad)
    for i, zelle in enumerate(nb["cells"]):
        assert quelle(zelle).strip(), f"{pfad.name}: Zelle {i} ist leer"
        if zelle["cell_type"] != "code":
            continue
        assert zelle["execution_count"] is not None, f"{pfad.name}: Zelle {i} wurde nicht ausgeführt"
        fehler = [o for o in zelle["outputs"] if o["output_type"] == "error"]
        assert not fehler, f"{pfad.name}: Zelle {i} zeigt einen Fehler: {fehler[0].get('ename')}"
    erneut = normalisiere(lies(pfad), pfad.stem, ausgaben_behalten=True)
    assert erneut == nb, f"{pfad.name} ist nicht normalisiert: python -m bau.lektionen {pfad.relative_to(WURZEL)}"


@pytest.mark.parametrize("pfad", lektionen(), ids=lambda p: p.stem)
def test_lektion_reproduziert_ihre_ausgaben(pfad):
    """nbval (strikt): erneut ausgeführt entstehen genau die eingecheckten Ausgaben."""
    umgebung = dict(os.environ, PYTHONPATH=str(WURZEL))
    lauf = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env",
         "--nbval-sanitize-with", str(WURZEL / "tests/notebooks/sanitize.cfg"), str(pfad)],
        capture_output=True, text=True, cwd=WURZEL, env=umgebung, timeout=300)
    assert lauf.returncode == 0, f"nbval meldet Abweichungen in {pfad.name}:\n{lauf.stdout[-4000:]}"
