"""Einstiegspunkte der Bewertung: Notebooks, Quelltexte (Mutanten) und lebende Werte (im Kernel)."""

import os
from pathlib import Path

from pruefer import orte
from pruefer.ergebnis import NotebookErgebnis
from pruefer.isolation import Auftrag, Grenzen, fuehre_aus
from pruefer.notebook import Aufgabe, UnbrauchbareEingabe, lies, zellen_aus_quelltext


def auftrag_aus_notebook(pfad: str | Path) -> Auftrag:
    """Liest ein Notebook; unlesbare Dateien werden zu einem Auftrag ohne Aufgaben mit deutscher Meldung."""
    try:
        nb = lies(pfad)
    except UnbrauchbareEingabe as e:
        return Auftrag(str(pfad), [], unbrauchbar=[str(e)])
    verzeichnis = os.path.dirname(os.path.abspath(pfad))
    auftrag = Auftrag(str(pfad), nb.aufgaben, nb.zellen, arbeitsverzeichnis=verzeichnis,
                      hinweise=nb.hinweise, unbrauchbar=nb.unbrauchbar)
    if not nb.aufgaben:
        auftrag.unbrauchbar.append(
            f"{pfad}: Keine bewertbare Aufgabe gefunden. Bewertet werden Lösungszellen, deren nbgrader-grade_id "
            f"einen Bewerter hat (bekannt: {', '.join(orte.bewertete_namen()) or 'keine'})."
        )
    return auftrag


def bewerte_notebooks(pfade, jobs: int = 1, grenzen: Grenzen | None = None,
                      fortschritt=None) -> list[NotebookErgebnis]:
    return fuehre_aus([auftrag_aus_notebook(p) for p in pfade], jobs=jobs, grenzen=grenzen,
                      fortschritt=fortschritt)


def bewerte_quelltext(name: str, quelltext: str, *, bezeichnung: str = "<Lösung>", max_punkte: float = 1.0,
                      grenzen: Grenzen | None = None) -> NotebookErgebnis:
    """Bewertet ein Python-Modul, das `name` definiert (so werden die Mutanten geprüft)."""
    return bewerte_quelltexte([(name, quelltext, bezeichnung)], max_punkte=max_punkte, grenzen=grenzen)[0]


def bewerte_quelltexte(eintraege, *, jobs: int = 1, max_punkte: float = 1.0,
                       grenzen: Grenzen | None = None) -> list[NotebookErgebnis]:
    """Wie bewerte_quelltext für viele (name, quelltext, bezeichnung) auf einmal, `jobs` gleichzeitig."""
    auftraege = []
    for name, quelltext, bezeichnung in eintraege:
        if orte.bewerter_datei(name) is None:
            raise ValueError(f"Für {name!r} gibt es keinen Bewerter in {orte.bewerter_verzeichnis()}")
        auftraege.append(Auftrag(bezeichnung, [Aufgabe(name, max_punkte)], zellen_aus_quelltext(quelltext)))
    return fuehre_aus(auftraege, jobs=jobs, grenzen=grenzen)


def bewerte_wert(name: str, wert, *, max_punkte: float = 1.0, grenzen: Grenzen | None = None) -> NotebookErgebnis:
    """Bewertet einen schon vorhandenen Wert (Funktion oder Antwortvariable), z. B. im Kernel."""
    if orte.bewerter_datei(name) is None:
        raise ValueError(f"Für {name!r} gibt es keinen Bewerter in {orte.bewerter_verzeichnis()}")
    return fuehre_aus([Auftrag(name, [Aufgabe(name, max_punkte)], werte={name: wert})], grenzen=grenzen)[0]
