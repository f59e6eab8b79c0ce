"""Versteckter Bewerter für `beantworte_tool_calls(nachricht, werkzeuge)` (Blatt 05).

Die Funktion beantwortet die `tool_calls` einer Assistant-Nachricht im OpenAI-Format mit Tool-Nachrichten
`{"role": "tool", "tool_call_id": ..., "content": str}`, eine pro Aufruf, in derselben Reihenfolge.
`werkzeuge` bildet einen Namen auf ein Paar `(funktion, EingabeModell)` ab. `arguments` ist ein JSON-String:
Er wird geparst (leer oder nur Leerzeichen zählt als `{}`) und mit dem Eingabemodell geprüft; das Werkzeug
bekommt die geprüften Werte. OpenAI kennt kein `is_error`: Ein Fehler-Ergebnis ist eine Tool-Nachricht,
deren `content` mit `"Fehler:"` beginnt. Die Funktion wirft nie und verändert die Nachricht nicht.

Geprüft wird Verhalten, nicht Wortlaut: Nur das Präfix `"Fehler:"` und die genannten Namen/Felder zählen.
"""

import copy
import json

from pydantic import BaseModel

from fake_model import ProtokollFehler, macken
from fake_model.openai import FakeOpenAIModell, openai_antwort
from fake_model.openai import tool_call as fake_tool_call


class BestandEingabe(BaseModel):
    artikel: int
    lager: str


class LeerEingabe(BaseModel):
    pass


def tool_call(id, name, arguments):
    """Ein Tool-Call, wie er in `message["tool_calls"]` steht (`arguments` ist ein String)."""
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments)
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def assistant(*calls, content=None):
    return {"role": "assistant", "content": content, "tool_calls": list(calls)}


def werkzeugkasten(bestand_wirft=None):
    """Frische Werkzeuge und ein Protokoll, womit sie aufgerufen wurden."""
    aufrufe = []

    def bestand(artikel, lager):
        aufrufe.append(("bestand", artikel, lager))
        if bestand_wirft:
            raise bestand_wirft
        return {"Nord": 12, "Sued": 0}.get(lager, 0) + artikel % 10

    def uhrzeit():
        aufrufe.append(("uhrzeit",))
        return "2026-06-06T21:12:00Z"

    return {"bestand": (bestand, BestandEingabe), "uhrzeit": (uhrzeit, LeerEingabe)}, aufrufe


def rufe(beantworte_tool_calls, nachricht, werkzeuge):
    try:
        return beantworte_tool_calls(nachricht, werkzeuge)
    except Exception as e:
        raise AssertionError(
            f"Deine Funktion hat eine Ausnahme nach außen gelassen: {type(e).__name__}: {e}\n"
            "Jeder Tool-Call muss mit einer Tool-Nachricht beantwortet werden, auch ein kaputter: fange den "
            "Fehler ab und gib ihn als content zurück, der mit 'Fehler:' beginnt."
        ) from None


def pruefe_liste(antworten, anzahl):
    assert isinstance(antworten, list), (
        f"Erwartet war eine Liste von Tool-Nachrichten, gekommen ist {type(antworten).__name__}: "
        f"{antworten!r}. Gib die Nachrichten als Liste zurück."
    )
    assert len(antworten) == anzahl, (
        f"Erwartet waren {anzahl} Tool-Nachrichten (eine pro Eintrag in tool_calls), gekommen sind "
        f"{len(antworten)}: {antworten!r}."
    )
    for a in antworten:
        assert isinstance(a, dict) and a.get("role") == "tool", (
            f"Jede Antwort muss ein dict mit 'role': 'tool' sein, gekommen ist {a!r}."
        )
        assert isinstance(a.get("content"), str), (
            f"content muss ein str sein (OpenAI erwartet Text), gekommen ist "
            f"{type(a.get('content')).__name__}: {a.get('content')!r}. Wandle das Ergebnis mit str() um."
        )


def pruefe_fehler(antwort, *muss_enthalten):
    assert antwort["content"].startswith("Fehler:"), (
        f"Erwartet war ein Fehler-Ergebnis: content beginnt mit 'Fehler:' (OpenAI hat kein is_error). "
        f"Gekommen ist content={antwort['content']!r}."
    )
    for wort in muss_enthalten:
        assert wort in antwort["content"], (
            f"Der Fehlertext soll {wort!r} nennen, damit das Modell weiß, was es ändern muss. "
            f"Gekommen ist {antwort['content']!r}."
        )


