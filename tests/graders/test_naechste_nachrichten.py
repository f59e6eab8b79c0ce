"""Versteckte Prüfungen für `naechste_nachrichten(messages, antwort, ergebnisse)` (Blatt 02).

Verlangt ist eine NEUE Liste: die bisherigen Nachrichten, dann `{"role": "assistant", "content": antwort}`,
dann `{"role": "user", "content": ergebnisse}`. Die übergebene Liste `messages` bleibt unverändert.
"""

import copy

from fake_model import FakeModell, ProtokollFehler, text, tool_use

WO = "Sieh in Blatt 02 bei Übung 2 nach."


def _beispiel():
    messages = [{"role": "user", "content": "Ist Artikel 1001 im Lager Nord?"}]
    antwort = [text("Ich sehe nach."), tool_use("lager_bestand", {"artikel": 1001}, id="toolu_bestand")]
    ergebnisse = [{"type": "tool_result", "tool_use_id": "toolu_bestand", "content": "12 Stück"}]
    return messages, antwort, ergebnisse


def _neu(naechste_nachrichten, messages, antwort, ergebnisse):
    neu = naechste_nachrichten(messages, antwort, ergebnisse)
    assert isinstance(neu, list), (
        f"Erwartet war eine Liste von Nachrichten, gekommen ist {type(neu).__name__}: {neu!r}. {WO}"
    )
    return neu


def test_zwei_nachrichten_mehr(naechste_nachrichten):
    """Die neue Liste hat genau zwei Nachrichten mehr"""
    messages, antwort, ergebnisse = _beispiel()
    neu = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    assert len(neu) == 3, (
        f"Erwartet waren 1 + 2 = 3 Nachrichten, gekommen sind {len(neu)}: {neu!r}. Pro Runde kommen genau zwei "
        f"Nachrichten dazu: die Antwort (assistant) und die Ergebnisse (user). {WO}"
    )


def test_alte_nachrichten_vorne(naechste_nachrichten):
    """Die bisherigen Nachrichten stehen unverändert am Anfang"""
    messages = [
        {"role": "user", "content": "Was kostet Artikel 7?"},
        {"role": "assistant", "content": [tool_use("preis", {"artikel": 7}, id="toolu_p")]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_p", "content": "3.5"}]},
    ]
    antwort = [tool_use("lager_bestand", {"artikel": 7}, id="toolu_l")]
    ergebnisse = [{"type": "tool_result", "tool_use_id": "toolu_l", "content": "0 Stück"}]
    vorher = copy.deepcopy(messages)
    neu = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    assert neu[:3] == vorher, (
        f"Erwartet waren am Anfang die bisherigen Nachrichten {vorher!r}, gekommen ist {neu[:3]!r}. {WO}"
    )
    assert len(neu) == 5, f"Erwartet waren 3 + 2 = 5 Nachrichten, gekommen sind {len(neu)}. {WO}"


def test_antwort_als_assistant(naechste_nachrichten):
    """Die Antwort des Modells folgt unverändert als assistant-Nachricht"""
    messages, antwort, ergebnisse = _beispiel()
    neu = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    assert len(neu) >= 2, f"Erwartet waren mindestens 2 Nachrichten, gekommen ist {neu!r}. {WO}"
    erwartet = {"role": "assistant", "content": _beispiel()[1]}
    assert neu[1] == erwartet, (
        f"Erwartet war an Stelle 1 die assistant-Nachricht {erwartet!r},\ngekommen ist {neu[1]!r}.\n"
        f"Die ganze Antwort (auch ihr Text-Block) geht unverändert zurück. {WO}"
    )


def test_ergebnisse_als_eine_user_nachricht(naechste_nachrichten):
    """Alle Ergebnisse folgen zusammen in EINER user-Nachricht"""
    messages = [{"role": "user", "content": "Bestand und Preis von Artikel 5?"}]
    antwort = [tool_use("lager_bestand", {"artikel": 5}, id="toolu_b"), tool_use("preis", {"artikel": 5}, id="toolu_p")]
    ergebnisse = [
        {"type": "tool_result", "tool_use_id": "toolu_b", "content": "3 Stück"},
        {"type": "tool_result", "tool_use_id": "toolu_p", "content": "9.99"},
    ]
    neu = _neu(naechste_nachrichten, messages, antwort, copy.deepcopy(ergebnisse))
    assert len(neu) == 3, (
        f"Erwartet waren 3 Nachrichten (beide Ergebnisse in einer user-Nachricht), gekommen sind {len(neu)}: "
        f"{[n.get('role') if isinstance(n, dict) else n for n in neu]}. {WO}"
    )
    erwartet = {"role": "user", "content": ergebnisse}
    assert neu[2] == erwartet, (
        f"Erwartet war als letzte Nachricht {erwartet!r},\ngekommen ist {neu[2]!r}. {WO}"
    )


def test_eingabe_bleibt_unveraendert(naechste_nachrichten):
    """Die übergebene Liste messages wird nicht verändert"""
    messages, antwort, ergebnisse = _beispiel()
    vorher = copy.deepcopy(messages)
    neu = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    assert messages == vorher, (
        f"messages wurde verändert: vorher {len(vorher)} Nachricht(en), nachher {len(messages)}. Erwartet war "
        f"eine NEUE Liste; append und += ändern die übergebene Liste. Nimm messages + [...]. {WO}"
    )
    assert neu is not messages, f"Erwartet war eine neue Liste, zurück kam dieselbe Liste messages. {WO}"


def test_zweimal_mit_derselben_liste(naechste_nachrichten):
    """Zwei Aufrufe mit derselben Liste beeinflussen sich nicht"""
    messages, antwort, ergebnisse = _beispiel()
    erste = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    zweite = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    assert len(erste) == 3 and len(zweite) == 3, (
        f"Erwartet waren zweimal 3 Nachrichten, gekommen sind {len(erste)} und {len(zweite)}. Wenn die zweite "
        f"Liste länger ist, hat der erste Aufruf messages verändert. {WO}"
    )


def test_strenges_modell_nimmt_verlauf_an(naechste_nachrichten):
    """Das strenge Fake-Modell nimmt den neuen Verlauf an, über zwei Runden"""
    modell = FakeModell([
        [text("Ich sehe nach."), tool_use("lager_bestand", {"artikel": 1001}), tool_use("preis", {"artikel": 1001})],
        [tool_use("lager_bestand", {"artikel": 1002})],
        [text("Artikel 1001: 12 Stück zu 4,50 Euro; Artikel 1002 ist ausverkauft.")],
    ])
    messages = [{"role": "user", "content": "Wie steht es um die Artikel 1001 und 1002?"}]
    for _ in range(2):
        antwort = modell(messages)
        ergebnisse = [
            {"type": "tool_result", "tool_use_id": b["id"], "content": f"Ergebnis für {b['name']}"}
            for b in antwort
            if b["type"] == "tool_use"
        ]
        messages = _neu(naechste_nachrichten, messages, antwort, ergebnisse)
    try:
        letzte = modell(messages)
    except ProtokollFehler as e:
        raise AssertionError(f"Das Fake-Modell lehnt den Verlauf ab:\n{e}\n{WO}") from None
    assert letzte[0]["type"] == "text"
    assert len(messages) == 5, f"Nach zwei Runden erwartet: 5 Nachrichten, gekommen sind {len(messages)}. {WO}"
