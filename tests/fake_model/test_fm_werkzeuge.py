"""werkzeug_aus_modell in beiden Formaten; die Ergebnisse besteht die Prüfung des Fake-Modells."""

import pytest
from pydantic import BaseModel, Field

from fake_model import FakeModell, text, werkzeug_aus_modell
from fake_model.openai import FakeOpenAIModell


class Adresse(BaseModel):
    title: str  # ein FELD namens title muss bleiben
    ort: str


class Eingabe(BaseModel):
    sendungsnr: str = Field(description="Sendungsnummer, z. B. DE123")
    anzahl: int = Field(default=1, title="Anzahl der Pakete")
    adresse: Adresse | None = None


def test_anthropic_format():
    tool = werkzeug_aus_modell("paket_status", "Liefert den Status einer Sendung.", Eingabe)
    assert set(tool) == {"name", "description", "input_schema"}
    assert tool["name"] == "paket_status" and tool["description"] == "Liefert den Status einer Sendung."
    schema = tool["input_schema"]
    assert schema["type"] == "object" and schema["required"] == ["sendungsnr"]
    assert schema["properties"]["sendungsnr"] == {"type": "string", "description": "Sendungsnummer, z. B. DE123"}
    assert schema["properties"]["anzahl"] == {"type": "integer", "default": 1}
    assert all("title" not in teil for teil in schema["properties"].values())  # auch Field(title=...) fällt weg
    # das FELD "title" des verschachtelten Modells bleibt, nur die Titel-Angabe des Modells verschwindet
    assert schema["$defs"]["Adresse"]["properties"]["title"] == {"type": "string"}
    assert "title" not in schema["$defs"]["Adresse"]
    assert schema["$defs"]["Adresse"]["required"] == ["title", "ort"]


def test_schema_ohne_titel_sonst_wie_pydantic():
    tool = werkzeug_aus_modell("paket_status", "Status", Eingabe)
    original = Eingabe.model_json_schema()
    assert original["title"] == "Eingabe" and "title" not in tool["input_schema"]
    assert set(tool["input_schema"]) == set(original) - {"title"}


def test_openai_format():
    tool = werkzeug_aus_modell("paket_status", "Status einer Sendung", Eingabe, format="openai")
    assert tool["type"] == "function" and set(tool["function"]) == {"name", "description", "parameters"}
    assert tool["function"]["parameters"] == werkzeug_aus_modell("paket_status", "Status einer Sendung",
                                                                 Eingabe)["input_schema"]


def test_ergebnisse_besteht_die_pruefung():
    anthropic = werkzeug_aus_modell("paket_status", "Status", Eingabe)
    FakeModell([[text("ok")]])([{"role": "user", "content": "x"}], tools=[anthropic])
    openai = werkzeug_aus_modell("paket_status", "Status", Eingabe, format="openai")
    FakeOpenAIModell(["ok"])([{"role": "user", "content": "x"}], tools=[openai], tool_choice="required")


@pytest.mark.parametrize("name", ["paket status", "paket.status", "größe", "", "x" * 129, 5])
def test_name_wird_geprueft(name):
    with pytest.raises(ValueError, match="Werkzeug-Name"):
        werkzeug_aus_modell(name, "Status", Eingabe)


def test_openai_name_hoechstens_64_zeichen():
    werkzeug_aus_modell("x" * 64, "Status", Eingabe, format="openai")
    werkzeug_aus_modell("x" * 128, "Status", Eingabe)
    with pytest.raises(ValueError, match="1 bis 64"):
        werkzeug_aus_modell("x" * 65, "Status", Eingabe, format="openai")


@pytest.mark.parametrize("beschreibung", ["", "   ", None])
def test_beschreibung_ist_pflicht(beschreibung):
    with pytest.raises(ValueError, match="Beschreibung"):
        werkzeug_aus_modell("paket_status", beschreibung, Eingabe)


def test_falsche_eingabe_und_format():
    with pytest.raises(TypeError, match="pydantic"):
        werkzeug_aus_modell("paket_status", "Status", {"type": "object"})
    with pytest.raises(ValueError, match="format"):
        werkzeug_aus_modell("paket_status", "Status", Eingabe, format="gemini")