def test_ein_aufruf_wird_ausgefuehrt(beantworte_tool_calls):
    """Ein gültiger Tool-Call wird ausgeführt und mit seiner tool_call_id beantwortet"""
    werkzeuge, aufrufe = werkzeugkasten()
    antworten = rufe(beantworte_tool_calls,
                     assistant(tool_call("call_a1", "bestand", {"artikel": 1001, "lager": "Nord"})), werkzeuge)
    pruefe_liste(antworten, 1)
    assert antworten[0].get("tool_call_id") == "call_a1", (
        f"Erwartet war tool_call_id='call_a1' (die id des Tool-Calls), gekommen ist {antworten[0]!r}. "
        "Das Feld heißt tool_call_id, nicht id oder tool_use_id."
    )
    assert aufrufe == [("bestand", 1001, "Nord")], (
        f"Erwartet war genau ein Aufruf bestand(artikel=1001, lager='Nord'), gekommen ist {aufrufe!r}."
    )
    assert antworten[0]["content"] == "13", (
        f"Erwartet war content='13' (das Ergebnis des Werkzeugs als Text), gekommen ist "
        f"{antworten[0]['content']!r}."
    )


def test_werkzeug_bekommt_gepruefte_werte(beantworte_tool_calls):
    """Das Werkzeug bekommt die vom Eingabemodell geprüften Werte"""
    werkzeuge, aufrufe = werkzeugkasten()
    antworten = rufe(beantworte_tool_calls,
                     assistant(tool_call("call_b1", "bestand", '{"artikel": "1002", "lager": "Sued"}')),
                     werkzeuge)
    pruefe_liste(antworten, 1)
    assert aufrufe == [("bestand", 1002, "Sued")], (
        f"Erwartet war bestand(artikel=1002, lager='Sued') mit artikel als int, gekommen ist {aufrufe!r}. "
        "Prüfe die geparsten Argumente mit Eingabe.model_validate(...) und übergib eingabe.model_dump()."
    )
    assert antworten[0]["content"] == "2", f"Erwartet war content='2', gekommen ist {antworten[0]['content']!r}."


def test_erfundene_argumente_stoeren_nicht(beantworte_tool_calls):
    """Ein erfundenes Zusatzargument (wie current_time in Quelle 000) bringt das Werkzeug nicht zu Fall"""
    werkzeuge, aufrufe = werkzeugkasten()
    antworten = rufe(beantworte_tool_calls,
                     assistant(tool_call("call_c1", "uhrzeit", '{"current_time": "2023-10-29T15:48:30.567Z"}')),
                     werkzeuge)
    pruefe_liste(antworten, 1)
    assert aufrufe == [("uhrzeit",)], (
        f"Erwartet war ein Aufruf uhrzeit() ohne Argumente, gekommen ist {aufrufe!r} mit content="
        f"{antworten[0]['content']!r}. Das Eingabemodell ignoriert unbekannte Felder: übergib dem Werkzeug "
        "die geprüften Werte (eingabe.model_dump()), nicht das rohe JSON."
    )
    assert antworten[0]["content"] == "2026-06-06T21:12:00Z", (
        f"Erwartet war das Ergebnis von uhrzeit() als content, gekommen ist {antworten[0]['content']!r}."
    )


def test_leere_arguments(beantworte_tool_calls):
    """Leere arguments ("") zählen als {} für ein Werkzeug ohne Parameter"""
    werkzeuge, aufrufe = werkzeugkasten()
    antworten = rufe(beantworte_tool_calls,
                     assistant(tool_call("call_d1", "uhrzeit", ""), tool_call("call_d2", "uhrzeit", "  ")),
                     werkzeuge)
    pruefe_liste(antworten, 2)
    assert [a["content"] for a in antworten] == ["2026-06-06T21:12:00Z"] * 2, (
        f"Kleine Modelle schicken für Werkzeuge ohne Parameter oft '' statt '{{}}'. Erwartet war, dass das "
        f"als leeres Objekt zählt und uhrzeit() läuft; gekommen ist {antworten!r}."
    )
    assert len(aufrufe) == 2, f"Erwartet waren zwei Aufrufe von uhrzeit(), gekommen ist {aufrufe!r}."


