"""Jede Macke tut, was ihr Docstring verspricht, und passt in eine Zeile Skript."""

import json

import pytest
from fm_hilfen import frage, tool_nachricht
from pydantic import BaseModel, ConfigDict, ValidationError

from fake_model import FakeModell, kurzfehler, macken, text, text_von
from fake_model.openai import FakeOpenAIModell

TOOLS = [{"name": "wetter", "description": "Wetter", "input_schema": {"type": "object"}}]
OA_TOOLS = [{"type": "function", "function": {"name": "wetter", "parameters": {"type": "object"}}}]


class Eingabe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ort: str
    tage: int
    stuendlich: bool = False
    adresse: dict = {}
    orte: list = []


def ergebnisse(antwort, inhalt="sonnig"):
    return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": b["id"], "content": inhalt}
                                        for b in antwort if b["type"] == "tool_use"]}


def test_erfundenes_werkzeug_in_beiden_formaten():
    modell = FakeModell([macken.erfundenes_werkzeug(), [text("Fertig.")]])
    antwort = modell([frage()], tools=TOOLS)
    assert antwort[0]["type"] == "tool_use" and antwort[0]["name"] == "python"
    assert antwort[0]["name"] not in [t["name"] for t in TOOLS]
    # Der Verlauf mit dem erfundenen Namen ist protokollgemäß, wenn du ein Fehler-Ergebnis schickst.
    modell([frage(), {"role": "assistant", "content": antwort}, ergebnisse(antwort, "Unbekanntes Tool 'python'")],
           tools=TOOLS)
    nachricht = FakeOpenAIModell([macken.erfundenes_werkzeug("multi_tool_use.parallel", {}, format="openai")])(
        [frage()], tools=OA_TOOLS)["choices"][0]["message"]
    assert nachricht["tool_calls"][0]["function"] == {"name": "multi_tool_use.parallel", "arguments": "{}"}


def test_erfundene_argumente():
    antwort = FakeModell([macken.erfundene_argumente("wetter", {"ort": "Kiel", "tage": 1})])([frage()])
    assert antwort[0]["input"] == {"ort": "Kiel", "tage": 1, "current_time": "now"}
    with pytest.raises(ValidationError) as info:
        Eingabe.model_validate(antwort[0]["input"])
    assert kurzfehler(info.value) == "current_time: ist nicht erlaubt"
    with pytest.raises(TypeError):
        (lambda ort, tage: None)(**antwort[0]["input"])
    oa = macken.erfundene_argumente("wetter", {}, {"x": 1}, format="openai")
    assert json.loads(oa["tool_calls"][0]["function"]["arguments"]) == {"x": 1}


def test_falsche_typen_scheitern_an_pydantic_in_jedem_feld():
    richtig = {"ort": "Kiel", "tage": 3, "stuendlich": True, "adresse": {"plz": 1}, "orte": ["A", "B"]}
    Eingabe.model_validate(richtig)
    antwort = FakeModell([macken.falsche_typen("wetter", richtig)])([frage()])
    falsch = antwort[0]["input"]
    assert falsch == {"ort": ["Kiel"], "tage": "drei", "stuendlich": "ja", "adresse": '{"plz": 1}', "orte": "A, B"}
    with pytest.raises(ValidationError) as info:
        Eingabe.model_validate(falsch)
    text = kurzfehler(info.value)
    assert [teil.split(":")[0] for teil in text.split("; ")] == ["ort", "tage", "stuendlich", "adresse", "orte"]
    assert macken._falsch(42) == "ungefähr 42" and macken._falsch(False) == "nein"


def test_abgeschnittenes_json():
    nachricht = FakeOpenAIModell([macken.abgeschnittenes_json("wetter", {"city": "Paris"})])(
        [frage()])["choices"][0]["message"]
    argumente = nachricht["tool_calls"][0]["function"]["arguments"]
    assert json.dumps({"city": "Paris"}).startswith(argumente) and argumente != json.dumps({"city": "Paris"})
    with pytest.raises(json.JSONDecodeError):
        json.loads(argumente)


def test_leere_argumente():
    aufruf = macken.leere_argumente("uhrzeit")["tool_calls"][0]
    assert aufruf["function"]["arguments"] == ""
    with pytest.raises(json.JSONDecodeError):
        json.loads(aufruf["function"]["arguments"])


