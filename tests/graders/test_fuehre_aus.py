"""Versteckte Prüfungen für `fuehre_aus(antwort, werkzeuge)` (Blatt 02).

Verlangt ist eine Liste mit einem tool_result-Block pro tool_use-Block der Antwort, in derselben Reihenfolge:
`{"type": "tool_result", "tool_use_id": block["id"], "content": str(werkzeuge[block["name"]](**block["input"]))}`.
Text-Blöcke werden übersprungen. Ein zusätzliches `"is_error": False` ist erlaubt.
"""

import copy

from fake_model import FakeModell, ProtokollFehler, text, tool_use

WO = "Sieh in Blatt 02 bei Übung 1 nach."
FELDER = {"type", "tool_use_id", "content", "is_error"}


def _werkzeuge(protokoll=None):
    """Kleine Werkzeuge, die ihre Aufrufe in ``protokoll`` mitschreiben."""
    protokoll = [] if protokoll is None else protokoll

    def minus(a, b):
        protokoll.append(("minus", a, b))
        return a - b

    def lagerort(artikel):
        protokoll.append(("lagerort", artikel))
        return f"Artikel {artikel} liegt in Regal {artikel % 7}"

    def preis(artikel):
        protokoll.append(("preis", artikel))
        return artikel / 100

    def uhrzeit():
        protokoll.append(("uhrzeit",))
        return "14:30"

    def leer():
        protokoll.append(("leer",))
        return None

    return {"minus": minus, "lagerort": lagerort, "preis": preis, "uhrzeit": uhrzeit, "leer": leer}


def _ergebnisse(fuehre_aus, antwort, werkzeuge):
    ergebnisse = fuehre_aus(antwort, werkzeuge)
    assert isinstance(ergebnisse, list), (
        f"Erwartet war eine Liste von tool_result-Blöcken, gekommen ist {type(ergebnisse).__name__}: "
        f"{ergebnisse!r}. {WO}"
    )
    for i, e in enumerate(ergebnisse):
        assert isinstance(e, dict), f"Element {i} der Liste ist kein dict, sondern {e!r}. {WO}"
    return ergebnisse


def _pruefe_block(ergebnis, id, content):
    assert ergebnis.get("type") == "tool_result", (
        f"Erwartet war type='tool_result', gekommen ist type={ergebnis.get('type')!r} in {ergebnis!r}. {WO}"
    )
    assert ergebnis.get("tool_use_id") == id, (
        f"Erwartet war tool_use_id={id!r} (die id des tool_use-Blocks), gekommen ist "
        f"{ergebnis.get('tool_use_id')!r} in {ergebnis!r}. Das Feld heißt tool_use_id. {WO}"
    )
    assert isinstance(ergebnis.get("content"), str), (
        f"content muss Text sein: erwartet war {content!r}, gekommen ist "
        f"{type(ergebnis.get('content')).__name__}: {ergebnis.get('content')!r}. Nimm str(ergebnis). {WO}"
    )
    assert ergebnis["content"] == content, (
        f"Erwartet war content={content!r} (str des Rückgabewerts), gekommen ist {ergebnis['content']!r}. {WO}"
    )
    extra = set(ergebnis) - FELDER
    assert not extra, (
        f"Der tool_result-Block hat Felder, die nicht hineingehören: {sorted(extra)} in {ergebnis!r}. "
        f"Erwartet waren type, tool_use_id und content. {WO}"
    )
    assert not ergebnis.get("is_error", False), (
        f"Ein erfolgreiches Ergebnis darf nicht als Fehler markiert sein: {ergebnis!r}. {WO}"
    )


def test_ein_aufruf(fuehre_aus):
    """Ein Werkzeugwunsch ergibt genau ein tool_result mit passender tool_use_id"""
    antwort = [tool_use("minus", {"a": 10, "b": 3}, id="toolu_eins")]
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    assert len(ergebnisse) == 1, f"Erwartet war 1 tool_result, gekommen sind {len(ergebnisse)}: {ergebnisse!r}. {WO}"
    _pruefe_block(ergebnisse[0], "toolu_eins", "7")


