"""Die OpenAI-Form: Antworten, Streams und die strenge Prüfung."""

import json
import re

import pytest
from fm_hilfen import abgelehnt, frage, oa_assistant, oa_aufruf, tool_nachricht

from fake_model import ProtokollFehler, SkriptZuEnde
from fake_model.openai import FakeOpenAIModell, openai_antwort, pruefe_openai_anfrage, tool_call

WETTER = {"type": "function", "function": {"name": "wetter", "description": "Wetter",
                                           "parameters": {"type": "object", "properties": {}}}}


def setze_zusammen(chunks):
    """Setzt einen Stream wieder zu einer Nachricht zusammen (wie ein Lernender es täte)."""
    text, aufrufe, ende = "", {}, None
    for chunk in chunks:
        assert chunk["object"] == "chat.completion.chunk"
        wahl = chunk["choices"][0]
        delta = wahl["delta"]
        text += delta.get("content") or ""
        for teil in delta.get("tool_calls") or []:
            aufruf = aufrufe.setdefault(teil["index"], {"id": None, "name": None, "arguments": ""})
            aufruf["id"] = teil.get("id", aufruf["id"])
            funktion = teil.get("function", {})
            aufruf["name"] = funktion.get("name", aufruf["name"])
            aufruf["arguments"] += funktion.get("arguments", "")
        ende = wahl["finish_reason"] or ende
    return text, [aufrufe[i] for i in sorted(aufrufe)], ende


def test_auch_aus_fake_model_importierbar():
    import fake_model

    assert fake_model.FakeOpenAIModell is FakeOpenAIModell and fake_model.tool_call is tool_call
    assert fake_model.openai_antwort is openai_antwort


def test_tool_call_und_openai_antwort():
    aufruf = tool_call("wetter", {"ort": "Köln"})
    assert re.match(r"^call_[a-zA-Z0-9]{24}$", aufruf["id"])
    assert aufruf["type"] == "function" and aufruf["function"] == {"name": "wetter", "arguments": '{"ort": "Köln"}'}
    assert tool_call("wetter", '{"ort": "Par', id="call_1")["function"]["arguments"] == '{"ort": "Par'
    assert openai_antwort("Hallo") == {"role": "assistant", "content": "Hallo"}
    assert openai_antwort(tool_calls=[aufruf]) == {"role": "assistant", "content": None, "tool_calls": [aufruf]}


def test_antwort_als_chat_completion():
    aufruf = tool_call("wetter", {"ort": "Kiel"})
    modell = FakeOpenAIModell([openai_antwort(tool_calls=[aufruf]), "Sonnig."])
    antwort = modell([frage()], tools=[WETTER])
    assert antwort["object"] == "chat.completion" and antwort["id"].startswith("chatcmpl-")
    wahl = antwort["choices"][0]
    assert wahl["index"] == 0 and wahl["finish_reason"] == "tool_calls" and wahl["message"]["tool_calls"] == [aufruf]
    messages = [frage(), wahl["message"], tool_nachricht(aufruf["id"], "sonnig")]
    zweite = modell(messages, tools=[WETTER])["choices"][0]
    assert zweite == {"index": 0, "message": {"role": "assistant", "content": "Sonnig."}, "finish_reason": "stop"}
    messages[0]["content"] = "verändert"
    assert modell.anfragen[1]["messages"][0] == frage()
    assert set(modell.anfragen[1]) == {"messages", "tools", "tool_choice"}
    with pytest.raises(SkriptZuEnde, match="2 vorbereitete.*3. Aufruf"):
        modell(messages)


def test_stream_setzt_sich_genau_wieder_zusammen():
    argumente = [{"ort": "Kiel", "tage": 3, "einheit": "°C"}, {}, {"liste": [1, 2, {"x": "yz"}]}]
    aufrufe = [tool_call(f"werkzeug{n}", a) for n, a in enumerate(argumente)]
    modell = FakeOpenAIModell([openai_antwort("Ich schaue nach, einen Moment bitte.", aufrufe)])
    chunks = modell([frage()], stream=True)
    assert modell.anfragen[0]["stream"] is True
    text, gesammelt, ende = setze_zusammen(chunks)
    assert text == "Ich schaue nach, einen Moment bitte." and ende == "tool_calls"
    assert [(a["id"], a["name"], a["arguments"]) for a in gesammelt] == [
        (a["id"], a["function"]["name"], a["function"]["arguments"]) for a in aufrufe]
    # Erster Chunk eines Aufrufs: index, id, type, name und leere Argumente
    erste = [c["choices"][0]["delta"]["tool_calls"][0] for c in chunks
             if "id" in (c["choices"][0]["delta"].get("tool_calls") or [{}])[0]]
    assert [e["index"] for e in erste] == [0, 1, 2]
    assert all(e["type"] == "function" and e["function"]["arguments"] == "" for e in erste)
    # Argumente kommen in mehreren Bruchstücken; nur das letzte Chunk hat finish_reason
    stuecke = [c for c in chunks if (c["choices"][0]["delta"].get("tool_calls") or [{}])[0].get("index") == 0]
    assert len(stuecke) > 3
    assert [c["choices"][0]["finish_reason"] for c in chunks].count(None) == len(chunks) - 1
    assert len({c["id"] for c in chunks}) == 1


