"""Jede Protokollregel (Anthropic) ist durch einen Verlauf belegt, der sie bricht."""

import pytest
from fm_hilfen import abgelehnt, assistant, ergebnis, frage, nutzer, txt, wunsch

from fake_model import ProtokollFehler
from fake_model.protokoll import pruefe_anfrage

WETTER = {"name": "wetter", "description": "Wetter an einem Ort", "input_schema": {"type": "object"}}


def runde(*ids):
    """Frage, Antwort mit Wünschen, Ergebnisse: eine gültige Runde."""
    return [frage(), assistant(txt("Ich schaue nach."), *(wunsch(i) for i in ids)),
            nutzer(*(ergebnis(i) for i in ids))]


def test_gueltige_runden_werden_angenommen():
    pruefe_anfrage([frage()])
    pruefe_anfrage(runde("toolu_a"), [WETTER], {"type": "auto"})
    pruefe_anfrage(runde("toolu_a", "toolu_b"))
    # Fehler-Ergebnis, Liste von Text-Blöcken, Text nach den Ergebnissen
    pruefe_anfrage([frage(), assistant(wunsch("toolu_a"), wunsch("toolu_b")),
                    nutzer(ergebnis("toolu_a", is_error=True), ergebnis("toolu_b", [txt("x")]), txt("Danke"))])
    # ohne content ist ein tool_result auch gültig
    pruefe_anfrage([frage(), assistant(wunsch("toolu_a")), nutzer({"type": "tool_result", "tool_use_id": "toolu_a"})])


def test_aufeinanderfolgende_gleiche_rollen_sind_erlaubt():
    """Die echte API fasst sie seit 2024-10 zusammen; die Regeln gelten für den zusammengefassten Zug."""
    pruefe_anfrage([frage(), frage("Und morgen?")])
    pruefe_anfrage([frage(), assistant(txt("Moment.")), assistant(wunsch("toolu_a")),
                    nutzer(ergebnis("toolu_a")), nutzer(txt("Danke"))])
    # Ergebnisse auf zwei user-Nachrichten verteilt: zusammengefasst ist es ein Zug
    pruefe_anfrage([frage(), assistant(wunsch("toolu_a"), wunsch("toolu_b")),
                    nutzer(ergebnis("toolu_a")), nutzer(ergebnis("toolu_b"))])


def test_fehlendes_ergebnis():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a"), wunsch("toolu_b")), nutzer(ergebnis("toolu_a"))])
    assert f.index == 1
    assert "messages[1]" in str(f) and "toolu_b" in f.erklaerung and "messages[2]" in f.erklaerung
    assert f.api_meldung == (
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_b. "
        "Each `tool_use` block must have a corresponding `tool_result` block in the next message.")
    assert "So behebst du es" in f.erklaerung


def test_nachricht_zwischen_wunsch_und_ergebnis():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), assistant(txt("Hm")), frage("Und?"),
                   nutzer(ergebnis("toolu_a"))])
    # Die beiden assistant-Nachrichten zählen als ein Zug; danach fehlt das Ergebnis am Anfang.
    assert f.index == 1 and "toolu_a" in f.erklaerung
    assert "without `tool_result` blocks immediately after: toolu_a" in f.api_meldung


def test_anfrage_endet_mit_wunsch():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a"))])
    assert f.index == 1 and "toolu_a" in f.erklaerung and "Ergebnisse" in f.erklaerung
    assert f.api_meldung.startswith("messages.1: `tool_use` ids were found without `tool_result`")


def test_anfrage_endet_mit_wunsch_nach_zwei_assistant_nachrichten():
    f = abgelehnt([frage(), assistant(txt("Moment.")), assistant(wunsch("toolu_a"))])
    assert f.index == 2 and "messages[2]" in f.erklaerung


def test_anfrage_endet_mit_assistant_text():
    f = abgelehnt([frage(), assistant(txt("Sonnig."))])
    assert f.index == 1 and "messages[1]" in f.erklaerung and "user-Nachricht" in f.erklaerung
    assert f.api_meldung is None  # die echte API nähme das als Anfang der Antwort (prefill)