def test_ohne_aufruf_leere_liste(fuehre_aus):
    """Eine Antwort ohne tool_use-Block ergibt eine leere Liste"""
    ergebnisse = _ergebnisse(fuehre_aus, [text("Das weiß ich auch so: 42.")], _werkzeuge())
    assert ergebnisse == [], f"Erwartet war [], gekommen ist {ergebnisse!r}. Text-Blöcke brauchen kein Ergebnis. {WO}"


def test_text_vor_dem_aufruf(fuehre_aus):
    """Ein Text-Block vor dem Wunsch wird übersprungen"""
    antwort = [text("Ich schaue im Lager nach."), tool_use("lagerort", {"artikel": 1001}, id="toolu_lager")]
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    assert len(ergebnisse) == 1, (
        f"Erwartet war 1 tool_result (nur für den tool_use-Block), gekommen sind {len(ergebnisse)}: "
        f"{ergebnisse!r}. Filtere nach b['type'] == 'tool_use'. {WO}"
    )
    _pruefe_block(ergebnisse[0], "toolu_lager", "Artikel 1001 liegt in Regal 0")


def test_zwei_aufrufe_in_reihenfolge(fuehre_aus):
    """Zwei Wünsche ergeben zwei tool_results in derselben Reihenfolge"""
    antwort = [
        text("Ich hole Ort und Preis."),
        tool_use("preis", {"artikel": 250}, id="toolu_zuerst"),
        tool_use("lagerort", {"artikel": 1002}, id="toolu_danach"),
    ]
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    assert len(ergebnisse) == 2, (
        f"Erwartet waren 2 tool_results (eines pro Wunsch), gekommen sind {len(ergebnisse)}: {ergebnisse!r}. "
        f"Jeder Wunsch braucht eine Antwort, nicht nur der erste. {WO}"
    )
    _pruefe_block(ergebnisse[0], "toolu_zuerst", "2.5")
    _pruefe_block(ergebnisse[1], "toolu_danach", "Artikel 1002 liegt in Regal 1")


def test_gleiches_werkzeug_zweimal(fuehre_aus):
    """Zwei Wünsche an dasselbe Werkzeug ergeben zwei getrennte Ergebnisse"""
    antwort = [
        tool_use("minus", {"a": 5, "b": 1}, id="toolu_a"),
        tool_use("minus", {"a": 9, "b": 4}, id="toolu_b"),
    ]
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    assert [e.get("tool_use_id") for e in ergebnisse] == ["toolu_a", "toolu_b"], (
        f"Erwartet waren die tool_use_ids ['toolu_a', 'toolu_b'], gekommen ist "
        f"{[e.get('tool_use_id') for e in ergebnisse]!r}. Ordne nach Block, nicht nach Werkzeugname. {WO}"
    )
    assert [e.get("content") for e in ergebnisse] == ["4", "5"], (
        f"Erwartet waren die Inhalte ['4', '5'], gekommen ist {[e.get('content') for e in ergebnisse]!r}. {WO}"
    )


def test_argumente_nach_namen(fuehre_aus):
    """Die Argumente kommen als Schlüsselwort-Argumente an (Reihenfolge im input egal)"""
    antwort = [tool_use("minus", {"b": 2, "a": 10}, id="toolu_namen")]
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    assert len(ergebnisse) == 1, f"Erwartet war 1 tool_result, gekommen sind {len(ergebnisse)}. {WO}"
    assert ergebnisse[0].get("content") == "8", (
        f"minus(a=10, b=2) ist 8, gekommen ist content={ergebnisse[0].get('content')!r}. "
        f"Übergib das input-dict mit ** als Schlüsselwort-Argumente, nicht in der Reihenfolge der Werte. {WO}"
    )


