"""Form der versteckten Bewerter (Vertrag in docs/schnittstellen.md), für jedes tests/graders/test_F.py:
jeder Test bekommt die Fixture F und hat einen Docstring (seine erste Zeile ist der Titel für Lernende)."""

import ast
from pathlib import Path

import pytest

BEWERTER = sorted((Path(__file__).resolve().parent.parent / "graders").glob("test_*.py"))


def _tests(baum: ast.Module):
    return [k for k in baum.body if isinstance(k, ast.FunctionDef) and k.name.startswith("test_")]


@pytest.mark.parametrize("datei", BEWERTER, ids=lambda p: p.stem)
def test_bewerter_form(datei):
    name = datei.stem[len("test_"):]
    baum = ast.parse(datei.read_text(encoding="utf-8"))
    tests = _tests(baum)
    assert tests, f"{datei.name} enthält keine Tests."
    for t in tests:
        assert name in [a.arg for a in t.args.args], f"{datei.name}::{t.name} bekommt die Fixture `{name}` nicht."
        doc = ast.get_docstring(t)
        assert doc and doc.strip(), f"{datei.name}::{t.name} hat keinen Docstring (Titel für Lernende)."