def test_mehrere_aufrufe_in_reihenfolge(beantworte_tool_calls):
    """Mehrere Tool-Calls: eine Tool-Nachricht pro Aufruf, in derselben Reihenfolge"""
    werkzeuge, aufrufe = werkzeugkasten()
    nachricht = assistant(
        tool_call("call_e1", "bestand", {"artikel": 1003, "lager": "Nord"}),
        tool_call("call_e2", "uhrzeit", "{}"),
        tool_call("call_e3", "bestand", {"artikel": 1001, "lager": "Sued"}),
    )
    antworten = rufe(beantworte_tool_calls, nachricht, werkzeuge)
    pruefe_liste(antworten, 3)
    ids = [a.get("tool_call_id") for a in antworten]
    assert ids == ["call_e1", "call_e2", "call_e3"], (
        f"Erwartet waren die tool_call_ids ['call_e1', 'call_e2', 'call_e3'] in dieser Reihenfolge, "
        f"gekommen ist {ids!r}. Beantworte jeden Eintrag von nachricht['tool_calls'] der Reihe nach."
    )
    inhalte = [a["content"] for a in antworten]
    assert inhalte == ["15", "2026-06-06T21:12:00Z", "1"], (
        f"Erwartet waren die Inhalte ['15', '2026-06-06T21:12:00Z', '1'], gekommen ist {inhalte!r}."
    )
    assert len(aufrufe) == 3, f"Jedes Werkzeug sollte genau einmal laufen, gekommen ist {aufrufe!r}."


def test_keine_tool_calls(beantworte_tool_calls):
    """Eine Nachricht ohne tool_calls braucht keine Tool-Nachricht"""
    werkzeuge, aufrufe = werkzeugkasten()
    for nachricht in ({"role": "assistant", "content": "Hallo!"},
                      {"role": "assistant", "content": "Hallo!", "tool_calls": None},
                      {"role": "assistant", "content": "Hallo!", "tool_calls": []}):
        antworten = rufe(beantworte_tool_calls, nachricht, werkzeuge)
        assert antworten == [], (
            f"Erwartet war [] für {nachricht!r} (das Feld tool_calls kann fehlen oder None sein), "
            f"gekommen ist {antworten!r}."
        )
    assert aufrufe == [], f"Es sollte kein Werkzeug laufen, gekommen ist {aufrufe!r}."


def test_unbekanntes_werkzeug(beantworte_tool_calls):
    """Ein erfundener Werkzeugname wird zum Fehler-Ergebnis, die anderen Aufrufe laufen trotzdem"""
    werkzeuge, aufrufe = werkzeugkasten()
    nachricht = assistant(tool_call("call_f1", "multi_tool_use.parallel", "{}"),
                          tool_call("call_f2", "uhrzeit", "{}"))
    antworten = rufe(beantworte_tool_calls, nachricht, werkzeuge)
    pruefe_liste(antworten, 2)
    pruefe_fehler(antworten[0], "multi_tool_use.parallel")
    assert antworten[1]["content"] == "2026-06-06T21:12:00Z", (
        f"Der zweite, gültige Aufruf sollte trotzdem laufen; gekommen ist {antworten[1]!r}."
    )


def test_kaputtes_json(beantworte_tool_calls):
    """Abgeschnittenes JSON in arguments wird zum Fehler-Ergebnis, das Werkzeug läuft nicht"""
    werkzeuge, aufrufe = werkzeugkasten()
    antworten = rufe(beantworte_tool_calls,
                     assistant(tool_call("call_g1", "bestand", '{"artikel": 1001, "lager": "No')), werkzeuge)
    pruefe_liste(antworten, 1)
    pruefe_fehler(antworten[0])
    assert antworten[0].get("tool_call_id") == "call_g1", (
        f"Auch ein Fehler-Ergebnis braucht die tool_call_id des Aufrufs, gekommen ist {antworten[0]!r}."
    )
    assert aufrufe == [], f"Mit kaputtem JSON darf das Werkzeug nicht laufen, gekommen ist {aufrufe!r}."


