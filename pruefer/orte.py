"""Wo die versteckten Bewerter liegen.

Die Bewerter gehören nicht in `solutions/` oder `exercises/` (nbgrader würde sie sonst mit dem Feedback
verteilen). Sie liegen in `tests/graders/` des Repositorys; bei einer anderen Ablage zeigt die
Umgebungsvariable `PRUEFER_GRADERS` auf das Verzeichnis.
"""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def bewerter_verzeichnis() -> Path:
    """Das Verzeichnis mit den Modulen `test_F.py` (und ihrer conftest.py)."""
    eigen = os.environ.get("PRUEFER_GRADERS")
    if eigen:
        return Path(eigen).resolve()
    return REPO / "tests" / "graders"


def bewerter_datei(name: str) -> Path | None:
    """`test_<name>.py`, wenn es für `name` einen Bewerter gibt, sonst None."""
    if not name or not name.isidentifier():
        return None
    datei = bewerter_verzeichnis() / f"test_{name}.py"
    return datei if datei.is_file() else None


def bewertete_namen() -> list[str]:
    """Alle Namen F, für die es `test_F.py` gibt (sortiert)."""
    verzeichnis = bewerter_verzeichnis()
    if not verzeichnis.is_dir():
        return []
    return sorted(p.stem[len("test_"):] for p in verzeichnis.glob("test_*.py"))
