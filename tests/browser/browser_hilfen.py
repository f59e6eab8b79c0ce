"""Kleine Helfer der Browser-Tests: Notebooks lesen, Lösungscode wie eine lernende Person einfügen."""

from __future__ import annotations

from bau.notebooks import lies, nbgrader, ohne_loesungsmarken, quelle

__all__ = ["lies", "nbgrader", "code_zellen", "loesungszellen", "pruefzellen", "loesungscode"]


def code_zellen(nb: dict) -> list[int]:
    """Indizes der Code-Zellen, die etwas enthalten (leere Zellen führt JupyterLab nicht aus)."""
    return [i for i, z in enumerate(nb["cells"]) if z["cell_type"] == "code" and "".join(z["source"]).strip()]


def loesungszellen(nb: dict) -> list[tuple[int, str]]:
    """(Index, grade_id) jeder Lösungszelle mit Code."""
    return [(i, nbgrader(z)["grade_id"]) for i, z in enumerate(nb["cells"])
            if nbgrader(z).get("solution") and z["cell_type"] == "code"]


def pruefzellen(nb: dict) -> list[int]:
    return [i for i, z in enumerate(nb["cells"]) if nbgrader(z).get("grade") and z["cell_type"] == "code"]


def loesungscode(loesung_nb: dict, grade_id: str) -> str:
    """Der Code der Lösungszelle, so wie eine lernende Person ihn eintippen würde (ohne Lösungsmarken)."""
    zelle = next(z for z in loesung_nb["cells"] if nbgrader(z).get("grade_id") == grade_id)
    return ohne_loesungsmarken(quelle(zelle)).rstrip("\n")