def test_json_aber_kein_objekt(beantworte_tool_calls):
    """Gültiges JSON, das kein Objekt ist (Liste, Zahl), wird zum Fehler-Ergebnis"""
    werkzeuge, aufrufe = werkzeugkasten()
    nachricht = assistant(tool_call("call_h1", "bestand", "[1001, \"Nord\"]"),
                          tool_call("call_h2", "bestand", "1001"))
    antworten = rufe(beantworte_tool_calls, nachricht, werkzeuge)
    pruefe_liste(antworten, 2)
    pruefe_fehler(antworten[0])
    pruefe_fehler(antworten[1])
    assert aufrufe == [], f"Ohne passendes Objekt darf das Werkzeug nicht laufen, gekommen ist {aufrufe!r}."


def test_schema_verletzung_nennt_felder(beantworte_tool_calls):
    """Argumente, die nicht zum Eingabemodell passen, werden zum Fehler-Ergebnis mit den Feldnamen"""
    werkzeuge, aufrufe = werkzeugkasten()
    nachricht = assistant(tool_call("call_i1", "bestand", {"artikel": "viele"}))
    antworten = rufe(beantworte_tool_calls, nachricht, werkzeuge)
    pruefe_liste(antworten, 1)
    pruefe_fehler(antworten[0], "artikel", "lager")
    assert aufrufe == [], f"Mit ungültigen Argumenten darf das Werkzeug nicht laufen, gekommen ist {aufrufe!r}."


def test_werkzeug_wirft(beantworte_tool_calls):
    """Eine Ausnahme im Werkzeug wird zum Fehler-Ergebnis mit Typ und Meldung"""
    werkzeuge, aufrufe = werkzeugkasten(bestand_wirft=ConnectionError("Lagersystem antwortet nicht"))
    antworten = rufe(beantworte_tool_calls,
                     assistant(tool_call("call_j1", "bestand", {"artikel": 1001, "lager": "Nord"})), werkzeuge)
    pruefe_liste(antworten, 1)
    pruefe_fehler(antworten[0], "ConnectionError", "Lagersystem antwortet nicht")


def test_nachricht_bleibt_unveraendert(beantworte_tool_calls):
    """Die Assistant-Nachricht bleibt unverändert (arguments bleibt ein String)"""
    werkzeuge, _ = werkzeugkasten()
    nachricht = assistant(tool_call("call_k1", "bestand", {"artikel": 1001, "lager": "Nord"}),
                          tool_call("call_k2", "gibtsnicht", "{}"), content="Ich schaue nach.")
    vorher = copy.deepcopy(nachricht)
    rufe(beantworte_tool_calls, nachricht, werkzeuge)
    assert nachricht == vorher, (
        "Deine Funktion hat die Assistant-Nachricht verändert. Sie geht unverändert zurück an das Modell, "
        "und dort muss arguments ein String bleiben.\n"
        f"Vorher: {vorher!r}\nNachher: {nachricht!r}"
    )


def test_round_trip_mit_strengem_fake_modell(beantworte_tool_calls):
    """Die Tool-Nachrichten passen in den Verlauf (strenges FakeOpenAIModell), auch bei Macken"""
    werkzeuge, aufrufe = werkzeugkasten()
    modell = FakeOpenAIModell([
        openai_antwort(tool_calls=[fake_tool_call("bestand", {"artikel": 1001, "lager": "Nord"}),
                                   fake_tool_call("uhrzeit", "")]),
        macken.abgeschnittenes_json("bestand", {"artikel": 1001, "lager": "Nord"}),
        macken.erfundenes_werkzeug(format="openai"),
        openai_antwort("In Nord liegen 13 Stück."),
    ])
    messages = [{"role": "user", "content": "Wie viele von Artikel 1001 liegen in Nord?"}]
    for _ in range(4):
        try:
            nachricht = modell(messages)["choices"][0]["message"]
        except ProtokollFehler as e:
            raise AssertionError(
                f"Das strenge Fake-Modell lehnt den Verlauf mit deinen Tool-Nachrichten ab:\n{e}"
            ) from None
        messages.append(nachricht)
        if not nachricht.get("tool_calls"):
            break
        messages.extend(rufe(beantworte_tool_calls, nachricht, werkzeuge))
    assert messages[-1] == {"role": "assistant", "content": "In Nord liegen 13 Stück."}, (
        f"Das Gespräch sollte mit der Textantwort enden, es endet mit {messages[-1]!r}."
    )
    assert aufrufe == [("bestand", 1001, "Nord"), ("uhrzeit",)], (
        f"Nur die gültigen Aufrufe der ersten Runde sollten laufen, gekommen ist {aufrufe!r}."
    )