def test_ergebnis_mit_unbekannter_id():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a"), ergebnis("toolu_x"))])
    assert f.index == 2
    assert "messages[2].content[1]" in f.erklaerung and "toolu_x" in f.erklaerung and "toolu_a" in f.erklaerung
    assert f.api_meldung == (
        "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_x. Each "
        "`tool_result` block must have a corresponding `tool_use` block in the previous message.")


def test_ergebnis_ohne_vorherigen_wunsch():
    f = abgelehnt([frage(), nutzer(ergebnis("toolu_a"))])
    assert f.index == 1 and "keine assistant-Nachricht" in f.erklaerung
    assert "unexpected `tool_use_id`" in f.api_meldung
    f = abgelehnt([nutzer(ergebnis("toolu_a"))])
    assert f.index == 0


def test_ergebnis_zu_wunsch_aus_aelterer_runde():
    """Ein Ergebnis gehört zur DIREKT vorangehenden assistant-Nachricht."""
    verlauf = [frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a")),
               assistant(wunsch("toolu_b")), nutzer(ergebnis("toolu_a"))]
    f = abgelehnt(verlauf)
    assert f.index == 4 and "toolu_a" in f.erklaerung and "toolu_b" in f.erklaerung


def test_text_vor_den_ergebnissen():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(txt("Hier das Ergebnis:"), ergebnis("toolu_a"))])
    assert "messages[2].content[0]" in f.erklaerung and "ZUERST" in f.erklaerung
    assert f.index == 1
    assert f.api_meldung.startswith("messages.1: `tool_use` ids were found without `tool_result` blocks")


def test_ergebnis_in_assistant_nachricht():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a"), ergebnis("toolu_a"))])
    assert f.index == 1 and "messages[1].content[1]" in f.erklaerung and "toolu_a" in f.erklaerung
    assert f.api_meldung == "`tool_result` blocks can only be in `user` messages"


def test_doppeltes_ergebnis():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a"), ergebnis("toolu_a"))])
    assert f.index == 2 and "messages[2].content[1]" in f.erklaerung and "toolu_a" in f.erklaerung
    assert f.api_meldung == "Found multiple `tool_result` blocks with id: toolu_a"


def test_doppelte_tool_use_id():
    verlauf = [frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a")),
               assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a"))]
    f = abgelehnt(verlauf)
    assert f.index == 3 and "messages[1]" in f.erklaerung and "toolu_a" in f.erklaerung
    assert f.api_meldung == "`tool_use` ids must be unique"
    f = abgelehnt([frage(), assistant(wunsch("toolu_a"), wunsch("toolu_a")), nutzer(ergebnis("toolu_a"))])
    assert f.api_meldung == "`tool_use` ids must be unique"


@pytest.mark.parametrize("content, typ", [(42, "int"), (3.5, "float"), ({"temp": 21}, "dict"),
                                          (None, "None"), ([{"type": "tool_result"}], "Liste"), (["sonnig"], "Liste")])
def test_content_des_ergebnisses_muss_text_sein(content, typ):
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a", content))])
    assert f.index == 2 and "toolu_a" in f.erklaerung and typ in f.erklaerung and "str(ergebnis)" in f.erklaerung
    assert f.api_meldung == "messages.2.content.0.tool_result.content: Input should be a valid list"


@pytest.mark.parametrize("wert", ["true", 1, None])
def test_is_error_muss_bool_sein(wert):
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a", is_error=wert))])
    assert f.index == 2 and "is_error" in f.erklaerung and repr(wert) in f.erklaerung
    assert f.api_meldung == "messages.2.content.0.tool_result.is_error: Input should be a valid boolean"


def test_unbekanntes_feld_im_ergebnis():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_a", is_eror=True))])
    assert "'is_eror'" in f.erklaerung and "Tippfehler" in f.erklaerung
    assert f.api_meldung == "messages.2.content.0.tool_result.is_eror: Extra inputs are not permitted"


def test_ergebnis_ohne_tool_use_id():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer({"type": "tool_result", "content": "x"})])
    assert f.index == 2 and "tool_use_id" in f.erklaerung
    assert f.api_meldung == "messages.2.content.0.tool_result.tool_use_id: Field required"
    f = abgelehnt([frage(), assistant(wunsch("toolu_a")), nutzer(ergebnis(7))])
    assert "7" in f.erklaerung and "pattern" in f.api_meldung