def test_werkzeug_ohne_argumente(fuehre_aus):
    """Ein Werkzeug ohne Argumente (input = {}) wird aufgerufen"""
    ergebnisse = _ergebnisse(fuehre_aus, [tool_use("uhrzeit", {}, id="toolu_uhr")], _werkzeuge())
    assert len(ergebnisse) == 1, f"Erwartet war 1 tool_result, gekommen sind {len(ergebnisse)}. {WO}"
    _pruefe_block(ergebnisse[0], "toolu_uhr", "14:30")


def test_content_ist_text(fuehre_aus):
    """content ist immer str(Rückgabewert): Zahl, Text und None"""
    antwort = [
        tool_use("minus", {"a": 1, "b": 3}, id="toolu_zahl"),
        tool_use("lagerort", {"artikel": 8}, id="toolu_text"),
        tool_use("leer", {}, id="toolu_none"),
    ]
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    assert len(ergebnisse) == 3, f"Erwartet waren 3 tool_results, gekommen sind {len(ergebnisse)}. {WO}"
    _pruefe_block(ergebnisse[0], "toolu_zahl", "-2")
    _pruefe_block(ergebnisse[1], "toolu_text", "Artikel 8 liegt in Regal 1")
    _pruefe_block(ergebnisse[2], "toolu_none", "None")


def test_jeder_wunsch_genau_einmal_ausgefuehrt(fuehre_aus):
    """Jedes Werkzeug läuft genau einmal pro Wunsch, in der Reihenfolge der Wünsche"""
    protokoll = []
    antwort = [
        tool_use("lagerort", {"artikel": 3}, id="toolu_1"),
        text("Zwischentext"),
        tool_use("minus", {"a": 2, "b": 1}, id="toolu_2"),
        tool_use("lagerort", {"artikel": 4}, id="toolu_3"),
    ]
    fuehre_aus(antwort, _werkzeuge(protokoll))
    erwartet = [("lagerort", 3), ("minus", 2, 1), ("lagerort", 4)]
    assert protokoll == erwartet, (
        f"Erwartet waren die Aufrufe {erwartet}, ausgeführt wurde {protokoll}. Ein Werkzeug kann etwas "
        f"verändern (etwa eine Bestellung anlegen): rufe es pro Wunsch genau einmal auf. {WO}"
    )


def test_antwort_bleibt_unveraendert(fuehre_aus):
    """Die Antwort des Modells wird nicht verändert (sie geht später unverändert zurück)"""
    antwort = [text("Moment."), tool_use("minus", {"a": 3, "b": 1}, id="toolu_x")]
    vorher = copy.deepcopy(antwort)
    fuehre_aus(antwort, _werkzeuge())
    assert antwort == vorher, (
        f"Die Antwort wurde verändert: vorher {vorher!r}, nachher {antwort!r}. Sie muss unverändert als "
        f"assistant-Nachricht zurück; baue neue dicts für die Ergebnisse. {WO}"
    )


def test_strenges_modell_nimmt_ergebnisse_an(fuehre_aus):
    """Das strenge Fake-Modell nimmt die Ergebnisse in der nächsten Anfrage an"""
    modell = FakeModell([
        [text("Ich rechne."), tool_use("minus", {"a": 7, "b": 2}), tool_use("preis", {"artikel": 199})],
        [text("Fertig.")],
    ])
    messages = [{"role": "user", "content": "Was ist 7 minus 2, und was kostet Artikel 199?"}]
    antwort = modell(messages)
    ergebnisse = _ergebnisse(fuehre_aus, antwort, _werkzeuge())
    messages = messages + [{"role": "assistant", "content": antwort}, {"role": "user", "content": ergebnisse}]
    try:
        modell(messages)
    except ProtokollFehler as e:
        raise AssertionError(f"Das Fake-Modell lehnt die Ergebnisse ab:\n{e}\n{WO}") from None
