"""FakeModell: Skript, Funktionen, danach, SkriptZuEnde, Aufzeichnung der Anfragen."""

import pytest
from fm_hilfen import frage

from fake_model import FakeModell, ProtokollFehler, SkriptZuEnde, ZuVieleRunden, text, tool_use


def runde(modell, messages, antwort, *ergebnisse):
    """Hängt Antwort und Ergebnisse an und fragt erneut (wie eine Tool-Schleife)."""
    messages.append({"role": "assistant", "content": antwort})
    messages.append({"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": b["id"], "content": e}
        for b, e in zip([b for b in antwort if b["type"] == "tool_use"], ergebnisse, strict=True)]})
    return modell(messages)


def test_spielt_das_skript_der_reihe_nach_ab():
    wunsch = tool_use("wetter", {"ort": "Kiel"})
    modell = FakeModell([[text("Moment."), wunsch], [text("Sonnig.")]])
    messages = [frage()]
    erste = modell(messages)
    assert erste == [text("Moment."), wunsch]
    assert runde(modell, messages, erste, "sonnig") == [text("Sonnig.")]


def test_antwort_ist_eine_kopie():
    modell = FakeModell([[text("A")], [text("B")]], strikt=False)
    antwort = modell([frage()])
    antwort[0]["text"] = "verändert"
    antwort.append(text("dazu"))
    assert modell.antworten[0] == [text("A")]


def test_skript_zu_ende_sagt_wie_viele_und_welcher_aufruf():
    modell = FakeModell([[text("A")], [text("B")]])
    modell([frage()])
    modell([frage()])
    with pytest.raises(SkriptZuEnde) as info:
        modell([frage()])
    assert "2 vorbereitete Antwort" in str(info.value) and "3. Aufruf" in str(info.value)
    assert len(modell.anfragen) == 3  # auch der Aufruf zu viel ist aufgezeichnet
    with pytest.raises(SkriptZuEnde, match="0 vorbereitete Antwort.*1. Aufruf"):
        FakeModell([])([frage()])


def test_anfragen_sind_tiefe_kopien():
    modell = FakeModell([[tool_use("wetter", {"ort": "Kiel"})], [text("Sonnig.")]])
    messages = [frage()]
    antwort = modell(messages)
    runde(modell, messages, antwort, "sonnig")
    assert [len(a["messages"]) for a in modell.anfragen] == [1, 3]
    messages[0]["content"] = "verändert"
    antwort[0]["input"]["ort"] = "Bonn"
    assert modell.anfragen[0]["messages"] == [frage()]
    assert modell.anfragen[1]["messages"][1]["content"][0]["input"] == {"ort": "Kiel"}
    assert modell.anfragen[0]["tools"] is None and modell.anfragen[0]["tool_choice"] is None
    assert set(modell.anfragen[0]) == {"messages", "tools", "tool_choice"}


def test_anfrage_wird_vor_der_pruefung_aufgezeichnet():
    modell = FakeModell([[text("A")]])
    kaputt = [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_x", "content": "1"}]}]
    with pytest.raises(ProtokollFehler):
        modell(kaputt)
    assert modell.anfragen == [{"messages": kaputt, "tools": None, "tool_choice": None}]
    # Die abgelehnte Anfrage verbraucht die Antwort nicht? Doch: sie zählt als Aufruf.
    with pytest.raises(SkriptZuEnde):
        modell([frage()])


def test_tools_und_tool_choice_werden_aufgezeichnet_und_geprueft():
    tools = [{"name": "wetter", "description": "Wetter", "input_schema": {"type": "object"}}]
    modell = FakeModell([[text("A")], [text("B")]])
    modell([frage()], tools=tools, tool_choice={"type": "any"})
    assert modell.anfragen[0]["tools"] == tools and modell.anfragen[0]["tool_choice"] == {"type": "any"}
    tools[0]["name"] = "geändert"
    assert modell.anfragen[0]["tools"][0]["name"] == "wetter"
    with pytest.raises(ProtokollFehler, match="zeit"):
        modell([frage()], tools=[{"name": "wetter", "input_schema": {"type": "object"}}],
               tool_choice={"type": "tool", "name": "zeit"})


def test_system_prompt():
    modell = FakeModell([[text("A")], [text("B")]])
    modell([frage()], system="Antworte kurz.")
    assert modell.anfragen[0]["system"] == "Antworte kurz."
    with pytest.raises(ProtokollFehler, match="system"):
        modell([frage()], system=5)


def test_funktion_im_skript_bekommt_eine_kopie_der_anfrage():
    gesehen = []

    def antwort(anfrage):
        gesehen.append(anfrage)
        letzte = anfrage["messages"][-1]["content"][0]["content"]
        anfrage["messages"].clear()  # darf die Aufzeichnung nicht verändern
        return [text(f"Das Werkzeug sagt: {letzte}")]

    modell = FakeModell([[tool_use("wetter", {})], antwort])
    messages = [frage()]
    erste = modell(messages)
    assert runde(modell, messages, erste, "sonnig") == [text("Das Werkzeug sagt: sonnig")]
    assert set(gesehen[0]) == {"messages", "tools", "tool_choice"}
    assert len(modell.anfragen[1]["messages"]) == 3


def test_danach_dreht_sich_im_kreis_mit_neuen_ids():
    modell = FakeModell([], danach=[tool_use("wetter", {"ort": "Kiel"}, id="toolu_fest")])
    messages = [frage()]
    antwort = modell(messages)
    ids = [antwort[0]["id"]]
    for _ in range(5):
        antwort = runde(modell, messages, antwort, "sonnig")
        assert antwort[0]["name"] == "wetter" and antwort[0]["input"] == {"ort": "Kiel"}
        ids.append(antwort[0]["id"])
    assert len(set(ids)) == 6 and "toolu_fest" not in ids
    assert len(modell.anfragen) == 6


def test_danach_als_funktion_nach_dem_skript():
    modell = FakeModell([[text("erste")]], danach=lambda anfrage: [text(f"Aufruf mit {len(anfrage['messages'])}")])
    assert modell([frage()]) == [text("erste")]
    assert modell([frage(), {"role": "assistant", "content": "x"}, frage()]) == [text("Aufruf mit 3")]


def test_strikt_false_laesst_alles_durch():
    modell = FakeModell([[text("A")]], strikt=False)
    assert modell([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": 1, "content": 2}]}]) == [
        text("A")]
    assert len(modell.anfragen) == 1


@pytest.mark.parametrize("element", ["Hallo", [{"text": "ohne type"}], text("kein Listen-Element")])
def test_skriptfehler_werden_deutsch_erklaert(element):
    with pytest.raises(TypeError, match="Skriptfehler beim 1. Aufruf"):
        FakeModell([element])([frage()])


def test_zu_viele_runden_ist_eine_eigene_ausnahme():
    assert issubclass(ZuVieleRunden, Exception) and not issubclass(ZuVieleRunden, SkriptZuEnde)
    with pytest.raises(ZuVieleRunden, match="3"):
        raise ZuVieleRunden("nach 3 Aufrufen")
