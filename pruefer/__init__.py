"""Bewertung der Übungen: versteckte pytest-Prüfungen, isoliert ausgeführt.

Im Notebook (Bewertungszelle): ``from pruefer import pruefe`` und ``pruefe("antworte", antworte)``.
Auf der Kommandozeile: ``pruefe NOTEBOOK...`` (siehe ``pruefer.cli``).
"""

import os

__all__ = ["pruefe"]


def pruefe(name: str, wert) -> None:
    """Prüft `wert` (deine Funktion oder Antwort) mit den versteckten Prüfungen für `name`.

    Die Prüfungen laufen in einem eigenen Prozess. Es erscheint ein kurzer Bericht; fehlt etwas, folgt ein
    AssertionError. Während nbgrader autograde bewertet `pruefer.nbgrader_ext` das Notebook selbst neu, aus
    dem Quelltext und außerhalb des Kernels; hier passiert dann nichts (außer PRUEFER_IM_KERNEL ist gesetzt,
    wie beim Vergleich mit Stock-nbgrader in `make bench`).
    """
    if os.environ.get("NBGRADER_EXECUTION") == "autograde" and not os.environ.get("PRUEFER_IM_KERNEL"):
        print(f"{name}: wird außerhalb des Notebooks bewertet.")
        return
    from pruefer.bewertung import bewerte_wert

    ergebnis = bewerte_wert(name, wert)
    aufgabe = ergebnis.aufgaben[0]
    print(aufgabe.bericht())
    for text in ergebnis.unbrauchbar:
        print("!", text)
    if not aufgabe.voll:
        fehlt = len(aufgabe.pruefungen) - aufgabe.bestanden
        raise AssertionError(f"{name}: {fehlt} von {len(aufgabe.pruefungen)} versteckten Prüfungen nicht bestanden "
                             "(Einzelheiten stehen oben).")
