"""Fixtures für die versteckten Bewerter: für jedes `test_F.py` eine Fixture namens `F`.

Die conftest.py der Bewerter ruft nur `fixtures_fuer(verzeichnis)` auf; wer einen neuen Bewerter
`test_F.py` anlegt, muss dort nichts ändern.

Woher der Wert kommt:
* Beim Bewerten (pruefe, nbgrader) legt der Prüfprozess die Werte der Lernenden in `config.stash` ab.
* Bei einem einfachen `pytest tests/graders` kommt die Musterlösung aus `solutions/` (siehe `referenz`).
"""

from pathlib import Path

import pytest

WERTE = pytest.StashKey[dict]()
FEHLEND = pytest.StashKey[dict]()


def wert_fuer(config, name: str):
    werte = config.stash.get(WERTE, None)
    if werte is None:
        from pruefer.referenz import referenzwert

        return referenzwert(name)
    if name not in werte:
        meldung = config.stash.get(FEHLEND, {}).get(name) or f"`{name}` ist nicht definiert."
        pytest.fail(meldung, pytrace=False)
    return werte[name]


def _fixture(name: str):
    def liefere(request):
        return wert_fuer(request.config, name)

    liefere.__name__ = f"fixture_{name}"
    liefere.__doc__ = f"Der Wert `{name}` der Lernenden (oder der Musterlösung)."
    return pytest.fixture(name=name)(liefere)


def fixtures_fuer(verzeichnis: Path) -> dict:
    """Fixtures für alle `test_F.py` in `verzeichnis`, zum Einfügen in die globals() einer conftest.py."""
    namen = sorted(p.stem[len("test_"):] for p in Path(verzeichnis).glob("test_*.py"))
    return {f"fixture_{name}": _fixture(name) for name in namen}
