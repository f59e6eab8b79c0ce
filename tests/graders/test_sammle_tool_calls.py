"""Versteckter Bewerter für `sammle_tool_calls(chunks)` (Blatt 05).

Die Funktion setzt die Tool-Calls eines gestreamten Chat-Completion-Laufs zusammen. Jeder Chunk ist ein dict
`{"choices": [{"index": 0, "delta": {...}, "finish_reason": ...}]}`; Bruchstücke stehen in
`delta["tool_calls"]`, jedes mit `index`. Das erste Bruchstück eines Index bringt `id`, `type` und
`function.name`, alle bringen Stücke von `function.arguments`, die in der Ankunftsreihenfolge aneinander-
gehängt werden. Ergebnis: eine Liste vollständiger Tool-Calls `{"id", "type": "function", "function":
{"name", "arguments"}}`, nach `index` geordnet. `delta["content"]` zählt nie als Tool-Call (Quelle 000: ein
Server schickte den Aufruf zusätzlich als rohen Text). Chunks ohne `choices` und Felder, die fehlen oder
`None` sind, stören nicht.
"""

import copy
import json

from fake_model import macken
from fake_model.openai import FakeOpenAIModell, openai_antwort, tool_call


def chunk(delta=None, finish_reason=None):
    return {"id": "chatcmpl-test", "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish_reason}]}


def kopf(index, id, name, arguments=""):
    """Das erste Bruchstück eines Tool-Calls: id, type und name."""
    return {"index": index, "id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def stueck(index, arguments):
    """Ein weiteres Bruchstück: nur index und ein Stück arguments."""
    return {"index": index, "function": {"arguments": arguments}}


def fertig(id, name, arguments):
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def rufe(sammle_tool_calls, chunks):
    vorher = copy.deepcopy(chunks)
    try:
        ergebnis = sammle_tool_calls(chunks)
    except Exception as e:
        raise AssertionError(
            f"Deine Funktion hat eine Ausnahme geworfen: {type(e).__name__}: {e}\n"
            "Sieh nach, ob du mit Chunks ohne choices, ohne tool_calls oder mit None-Feldern rechnest "
            "(chunk.get(...) or ...)."
        ) from None
    assert chunks == vorher, "Deine Funktion hat die Chunks verändert; lies sie nur."
    assert isinstance(ergebnis, list), (
        f"Erwartet war eine Liste von Tool-Calls, gekommen ist {type(ergebnis).__name__}: {ergebnis!r}."
    )
    return ergebnis


def vergleiche(ergebnis, erwartet, hinweis):
    assert ergebnis == erwartet, (
        f"Erwartet war\n  {erwartet!r}\ngekommen ist\n  {ergebnis!r}\n{hinweis}"
    )


def test_ein_aufruf_in_bruchstuecken(sammle_tool_calls):
    """Ein Tool-Call aus mehreren Bruchstücken wird vollständig zusammengesetzt"""
    chunks = [
        chunk({"role": "assistant", "content": None}),
        chunk({"tool_calls": [kopf(0, "call_x1", "bestand")]}),
        chunk({"tool_calls": [stueck(0, '{"arti')]}),
        chunk({"tool_calls": [stueck(0, 'kel": 10')]}),
        chunk({"tool_calls": [stueck(0, '01, "lager": "Nord"}')]}),
        chunk({}, finish_reason="tool_calls"),
    ]
    ergebnis = rufe(sammle_tool_calls, chunks)
    vergleiche(ergebnis, [fertig("call_x1", "bestand", '{"artikel": 1001, "lager": "Nord"}')],
               "Hänge die arguments-Stücke in der Reihenfolge ihrer Ankunft aneinander; id und name stehen "
               "nur im ersten Bruchstück.")


def test_jede_trennstelle(sammle_tool_calls):
    """Die Stücke dürfen an jeder Stelle getrennt sein, auch schon im ersten Bruchstück"""
    ganz = '{"text": "Grüße, \\"Nord\\"", "n": [1, 2]}'
    for i in range(len(ganz) + 1):
        for j in range(i, len(ganz) + 1, 3):
            chunks = [chunk({"tool_calls": [kopf(0, "call_t", "notiz", ganz[:i])]}),
                      chunk({"tool_calls": [stueck(0, ganz[i:j])]}),
                      chunk({"tool_calls": [stueck(0, ganz[j:])]}),
                      chunk({}, finish_reason="tool_calls")]
            ergebnis = rufe(sammle_tool_calls, chunks)
            vergleiche(ergebnis, [fertig("call_t", "notiz", ganz)],
                       f"Getrennt nach Zeichen {i} und {j}. Auch das erste Bruchstück kann schon einen Teil "
                       "von arguments enthalten.")
    assert json.loads(ganz)["n"] == [1, 2]


def test_parallele_aufrufe_nach_index(sammle_tool_calls):
    """Parallele Tool-Calls werden über index getrennt, auch wenn ihre Stücke sich abwechseln"""
    chunks = [
        chunk({"tool_calls": [kopf(0, "call_p0", "bestand")]}),
        chunk({"tool_calls": [stueck(0, '{"artikel": 1001, ')]}),
        chunk({"tool_calls": [kopf(1, "call_p1", "bestand", '{"artikel"')]}),
        chunk({"tool_calls": [stueck(0, '"lager": "Nord"}'), stueck(1, ': 1002, "lager": "Sued"}')]}),
        chunk({}, finish_reason="tool_calls"),
    ]
    ergebnis = rufe(sammle_tool_calls, chunks)
    vergleiche(ergebnis, [fertig("call_p0", "bestand", '{"artikel": 1001, "lager": "Nord"}'),
                          fertig("call_p1", "bestand", '{"artikel": 1002, "lager": "Sued"}')],
               "Jedes Bruchstück gehört zu dem Tool-Call mit seinem index, nicht zum zuletzt begonnenen. "
               "Ein Chunk kann auch Stücke mehrerer Aufrufe enthalten.")


def test_geordnet_nach_index(sammle_tool_calls):
    """Die Liste ist nach index geordnet, nicht nach Ankunft"""
    chunks = [
        chunk({"tool_calls": [kopf(1, "call_q1", "uhrzeit", "{}")]}),
        chunk({"tool_calls": [kopf(0, "call_q0", "bestand", '{"artikel": 7, "lager": "Nord"}')]}),
        chunk({}, finish_reason="tool_calls"),
    ]
    ergebnis = rufe(sammle_tool_calls, chunks)
    vergleiche(ergebnis, [fertig("call_q0", "bestand", '{"artikel": 7, "lager": "Nord"}'),
                          fertig("call_q1", "uhrzeit", "{}")],
               "Ordne die fertigen Aufrufe nach index (sorted(...)).")


def test_nur_text(sammle_tool_calls):
    """Ein Lauf ohne Tool-Call ergibt eine leere Liste"""
    chunks = [chunk({"role": "assistant", "content": ""}), chunk({"content": "Guten "}),
              chunk({"content": "Tag!"}), chunk({}, finish_reason="stop")]
    vergleiche(rufe(sammle_tool_calls, chunks), [], "Ohne delta.tool_calls gibt es keinen Tool-Call.")


def test_content_ist_kein_tool_call(sammle_tool_calls):
    """Roher Tool-Call-Text in delta.content wird nicht mitgezählt (Quelle 000)"""
    roh = '{"name": "get_time", "arguments": {}}'
    chunks = [chunk({"role": "assistant", "content": ""})]
    chunks += [chunk({"content": roh[k:k + 7]}) for k in range(0, len(roh), 7)]
    chunks += [chunk({"tool_calls": [kopf(0, "call_1", "get_time", "{}")]}),
               chunk({}, finish_reason="tool_calls")]
    ergebnis = rufe(sammle_tool_calls, chunks)
    vergleiche(ergebnis, [fertig("call_1", "get_time", "{}")],
               "Nur delta.tool_calls zählt. Der Text in delta.content ist hier derselbe Aufruf noch einmal als "
               "roher Text: wer ihn mitzählt, führt das Werkzeug doppelt aus.")


def test_fehlende_und_leere_felder(sammle_tool_calls):
    """Chunks ohne choices und Felder mit None stören nicht"""
    chunks = [
        {"id": "chatcmpl-test", "object": "chat.completion.chunk", "choices": []},
        chunk({"role": "assistant", "content": None, "tool_calls": None}),
        chunk({"tool_calls": [{"index": 0, "id": "call_n", "type": "function",
                               "function": {"name": "bestand", "arguments": None}}]}),
        chunk({"tool_calls": [{"index": 0, "function": {"arguments": '{"artikel": 3, '}}]}),
        chunk({"tool_calls": [{"index": 0, "id": None, "function": {"name": None,
                                                                     "arguments": '"lager": "Sued"}'}}]}),
        chunk({"tool_calls": [{"index": 0}]}),
        chunk({}, finish_reason="tool_calls"),
        {"id": "chatcmpl-test", "object": "chat.completion.chunk", "choices": [],
         "usage": {"prompt_tokens": 80, "completion_tokens": 12, "total_tokens": 92}},
    ]
    ergebnis = rufe(sammle_tool_calls, chunks)
    vergleiche(ergebnis, [fertig("call_n", "bestand", '{"artikel": 3, "lager": "Sued"}')],
               "Ein Feld, das fehlt oder None ist, ändert nichts: id und name bleiben aus dem ersten "
               "Bruchstück, arguments wächst nur um echte Stücke. Der letzte Chunk (usage) hat keine choices.")


def test_gegen_das_fake_modell(sammle_tool_calls):
    """Ein echter Stream des Fake-Modells, auch mit der Macke "doppelt gestreamt", ergibt die Aufrufe"""
    aufrufe = [tool_call("bestand", {"artikel": 1001, "lager": "Nord"}, id="call_s1"),
               tool_call("uhrzeit", {}, id="call_s2")]
    modell = FakeOpenAIModell([openai_antwort("Moment.", tool_calls=aufrufe),
                               macken.doppelt_gestreamter_aufruf("uhrzeit", {})])
    frage = [{"role": "user", "content": "Wie viel liegt in Nord, und wie spät ist es?"}]
    ergebnis = rufe(sammle_tool_calls, modell(frage, stream=True))
    vergleiche(ergebnis, aufrufe, "So liefert FakeOpenAIModell(..., stream=True) zwei parallele Aufrufe.")
    ergebnis = rufe(sammle_tool_calls, modell(frage, stream=True))
    assert isinstance(ergebnis, list) and len(ergebnis) == 1, (
        f"Erwartet war genau ein Aufruf (uhrzeit), gekommen ist {ergebnis!r}. Der Server schickt ihn erst als "
        "rohen Text in delta.content und dann gebündelt in delta.tool_calls; nur Letzteres zählt."
    )
    assert ergebnis[0]["function"] == {"name": "uhrzeit", "arguments": "{}"}, (
        f"Erwartet war function={{'name': 'uhrzeit', 'arguments': '{{}}'}}, gekommen ist {ergebnis[0]!r}."
    )
