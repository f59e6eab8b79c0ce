"""Ein kleines eigenes Übungsblatt mit zwei Aufgaben für die Tests des Bewertungswerkzeugs.

Das Blatt hat dieselbe Form wie die echten Blätter (nbgrader-Metadaten, Lösungszellen mit grade_id F,
gesperrte Bewertungszellen test_F mit Punkten), hängt aber nicht von ihnen ab.
"""

from pathlib import Path

DATEN = Path(__file__).parent / "daten"
LOESUNG = {name: (DATEN / f"loesung_{name}.py").read_text(encoding="utf-8")
           for name in ("antworte", "tool_result_fuer")}
PUNKTE = {"antworte": 4, "tool_result_fuer": 3}


def _zelle(quelle: str, art: str = "code", **nbgrader) -> dict:
    zelle = {"cell_type": art, "metadata": {}, "source": quelle}
    if art == "code":
        zelle.update(execution_count=None, outputs=[])
    if nbgrader:
        zelle["metadata"]["nbgrader"] = {"schema_version": 3, "locked": False, "task": False, **nbgrader}
    return zelle


def blatt(antworte: str | None = LOESUNG["antworte"], tool_result_fuer: str | None = LOESUNG["tool_result_fuer"],
          *, davor: list[str] = (), danach: list[str] = ()) -> dict:
    """Ein Übungsblatt als dict; None lässt die Lösungszelle weg, davor/danach fügt freie Zellen ein."""
    zellen = [_zelle("# Probeblatt\n\nZwei Aufgaben, nur für die Tests des Bewerters.", "markdown"),
              _zelle("from fake_model import FakeModell, ZuVieleRunden, text, text_von, tool_use")]
    zellen += [_zelle(q) for q in davor]
    for name in ("antworte", "tool_result_fuer"):
        quelle = {"antworte": antworte, "tool_result_fuer": tool_result_fuer}[name]
        if quelle is not None:
            zellen.append(_zelle(quelle, grade_id=name, solution=True, grade=False))
        zellen.append(_zelle(f'"""Prüft {name}."""\nassert callable({name})\n### BEGIN HIDDEN TESTS\n'
                             f'from pruefer import pruefe\npruefe("{name}", {name})\n### END HIDDEN TESTS',
                             grade_id=f"test_{name}", solution=False, grade=True, locked=True,
                             points=PUNKTE[name]))
    zellen += [_zelle(q) for q in danach]
    return {"cells": zellen, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                          "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}
