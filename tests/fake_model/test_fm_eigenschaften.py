"""Eigenschaften (hypothesis): Jeder gut gebaute Verlauf wird angenommen, jede einzelne Verfälschung abgelehnt."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fake_model import FakeModell, ProtokollFehler, text, text_von, tool_use
from fake_model.openai import FakeOpenAIModell, openai_antwort, pruefe_openai_anfrage, tool_call
from fake_model.protokoll import pruefe_anfrage

EINSTELLUNGEN = settings(max_examples=60, deadline=None)

kurzer_text = st.text(alphabet="abcdefghijklmnopqrstuvwxyz äöüß,.!", min_size=1, max_size=12)


@st.composite
def anthropic_verlauf(draw):
    """Frage, dann 1 bis 4 Runden (Antwort mit 1 bis 3 Wünschen, Ergebnisse in beliebiger Reihenfolge)."""
    messages = [{"role": "user", "content": draw(kurzer_text)}]
    for r in range(draw(st.integers(1, 4))):
        ids = [f"toolu_r{r}w{j}" for j in range(draw(st.integers(1, 3)))]
        bloecke = [{"type": "text", "text": draw(kurzer_text)}] if draw(st.booleans()) else []
        bloecke += [{"type": "tool_use", "id": i, "name": draw(st.sampled_from(["wetter", "zeit", "kurs"])),
                     "input": {"wert": draw(st.integers(-5, 5))}} for i in ids]
        messages.append({"role": "assistant", "content": bloecke})
        ergebnisse = []
        for i in draw(st.permutations(ids)):
            inhalt = draw(st.one_of(kurzer_text, st.just([{"type": "text", "text": "ok"}])))
            ergebnis = {"type": "tool_result", "tool_use_id": i, "content": inhalt}
            fehler = draw(st.sampled_from([None, True, False]))
            if fehler is not None:
                ergebnis["is_error"] = fehler
            ergebnisse.append(ergebnis)
        if draw(st.booleans()):
            ergebnisse.append({"type": "text", "text": draw(kurzer_text)})
        messages.append({"role": "user", "content": ergebnisse})
    return messages


def runden_positionen(messages):
    """Indizes der user-Nachrichten mit tool_result-Blöcken."""
    return [i for i, m in enumerate(messages) if m["role"] == "user" and isinstance(m["content"], list)]


def verfaelsche(messages, art, data):
    """Genau eine Verfälschung; liefert eine neue Liste."""
    m = copy.deepcopy(messages)
    i = data.draw(st.sampled_from(runden_positionen(m)), label="runde")
    ergebnisse = [k for k, b in enumerate(m[i]["content"]) if b["type"] == "tool_result"]
    k = data.draw(st.sampled_from(ergebnisse), label="ergebnis")
    if art == "ergebnis_fehlt":
        del m[i]["content"][k]
    elif art == "id_geaendert":
        m[i]["content"][k]["tool_use_id"] = "toolu_unbekannt"
    elif art == "text_vor_ergebnissen":
        m[i]["content"].insert(0, {"type": "text", "text": "Hier sind die Ergebnisse:"})
    elif art == "ergebnis_beim_assistant":
        m[i - 1]["content"].append(m[i]["content"].pop(k))
    elif art == "ergebnis_doppelt":
        m[i]["content"].insert(k, copy.deepcopy(m[i]["content"][k]))
    elif art == "content_kein_text":
        m[i]["content"][k]["content"] = data.draw(st.sampled_from([42, 2.5, {"a": 1}, None, ["ok"]]))
    elif art == "is_error_als_text":
        m[i]["content"][k]["is_error"] = data.draw(st.sampled_from(["true", "false", "True"]))
    elif art == "assistant_fehlt":
        del m[i - 1]
    elif art == "wunsch_id_geaendert":
        wunsch = next(b for b in m[i - 1]["content"] if b["type"] == "tool_use")
        wunsch["id"] = "toolu_anders"
    return m


ARTEN = ["ergebnis_fehlt", "id_geaendert", "text_vor_ergebnissen", "ergebnis_beim_assistant", "ergebnis_doppelt",
         "content_kein_text", "is_error_als_text", "assistant_fehlt", "wunsch_id_geaendert"]


@EINSTELLUNGEN
@given(anthropic_verlauf())
def test_gut_gebaute_verlaeufe_werden_angenommen(messages):
    pruefe_anfrage(messages)
    # auch mit Antwort und neuer Frage danach
    pruefe_anfrage(messages + [{"role": "assistant", "content": [{"type": "text", "text": "Fertig."}]},
                               {"role": "user", "content": "Danke!"}])


@pytest.mark.parametrize("art", ARTEN)
@settings(max_examples=20, deadline=None)
@given(messages=anthropic_verlauf(), data=st.data())
def test_jede_verfaelschung_wird_abgelehnt(art, messages, data):
    kaputt = verfaelsche(messages, art, data)
    with pytest.raises(ProtokollFehler) as info:
        pruefe_anfrage(kaputt)
    fehler = info.value
    assert fehler.erklaerung and (fehler.index is None or 0 <= fehler.index < len(kaputt))
    assert f"messages[{fehler.index}]" in fehler.erklaerung


@st.composite
def skript(draw):
    """Ein Skript aus Runden mit 1 bis 3 Wünschen und einer Schlussantwort."""
    runden = []
    for _ in range(draw(st.integers(0, 4))):
        antwort = [text(draw(kurzer_text))] if draw(st.booleans()) else []
        antwort += [tool_use("rechne", {"x": draw(st.integers(0, 9))}) for _ in range(draw(st.integers(1, 3)))]
        runden.append(antwort)
    return runden + [[text("Fertig.")]]


def schleife(modell, max_aufrufe):
    """Eine richtige Tool-Schleife (wie die Musterlösung von antworte)."""
    messages = [{"role": "user", "content": "Los"}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        wuensche = [b for b in antwort if b["type"] == "tool_use"]
        if not wuensche:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"], "content": str(b["input"]["x"] * 2)} for b in wuensche]})
    raise AssertionError("zu viele Runden")


@EINSTELLUNGEN
@given(skript())
def test_richtige_schleife_laeuft_das_ganze_skript_ab(runden):
    modell = FakeModell(runden)
    assert schleife(modell, len(runden)) == "Fertig."
    assert len(modell.anfragen) == len(runden)
    assert [len(a["messages"]) for a in modell.anfragen] == [1 + 2 * n for n in range(len(runden))]


# --- OpenAI -------------------------------------------------------------------------------


@st.composite
def openai_verlauf(draw):
    messages = [{"role": "system", "content": "Sei knapp."}] if draw(st.booleans()) else []
    messages.append({"role": "user", "content": draw(kurzer_text)})
    for r in range(draw(st.integers(1, 4))):
        ids = [f"call_r{r}w{j}" for j in range(draw(st.integers(1, 3)))]
        inhalt = draw(kurzer_text) if draw(st.booleans()) else None
        messages.append({"role": "assistant", "content": inhalt, "tool_calls": [
            {"id": i, "type": "function", "function": {"name": "wetter", "arguments": '{"ort": "Kiel"}'}}
            for i in ids]})
        for i in draw(st.permutations(ids)):
            messages.append({"role": "tool", "tool_call_id": i,
                             "content": draw(st.one_of(kurzer_text, st.just([{"type": "text", "text": "ok"}])))})
    return messages


def oa_verfaelsche(messages, art, data):
    m = copy.deepcopy(messages)
    assistants = [i for i, n in enumerate(m) if n.get("tool_calls")]
    a = data.draw(st.sampled_from(assistants), label="runde")
    antworten = [i for i in range(a + 1, len(m)) if m[i]["role"] == "tool"][: len(m[a]["tool_calls"])]
    t = data.draw(st.sampled_from(antworten), label="antwort")
    if art == "antwort_fehlt":
        del m[t]
    elif art == "id_geaendert":
        m[t]["tool_call_id"] = "call_unbekannt"
    elif art == "text_dazwischen":
        m.insert(a + 1, {"role": "user", "content": "Und?"})
    elif art == "content_kein_text":
        m[t]["content"] = data.draw(st.sampled_from([42, 2.5, {"a": 1}, None, [1]]))
    elif art == "assistant_fehlt":
        del m[a]
    elif art == "antwort_doppelt":
        m.insert(t, copy.deepcopy(m[t]))
    elif art == "argumente_als_dict":
        m[a]["tool_calls"][0]["function"]["arguments"] = {"ort": "Kiel"}
    elif art == "tool_call_id_fehlt":
        del m[t]["tool_call_id"]
    return m


OA_ARTEN = ["antwort_fehlt", "id_geaendert", "text_dazwischen", "content_kein_text", "assistant_fehlt",
            "antwort_doppelt", "argumente_als_dict", "tool_call_id_fehlt"]


@EINSTELLUNGEN
@given(openai_verlauf())
def test_openai_gut_gebaute_verlaeufe_werden_angenommen(messages):
    pruefe_openai_anfrage(messages)


@pytest.mark.parametrize("art", OA_ARTEN)
@settings(max_examples=20, deadline=None)
@given(messages=openai_verlauf(), data=st.data())
def test_openai_jede_verfaelschung_wird_abgelehnt(art, messages, data):
    kaputt = oa_verfaelsche(messages, art, data)
    with pytest.raises(ProtokollFehler) as info:
        pruefe_openai_anfrage(kaputt)
    assert f"messages[{info.value.index}]" in info.value.erklaerung


@EINSTELLUNGEN
@given(st.lists(st.lists(st.dictionaries(st.sampled_from("abcxyz"), st.one_of(st.integers(), kurzer_text),
                                         max_size=4), min_size=0, max_size=3), min_size=1, max_size=3),
       st.one_of(st.none(), kurzer_text))
def test_openai_stream_gibt_die_argumente_genau_zurueck(argumentlisten, inhalt):
    nachrichten = [openai_antwort(inhalt, [tool_call("wetter", a) for a in argumente]) if argumente or inhalt
                   else openai_antwort("leer") for argumente in argumentlisten]
    modell = FakeOpenAIModell(nachrichten, strikt=False)
    for erwartet in nachrichten:
        text_teile, aufrufe = [], {}
        chunks = modell([{"role": "user", "content": "x"}], stream=True)
        for chunk in chunks:
            delta = chunk["choices"][0]["delta"]
            text_teile.append(delta.get("content") or "")
            for teil in delta.get("tool_calls") or []:
                aufrufe.setdefault(teil["index"], []).append(teil["function"]["arguments"])
        assert "".join(text_teile) == (erwartet["content"] or "")
        assert ["".join(aufrufe[j]) for j in sorted(aufrufe)] == [
            a["function"]["arguments"] for a in erwartet.get("tool_calls", [])]
        assert chunks[-1]["choices"][0]["finish_reason"] == ("tool_calls" if erwartet.get("tool_calls") else "stop")


@st.composite
def oa_skript(draw):
    runden = []
    for _ in range(draw(st.integers(0, 4))):
        inhalt = draw(kurzer_text) if draw(st.booleans()) else None
        runden.append(openai_antwort(inhalt, [tool_call("rechne", {"x": draw(st.integers(0, 9))})
                                              for _ in range(draw(st.integers(1, 3)))]))
    return runden + [openai_antwort("Fertig.")]


@EINSTELLUNGEN
@given(oa_skript())
def test_openai_richtige_schleife_laeuft_das_ganze_skript_ab(runden):
    import json

    modell = FakeOpenAIModell(runden)
    messages = [{"role": "user", "content": "Los"}]
    for _ in range(len(runden)):
        nachricht = modell(messages)["choices"][0]["message"]
        if not nachricht.get("tool_calls"):
            break
        messages.append(nachricht)
        for aufruf in nachricht["tool_calls"]:
            x = json.loads(aufruf["function"]["arguments"])["x"]
            messages.append({"role": "tool", "tool_call_id": aufruf["id"], "content": str(2 * x)})
    assert nachricht == {"role": "assistant", "content": "Fertig."}
    assert len(modell.anfragen) == len(runden)
