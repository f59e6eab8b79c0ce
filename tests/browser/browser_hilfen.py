"""Kleine Helfer der Browser-Tests: Notebooks lesen, Lösungscode wie eine lernende Person einfügen."""

from __future__ import annotations

import json
import re
from pathlib import Path


def lies(pfad: Path) -> dict:
    return json.loads(pfad.read_text(encoding="utf-8"))


def nbgrader(zelle: dict) -> dict:
    return zelle.get("metadata", {}).get("nbgrader", {})


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
    zeilen = "".join(zelle["source"]).splitlines()
    return "\n".join(z for z in zeilen if not re.fullmatch(r"\s*### (BEGIN|END) SOLUTION\s*", z))