@pytest.mark.parametrize("format", ["anthropic", "openai"])
def test_endlos_gleicher_aufruf(format):
    baustein = macken.endlos_gleicher_aufruf("wetter", {"ort": "Kiel"}, format=format)
    if format == "anthropic":
        modell = FakeModell([], danach=baustein)
        messages = [frage()]
        ids = []
        for _ in range(6):
            antwort = modell(messages)
            assert antwort[0]["name"] == "wetter" and antwort[0]["input"] == {"ort": "Kiel"}
            ids.append(antwort[0]["id"])
            messages += [{"role": "assistant", "content": antwort}, ergebnisse(antwort)]
    else:
        modell = FakeOpenAIModell([], danach=baustein)
        messages = [frage()]
        ids = []
        for _ in range(6):
            nachricht = modell(messages)["choices"][0]["message"]
            aufruf = nachricht["tool_calls"][0]
            assert json.loads(aufruf["function"]["arguments"]) == {"ort": "Kiel"}
            ids.append(aufruf["id"])
            messages += [nachricht, tool_nachricht(aufruf["id"])]
    assert len(set(ids)) == 6 and len(modell.anfragen) == 6


def test_verweigert_bei_zwang_anthropic():
    wunsch = [{"type": "tool_use", "id": "toolu_w", "name": "wetter", "input": {}}]
    for wahl in ({"type": "any"}, {"type": "tool", "name": "wetter"}):
        antwort = FakeModell([macken.verweigert_bei_zwang(wunsch)])([frage()], tools=TOOLS, tool_choice=wahl)
        assert text_von(antwort) == "I'm sorry, but I can't assist with that."
    for wahl in (None, {"type": "auto"}):
        assert FakeModell([macken.verweigert_bei_zwang(wunsch)])([frage()], tools=TOOLS, tool_choice=wahl) == wunsch


def test_verweigert_bei_zwang_openai_mit_funktion():
    baustein = macken.verweigert_bei_zwang(lambda anfrage: "ohne Zwang", format="openai")
    for wahl, erwartet in (("required", macken.ABLEHNUNG), ({"type": "function", "function": {"name": "wetter"}},
                                                            macken.ABLEHNUNG), ("auto", "ohne Zwang"),
                           (None, "ohne Zwang")):
        antwort = FakeOpenAIModell([baustein])([frage()], tools=OA_TOOLS, tool_choice=wahl)
        assert antwort["choices"][0]["message"]["content"] == erwartet
        assert antwort["choices"][0]["finish_reason"] == "stop"


def test_missversteht_ergebnis():
    antwort = FakeModell([macken.missversteht_ergebnis()])([frage()])
    assert text_von(antwort).startswith("Es gab wohl einen Fehler")
    oa = macken.missversteht_ergebnis("Fehler!", format="openai")
    assert oa == {"role": "assistant", "content": "Fehler!"}
    with pytest.raises(ValueError, match="format"):
        macken.missversteht_ergebnis(format="gemini")


def test_text_nach_werkzeug():
    antwort = macken.text_nach_werkzeug("wetter", {"ort": "Kiel"})
    assert [b["type"] for b in antwort] == ["tool_use", "text"]
    assert text_von(antwort) == "Ich habe das Werkzeug aufgerufen."


def test_doppelt_gestreamter_aufruf():
    modell = FakeOpenAIModell([macken.doppelt_gestreamter_aufruf("get_time", {})] * 2)
    chunks = modell([frage()], stream=True)
    deltas = [c["choices"][0]["delta"] for c in chunks]
    roh = "".join(d.get("content") or "" for d in deltas)
    assert json.loads(roh) == [{"name": "get_time", "arguments": "{}"}]
    mit_aufrufen = [d["tool_calls"] for d in deltas if "tool_calls" in d]
    assert len(mit_aufrufen) == 1  # gebündelt in EINEM Chunk
    (aufruf,) = mit_aufrufen[0]
    assert list(aufruf)[0] == "index" and aufruf["index"] == 0 and aufruf["id"].startswith("call_") and aufruf["function"] == {
        "name": "get_time", "arguments": "{}"}
    assert chunks[-1]["choices"][0]["finish_reason"] == "tool_calls"
    # Ohne stream: ein gewöhnlicher Aufruf, die Markierung ist entfernt.
    nachricht = modell([frage()])["choices"][0]["message"]
    assert set(nachricht) == {"role", "content", "tool_calls"} and nachricht["content"] is None