def test_stream_nur_text_und_gleiche_zerlegung():
    chunks = FakeOpenAIModell(["Hallo Welt, wie geht es?"])([frage()], stream=True)
    assert setze_zusammen(chunks) == ("Hallo Welt, wie geht es?", [], "stop")
    nochmal = FakeOpenAIModell(["Hallo Welt, wie geht es?"])([frage()], stream=True)
    assert [c["choices"] for c in chunks] == [c["choices"] for c in nochmal]


def test_funktion_und_danach_mit_neuen_ids():
    modell = FakeOpenAIModell([lambda anfrage: openai_antwort(f"{len(anfrage['messages'])} Nachrichten")],
                              danach=openai_antwort(tool_calls=[tool_call("wetter", {}, id="call_fest")]))
    assert modell([frage()])["choices"][0]["message"]["content"] == "1 Nachrichten"
    messages = [frage()]
    ids = []
    for _ in range(3):
        nachricht = modell(messages)["choices"][0]["message"]
        ids.append(nachricht["tool_calls"][0]["id"])
        messages += [nachricht, tool_nachricht(ids[-1])]
    assert len(set(ids)) == 3 and "call_fest" not in ids


def test_skriptfehler():
    with pytest.raises(TypeError, match="Skriptfehler beim 1. Aufruf"):
        FakeOpenAIModell([[{"type": "text", "text": "Anthropic-Form"}]])([frage()])


def test_strikt_false():
    modell = FakeOpenAIModell(["ok"], strikt=False)
    assert modell([tool_nachricht("call_x")])["choices"][0]["message"]["content"] == "ok"


# --- Prüfregeln ---------------------------------------------------------------------------

def runde(*ids):
    return [frage(), oa_assistant(*(oa_aufruf(i) for i in ids)), *(tool_nachricht(i) for i in ids)]


def test_gueltige_verlaeufe():
    pruefe_openai_anfrage([{"role": "system", "content": "Sei knapp."}, frage()])
    pruefe_openai_anfrage(runde("call_a", "call_b") + [oa_assistant(content="Sonnig."), frage("Und morgen?")],
                          [WETTER], "auto")
    pruefe_openai_anfrage(runde("call_a"), [WETTER], {"type": "function", "function": {"name": "wetter"}})
    pruefe_openai_anfrage([frage(), oa_assistant(oa_aufruf("call_a")),
                           {"role": "tool", "tool_call_id": "call_a", "content": [{"type": "text", "text": "x"}]}])


def test_fehlende_tool_nachricht():
    f = abgelehnt(runde("call_a", "call_b")[:-1], openai=True)
    assert f.index == 1 and "call_b" in f.erklaerung and "endet" in f.erklaerung
    assert f.api_meldung == (
        "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
        "'tool_call_id'. The following tool_call_ids did not have response messages: call_b")


def test_andere_nachricht_vor_den_tool_nachrichten():
    verlauf = [frage(), oa_assistant(oa_aufruf("call_a")), frage("Und?"), tool_nachricht("call_a")]
    f = abgelehnt(verlauf, openai=True)
    assert f.index == 1 and "messages[2]" in f.erklaerung and "call_a" in f.api_meldung


def test_verwaiste_tool_nachricht():
    f = abgelehnt([frage(), tool_nachricht("call_a")], openai=True)
    assert f.index == 1 and "call_a" in f.erklaerung
    assert f.api_meldung == ("Invalid parameter: messages with role 'tool' must be a response to a preceeding "
                             "message with 'tool_calls'.")


def test_unbekannte_tool_call_id():
    f = abgelehnt(runde("call_a") + [tool_nachricht("call_x")], openai=True)
    f2 = abgelehnt([frage(), oa_assistant(oa_aufruf("call_a")), tool_nachricht("call_x")], openai=True)
    for fehler in (f, f2):
        assert "call_x" in fehler.erklaerung and "call_a" in fehler.erklaerung
        assert fehler.api_meldung == ("Invalid parameter: 'tool_call_id' of 'call_x' not found in 'tool_calls' "
                                      "of previous message.")


