"""Gemeinsame Fixtures der Tests des Bewertungswerkzeugs (das Probeblatt steht in probeblatt.py)."""

import json
from pathlib import Path

import pytest


@pytest.fixture
def schreibe(tmp_path):
    """schreibe(name, notebook_dict_oder_text) -> Pfad der geschriebenen Datei."""
    def _schreibe(name: str, inhalt) -> Path:
        pfad = tmp_path / name
        pfad.write_text(inhalt if isinstance(inhalt, str) else json.dumps(inhalt, ensure_ascii=False),
                        encoding="utf-8")
        return pfad
    return _schreibe
