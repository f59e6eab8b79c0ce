"""exercises/ ist genau das, was nbgrader aus solutions/ erzeugt (nie von Hand bearbeitet, nie veraltet)."""

import subprocess
import sys

from bau.notebooks import lies, normalisiere
from tests.notebooks.kurs import WURZEL, loesungsblaetter


def test_exercises_entspricht_solutions(tmp_path):
    """Neu erzeugt ergibt Byte für Byte dieselben Dateien wie eingecheckt (sonst: make uebungen)."""
    lauf = subprocess.run([sys.executable, "-m", "bau.uebungen", "--ziel", str(tmp_path)],
                          capture_output=True, text=True, cwd=WURZEL, timeout=300)
    assert lauf.returncode == 0, lauf.stderr[-3000:]
    neu = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    alt = {p.relative_to(WURZEL / "exercises"): p.read_bytes()
           for p in (WURZEL / "exercises").rglob("*") if p.is_file()}
    assert neu.keys() == alt.keys(), f"Dateien weichen ab: {sorted(map(str, neu.keys() ^ alt.keys()))}"
    veraltet = sorted(str(p) for p in neu if neu[p] != alt[p])
    assert not veraltet, f"exercises/ ist veraltet (make uebungen ausführen): {veraltet}"


def test_loesungsblaetter_sind_normalisiert():
    """solutions/ ist ohne Ausgaben und normalisiert eingecheckt (stabile Ids, keine Ausführungszähler)."""
    for pfad in loesungsblaetter():
        nb = lies(pfad)
        assert normalisiere(lies(pfad), pfad.stem, ausgaben_behalten=False) == nb, (
            f"{pfad.relative_to(WURZEL)} ist nicht normalisiert: python -m bau.uebungen {pfad.parent.name}")
