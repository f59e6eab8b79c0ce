"""Jeder Bewerter wird durch seine Mutanten bewiesen.

Für jeden Ordner `tests/graders/mutanten/F/`:
* jedes `falsch_*.py` muss Punkte verlieren (die Meldung nennt, welche Prüfungen es erwischt haben),
* jedes `richtig_*.py` muss volle Punkte bekommen,
* es gibt mindestens 8 falsche und 3 richtige Mutanten.

Die Mutanten laufen durch dieselbe isolierte Bewertung wie Notebooks (`pruefer.bewertung`).
Neue Ordner und Dateien werden automatisch gefunden.
"""

from pathlib import Path

import pytest

from pruefer.bewertung import bewerte_quelltexte

MUTANTEN = Path(__file__).resolve().parent.parent / "graders" / "mutanten"
DATEIEN = sorted(p for p in MUTANTEN.glob("*/*.py") if p.stem.startswith(("falsch_", "richtig_")))
ORDNER = sorted(p for p in MUTANTEN.iterdir() if p.is_dir() and any(p.glob("*.py")))


def _id(pfad: Path) -> str:
    return f"{pfad.parent.name}/{pfad.stem}"


@pytest.fixture(scope="module")
def ergebnisse():
    """Alle Mutanten auf einmal bewerten (zwei gleichzeitig), je Datei ein NotebookErgebnis."""
    eintraege = [(p.parent.name, p.read_text(encoding="utf-8"), _id(p)) for p in DATEIEN]
    return dict(zip(DATEIEN, bewerte_quelltexte(eintraege, jobs=2), strict=True))


def _uebersicht(ergebnis) -> str:
    zeilen = []
    for a in ergebnis.aufgaben:
        for p in a.pruefungen:
            zeichen = "✔" if p.bestanden else "✘"
            zeilen.append(f"  {zeichen} {p.name}" + (f": {p.meldung.splitlines()[0]}" if p.meldung else ""))
    return "\n".join(zeilen + [f"  ! {t}" for t in ergebnis.unbrauchbar])


@pytest.mark.parametrize("pfad", DATEIEN, ids=_id)
def test_mutant(pfad, ergebnisse, record_property):
    ergebnis = ergebnisse[pfad]
    assert ergebnis.aufgaben, f"{_id(pfad)}: keine Bewertung ({ergebnis.unbrauchbar})"
    aufgabe = ergebnis.aufgaben[0]
    assert aufgabe.pruefungen, f"{_id(pfad)}: keine Prüfungen gelaufen"
    erwischt = [p.name for p in aufgabe.pruefungen if not p.bestanden]
    record_property("erwischt_von", erwischt)
    if pfad.stem.startswith("falsch_"):
        assert erwischt, (f"{_id(pfad)} ist absichtlich falsch, bekam aber volle Punkte. "
                          f"Der Bewerter test_{pfad.parent.name}.py braucht eine Prüfung dafür:\n"
                          f"{pfad.read_text(encoding='utf-8').split(chr(10))[0]}")
        print(f"{_id(pfad)} erwischt von: {erwischt}")
    else:
        assert not erwischt, (f"{_id(pfad)} ist eine richtige Lösung, verlor aber Punkte:\n"
                              f"{_uebersicht(ergebnis)}")


@pytest.mark.parametrize("ordner", ORDNER, ids=lambda p: p.name)
def test_genug_mutanten(ordner):
    falsch = list(ordner.glob("falsch_*.py"))
    richtig = list(ordner.glob("richtig_*.py"))
    assert len(falsch) >= 8 and len(richtig) >= 3, (
        f"mutanten/{ordner.name}: {len(falsch)} falsche und {len(richtig)} richtige Mutanten; "
        "verlangt sind mindestens 8 falsche und 3 richtige.")


@pytest.mark.parametrize("pfad", DATEIEN, ids=_id)
def test_mutant_hat_docstring(pfad):
    import ast

    baum = ast.parse(pfad.read_text(encoding="utf-8"))
    assert ast.get_docstring(baum), f"{_id(pfad)}: Der Modul-Docstring soll sagen, was der Mutant anders macht."
    namen = {k.name for k in baum.body if isinstance(k, ast.FunctionDef | ast.ClassDef)}
    namen |= {z.id for k in baum.body if isinstance(k, ast.Assign) for z in k.targets if isinstance(z, ast.Name)}
    assert pfad.parent.name in namen, f"{_id(pfad)} definiert `{pfad.parent.name}` nicht."
