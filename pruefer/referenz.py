"""Die Musterlösungen aus `solutions/` laden (für `pytest tests/graders` ohne Lernendencode).

Gesucht wird das Blatt, dessen Lösungszelle die nbgrader-`grade_id` F hat. Ausgeführt wird derselbe
gefilterte Code wie beim Bewerten (`notebook.lies`), hier aber im eigenen Prozess: Musterlösungen sind
vertrauenswürdig.
"""

import functools
import json
import os
from pathlib import Path

from pruefer import orte
from pruefer.notebook import lies


def loesungsverzeichnis() -> Path:
    return Path(os.environ.get("PRUEFER_LOESUNGEN") or orte.REPO / "solutions")


@functools.cache
def _blaetter() -> dict[str, Path]:
    """grade_id -> Blatt, für alle Lösungszellen aller Blätter."""
    fundorte: dict[str, Path] = {}
    for pfad in sorted(loesungsverzeichnis().glob("*/*.ipynb")):
        if ".ipynb_checkpoints" in pfad.parts:
            continue
        try:
            nb = json.loads(pfad.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for zelle in nb.get("cells", []):
            nbg = zelle.get("metadata", {}).get("nbgrader", {})
            if nbg.get("solution") and nbg.get("grade_id"):
                fundorte.setdefault(nbg["grade_id"], pfad)
    return fundorte


@functools.cache
def _namensraum(pfad: Path) -> dict:
    namensraum: dict = {"__name__": "__main__"}
    nb = lies(pfad)
    alt = os.getcwd()
    os.chdir(pfad.parent)
    try:
        for zelle in nb.zellen:
            exec(zelle.codeobjekt, namensraum)
    finally:
        os.chdir(alt)
    return namensraum


def referenzwert(name: str):
    """Der Wert `name` aus dem Lösungsblatt, dessen Lösungszelle grade_id `name` hat."""
    import pytest

    pfad = _blaetter().get(name)
    if pfad is None:
        pytest.fail(f"Keine Musterlösung für `{name}`: Kein Blatt in {loesungsverzeichnis()} hat eine "
                    f"Lösungszelle mit grade_id {name!r}. Lege sie an oder prüfe die nbgrader-Metadaten.",
                    pytrace=False)
    namensraum = _namensraum(pfad)
    if name not in namensraum:
        pytest.fail(f"{pfad}: Die Lösungszelle mit grade_id {name!r} definiert `{name}` nicht.", pytrace=False)
    return namensraum[name]
