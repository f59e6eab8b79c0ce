"""Ein Name mit angehängtem Zeilenumbruch ist kein gültiger Werkzeugname (re.fullmatch statt re.match mit $)."""

import pytest
from pydantic import BaseModel

from fake_model import FakeModell, ProtokollFehler, text, werkzeug_aus_modell
from fake_model.openai import FakeOpenAIModell, openai_antwort


class Eingabe(BaseModel):
    q: str


def test_anthropic_werkzeugname_mit_zeilenumbruch_wird_abgelehnt():
    modell = FakeModell([[text("nie")]])
    werkzeug = {"name": "lager\n", "description": "d", "input_schema": {"type": "object", "properties": {}}}
    with pytest.raises(ProtokollFehler):
        modell([{"role": "user", "content": "Hallo"}], tools=[werkzeug])


def test_openai_werkzeugname_mit_zeilenumbruch_wird_abgelehnt():
    modell = FakeOpenAIModell([openai_antwort("nie")])
    werkzeug = {"type": "function", "function": {"name": "lager\n", "parameters": {"type": "object"}}}
    with pytest.raises(ProtokollFehler):
        modell([{"role": "user", "content": "Hallo"}], tools=[werkzeug])


@pytest.mark.parametrize("format", ["anthropic", "openai"])
def test_werkzeug_aus_modell_lehnt_zeilenumbruch_ab(format):
    with pytest.raises(ValueError):
        werkzeug_aus_modell("lager\n", "Sucht im Lager.", Eingabe, format=format)


def test_tool_use_id_mit_zeilenumbruch_wird_abgelehnt():
    modell = FakeModell([[text("nie")]])
    verlauf = [
        {"role": "user", "content": "Hallo"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1\n", "name": "x", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1\n", "content": "ok"}]},
    ]
    with pytest.raises(ProtokollFehler):
        modell(verlauf)