@pytest.mark.parametrize("nachricht, index_text, api", [
    ("hallo", "ein Text (str)", "messages.0: Input should be a valid dictionary"),
    ({"role": "system", "content": "Sei nett."}, "system=", "messages.0.role: Input should be 'user' or 'assistant'"),
    ({"role": "tool", "content": "x"}, "OpenAI", "messages.0.role: Input should be 'user' or 'assistant'"),
    ({"content": "x"}, "None", "messages.0.role: Input should be 'user' or 'assistant'"),
    ({"role": "user"}, '"content"', "messages.0.content: Field required"),
    ({"role": "user", "content": ""}, "leeren Inhalt",
     "messages: all messages must have non-empty content except for the optional final assistant message"),
    ({"role": "user", "content": []}, "leeren Inhalt",
     "messages: all messages must have non-empty content except for the optional final assistant message"),
    ({"role": "user", "content": 5}, "eine Zahl (int)", "messages.0.content: Input should be a valid list"),
    ({"role": "user", "content": ["hallo"]}, "ein Block ist ein dict",
     "messages.0.content.0: Input should be a valid dictionary or object to extract fields from"),
    ({"role": "user", "content": [{"type": "bild"}]}, "'bild'",
     "messages.0.content.0: Input tag 'bild' found using 'type' does not match any of the expected tags: "
     "'text', 'image', 'document', 'tool_use', 'tool_result'"),
    ({"role": "user", "content": [{"type": "text", "text": 3}]}, "Text-Block",
     "messages.0.content.0.text.text: Input should be a valid string"),
    ({"role": "user", "content": [{"type": "text", "text": ""}]}, "leerer Text-Block",
     "messages: text content blocks must be non-empty"),
])
def test_kaputte_nachrichten(nachricht, index_text, api):
    f = abgelehnt([nachricht])
    assert f.index == 0 and "messages[0]" in f.erklaerung and index_text in f.erklaerung
    assert f.api_meldung == api


@pytest.mark.parametrize("block, feld", [
    ({"type": "tool_use", "name": "wetter", "input": {}}, "id"),
    ({"type": "tool_use", "id": "toolu_a", "input": {}}, "name"),
    ({"type": "tool_use", "id": "toolu_a", "name": "wetter"}, "input"),
])
def test_tool_use_ohne_pflichtfeld(block, feld):
    f = abgelehnt([frage(), assistant(block), nutzer(ergebnis("toolu_a"))])
    assert f.index == 1 and f'"{feld}"' in f.erklaerung and "unverändert" in f.erklaerung
    assert f.api_meldung == f"messages.1.content.0.tool_use.{feld}: Field required"


def test_tool_use_mit_falschen_typen():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a", input="Kiel")), nutzer(ergebnis("toolu_a"))])
    assert "toolu_a" in f.erklaerung and "dict" in f.erklaerung
    assert f.api_meldung == "messages.1.content.0.tool_use.input: Input should be a valid dictionary"
    f = abgelehnt([frage(), assistant(wunsch("toolu a")), nutzer(ergebnis("toolu_a"))])
    assert "'toolu a'" in f.erklaerung
    f = abgelehnt([frage(), assistant(wunsch("toolu_a", name="")), nutzer(ergebnis("toolu_a"))])
    assert "name" in f.erklaerung


def test_messages_selbst():
    assert abgelehnt([]).api_meldung == "messages: at least one message is required"
    f = abgelehnt({"role": "user", "content": "x"})
    assert "Liste" in f.erklaerung and f.index is None