def test_doppelte_antwort_und_doppelte_id():
    f = abgelehnt(runde("call_a") + [tool_nachricht("call_a")], openai=True)
    assert f.index == 3 and "zweite" in f.erklaerung
    verlauf = runde("call_a") + [oa_assistant(oa_aufruf("call_a")), tool_nachricht("call_a")]
    assert "messages[1]" in abgelehnt(verlauf, openai=True).erklaerung


@pytest.mark.parametrize("nachricht, text, api", [
    ({"role": "tool", "content": "x"}, "tool_call_id", "Missing required parameter: 'messages[2].tool_call_id'."),
    ({"role": "tool", "tool_call_id": "call_a", "content": 21}, "str(ergebnis)",
     "Invalid type for 'messages[2].content': expected one of a string or array of objects, but got an integer "
     "instead."),
    ({"role": "tool", "tool_call_id": "call_a", "content": {"t": 1}}, "ist ein dict",
     "Invalid type for 'messages[2].content': expected one of a string or array of objects, but got an object "
     "instead."),
    ({"role": "tool", "tool_call_id": "call_a"}, '"content"', "Missing required parameter: 'messages[2].content'."),
    ({"role": "tool", "tool_call_id": 7, "content": "x"}, "tool_call_id",
     "Invalid type for 'messages[2].tool_call_id': expected a string, but got an integer instead."),
    ({"role": "werkzeug", "content": "x"}, "'werkzeug'",
     "Invalid value: 'werkzeug'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and "
     "'developer'."),
    ("sonnig", "kein dict", "Invalid type for 'messages[2]': expected an object, but got a string instead."),
])
def test_kaputte_tool_nachricht(nachricht, text, api):
    f = abgelehnt([frage(), oa_assistant(oa_aufruf("call_a")), nachricht], openai=True)
    assert f.index == 2 and text in f.erklaerung and f.api_meldung == api
    assert " an object" not in f.erklaerung and " an integer" not in f.erklaerung  # deutsch erklärt


def test_kaputte_assistant_nachricht():
    f = abgelehnt([frage(), oa_assistant(oa_aufruf("call_a", arguments={"ort": "Kiel"})),
                   tool_nachricht("call_a")], openai=True)
    assert "json.loads" in f.erklaerung and "arguments" in f.api_meldung and "an object" in f.api_meldung
    assert "ist ein dict" in f.erklaerung
    f = abgelehnt([frage(), {"role": "assistant", "content": None}, frage()], openai=True)
    assert f.index == 1 and "ohne content" in f.erklaerung
    f = abgelehnt([frage(), oa_assistant({"id": "call_a", "function": {"name": "x", "arguments": "{}"}}),
                   tool_nachricht("call_a")], openai=True)
    assert "tool_calls[0]" in f.erklaerung
    f = abgelehnt([frage(), oa_assistant(content="Fertig.")], openai=True)
    assert f.index == 1 and f.api_meldung is None


@pytest.mark.parametrize("tools, text", [
    ([{"name": "wetter", "input_schema": {"type": "object"}}], "Anthropic"),
    ([{"type": "function", "function": {"name": "wetter heute"}}], "'wetter heute'"),
    ([{"type": "function", "function": {"name": "x" * 65}}], "1 bis 64"),
    ([WETTER, WETTER], "zweimal"),
    ([{"type": "function", "function": {"name": "w", "parameters": {"type": "array"}}}], "parameters"),
    ([{"type": "function", "function": {"name": "w", "description": ["x"]}}], "description"),
    ({"wetter": WETTER}, "Liste"),
])
def test_tools_werden_geprueft(tools, text):
    f = abgelehnt([frage()], tools, openai=True)
    assert text in f.erklaerung and f.index is None


@pytest.mark.parametrize("wahl, tools, text", [
    ("any", [WETTER], "'any'"),
    ({"type": "any"}, [WETTER], "Form"),
    ("required", None, "keine tools"),
    ({"type": "function", "function": {"name": "zeit"}}, [WETTER], "'zeit'"),
])
def test_tool_choice_wird_geprueft(wahl, tools, text):
    f = abgelehnt([frage()], tools, wahl, openai=True)
    assert text in f.erklaerung and f.api_meldung


def test_modell_prueft_vor_der_antwort():
    modell = FakeOpenAIModell(["ok"])
    with pytest.raises(ProtokollFehler):
        modell([frage(), tool_nachricht("call_a")])
    assert len(modell.anfragen) == 1


def test_argumente_lesen_wie_im_kurs():
    aufruf = tool_call("wetter", {"ort": "Kiel"})
    assert json.loads(aufruf["function"]["arguments"]) == {"ort": "Kiel"}