@pytest.mark.parametrize("tools, text, api", [
    ({"name": "wetter"}, "Liste", "tools: Input should be a valid list"),
    (["wetter"], "tools[0]", "tools.0: Input should be a valid dictionary or object to extract fields from"),
    ([{"name": "wetter abfragen", "input_schema": {"type": "object"}}], "'wetter abfragen'",
     "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"),
    ([{"name": "x" * 129, "input_schema": {"type": "object"}}], "1 bis 128",
     "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"),
    ([{"name": "wetter", "input_schema": {"type": "object"}}, {"name": "wetter", "input_schema": {"type": "object"}}],
     "zweimal", "tools: Tool names must be unique."),
    ([{"name": "wetter", "description": 5, "input_schema": {"type": "object"}}], "description",
     "tools.0.custom.description: Input should be a valid string"),
    ([{"name": "wetter"}], "input_schema", "tools.0.custom.input_schema.type: Input should be 'object'"),
    ([{"name": "wetter", "input_schema": {"type": "string"}}], "input_schema",
     "tools.0.custom.input_schema.type: Input should be 'object'"),
    ([{"name": "wetter", "parameters": {"type": "object"}}], "input_schema",
     "tools.0.custom.input_schema.type: Input should be 'object'"),
])
def test_tools_werden_geprueft(tools, text, api):
    f = abgelehnt([frage()], tools)
    assert text in f.erklaerung and f.api_meldung == api and f.index is None


def test_gueltige_tools():
    pruefe_anfrage([frage()], [WETTER, {"name": "zeit-jetzt_2", "input_schema": {"type": "object", "properties": {}}}])
    pruefe_anfrage([frage()], [])
    pruefe_anfrage([frage()], [{"name": "x" * 128, "input_schema": {"type": "object"}}])


@pytest.mark.parametrize("wahl", [
    {"type": "auto"}, {"type": "any"}, {"type": "none"}, {"type": "tool", "name": "wetter"},
    {"type": "auto", "disable_parallel_tool_use": True}, {"type": "any", "disable_parallel_tool_use": False},
])
def test_gueltige_tool_choice(wahl):
    pruefe_anfrage([frage()], [WETTER], wahl)


@pytest.mark.parametrize("wahl, tools, text", [
    ("required", [WETTER], "OpenAI"),
    ({"type": "required"}, [WETTER], "'required'"),
    ({"type": "tool", "name": "zeit"}, [WETTER], "'zeit'"),
    ({"type": "tool"}, [WETTER], "None"),
    ({"type": "any"}, None, "keine tools"),
    ({"type": "auto", "disable_parallel_tool_use": "ja"}, [WETTER], "disable_parallel_tool_use"),
    ({"type": "auto", "name": "wetter"}, [WETTER], "'name'"),
])
def test_falsche_tool_choice(wahl, tools, text):
    f = abgelehnt([frage()], tools, wahl)
    assert text in f.erklaerung and f.api_meldung


def test_fehlertext_enthaelt_die_echte_meldung():
    f = abgelehnt([frage(), assistant(wunsch("toolu_a"))])
    assert isinstance(f, ValueError) and isinstance(f, ProtokollFehler)
    assert str(f).startswith(f.erklaerung)
    assert f.api_meldung in str(f) and "HTTP 400" in str(f)
    ohne = abgelehnt([frage(), assistant(txt("x"))])
    assert str(ohne) == ohne.erklaerung


def test_fehler_uebersteht_pickle():
    """Der Bewerter kann Fehler zwischen Prozessen weiterreichen; Index und Meldung bleiben erhalten."""
    import pickle

    f = abgelehnt([frage(), assistant(wunsch("toolu_a"))])
    kopie = pickle.loads(pickle.dumps(f))
    assert (str(kopie), kopie.index, kopie.api_meldung, kopie.erklaerung) == (
        str(f), f.index, f.api_meldung, f.erklaerung)
