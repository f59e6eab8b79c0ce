"""Versteckter Bewerter für `fuehre_parallel_aus(antwort, werkzeuge)` (Blatt 06).

`antwort` ist eine Modellantwort (Liste von Blöcken) mit mehreren tool_use-Blöcken, `werkzeuge` bildet
einen Namen auf ein Paar `(funktion, art)` ab, `art` ist `"lesen"` oder `"aendern"`. Die Reihenfolge ist
fest: zuerst alle lesenden Aufrufe in der Reihenfolge des Modells, danach alle anderen in der Reihenfolge
des Modells (alle Wünsche einer Antwort beruhen auf demselben Stand; ein Lesen soll diesen Stand sehen,
Quelle 003: delete_file und read_file auf dieselbe Datei). Jeder Block läuft genau einmal mit
`funktion(**input)`. Zurück kommt pro tool_use-Block ein tool_result-Block (`content` als Text), in der
Reihenfolge der Blöcke der Antwort. Ein unbekanntes Werkzeug läuft nicht, und eine Ausnahme im Werkzeug
wird zum Ergebnis mit `"is_error": True`; die übrigen Aufrufe laufen trotzdem.
"""

from fake_model import FakeModell, ProtokollFehler, text, tool_use


def dateisystem():
    """Ein kleines Dateisystem im Speicher und ein Protokoll der Ausführungsreihenfolge."""
    dateien = {"a.txt": "Hallo", "b.txt": "Welt"}
    protokoll = []

    def lesen(pfad):
        protokoll.append(("lesen", pfad))
        return dateien[pfad]

    def schreiben(pfad, text):
        protokoll.append(("schreiben", pfad))
        dateien[pfad] = text
        return f"{len(text)} Zeichen geschrieben"

    def loeschen(pfad):
        protokoll.append(("loeschen", pfad))
        del dateien[pfad]
        return f"{pfad} gelöscht"

    def groesse(pfad):
        protokoll.append(("groesse", pfad))
        return len(dateien[pfad])

    werkzeuge = {"lesen": (lesen, "lesen"), "groesse": (groesse, "lesen"),
                 "schreiben": (schreiben, "aendern"), "loeschen": (loeschen, "aendern")}
    return werkzeuge, dateien, protokoll


def rufe(fuehre_parallel_aus, antwort, werkzeuge):
    try:
        ergebnisse = fuehre_parallel_aus(antwort, werkzeuge)
    except Exception as e:
        raise AssertionError(
            f"Deine Funktion hat eine Ausnahme nach außen gelassen: {type(e).__name__}: {e}\n"
            "Ein fehlgeschlagener oder unbekannter Aufruf wird zu einem Ergebnis mit is_error, die übrigen "
            "laufen weiter."
        ) from None
    assert isinstance(ergebnisse, list), (
        f"Erwartet war eine Liste von tool_result-Blöcken, gekommen ist {type(ergebnisse).__name__}: "
        f"{ergebnisse!r}."
    )
    for r in ergebnisse:
        assert isinstance(r, dict) and r.get("type") == "tool_result", (
            f"Jedes Ergebnis muss ein dict mit 'type': 'tool_result' sein, gekommen ist {r!r}."
        )
        assert isinstance(r.get("content"), str), (
            f"content muss ein str sein, gekommen ist {r.get('content')!r}. Wandle das Ergebnis mit str() um."
        )
    return ergebnisse


def ids_von(antwort):
    return [b["id"] for b in antwort if b["type"] == "tool_use"]


def pruefe_ids(ergebnisse, antwort):
    erwartet = ids_von(antwort)
    gekommen = [r.get("tool_use_id") for r in ergebnisse]
    assert gekommen == erwartet, (
        f"Erwartet waren die tool_use_ids {erwartet!r} in der Reihenfolge der Antwort, gekommen ist "
        f"{gekommen!r}. Ausgeführt wird umsortiert, zurückgegeben in der Reihenfolge des Modells."
    )


def ok(r):
    return r.get("is_error") in (None, False)


def test_lesen_vor_loeschen(fuehre_parallel_aus):
    """Lesen und Löschen derselben Datei: das Lesen sieht die Datei noch (Quelle 003)"""
    werkzeuge, dateien, protokoll = dateisystem()
    antwort = [tool_use("loeschen", {"pfad": "a.txt"}, id="toolu_1"),
               tool_use("lesen", {"pfad": "a.txt"}, id="toolu_2")]
    ergebnisse = rufe(fuehre_parallel_aus, antwort, werkzeuge)
    assert protokoll == [("lesen", "a.txt"), ("loeschen", "a.txt")], (
        f"Erwartet war die Ausführung lesen(a.txt), dann loeschen(a.txt); gekommen ist {protokoll!r}. "
        "Lesende Aufrufe laufen zuerst."
    )
    pruefe_ids(ergebnisse, antwort)
    assert ergebnisse[1]["content"] == "Hallo" and ok(ergebnisse[1]), (
        f"Erwartet war für lesen(a.txt) der Inhalt 'Hallo', gekommen ist {ergebnisse[1]!r}."
    )
    assert ergebnisse[0]["content"] == "a.txt gelöscht" and ok(ergebnisse[0]), (
        f"Erwartet war für loeschen(a.txt) 'a.txt gelöscht', gekommen ist {ergebnisse[0]!r}."
    )
    assert "a.txt" not in dateien, "Die Datei sollte am Ende gelöscht sein."


def test_reihenfolge_sonst_wie_das_modell(fuehre_parallel_aus):
    """Erst alle lesenden Aufrufe, dann alle anderen, jeweils in der Reihenfolge des Modells"""
    werkzeuge, dateien, protokoll = dateisystem()
    antwort = [
        text("Ich erledige das in einem Rutsch."),
        tool_use("schreiben", {"pfad": "c.txt", "text": "neu"}, id="toolu_1"),
        tool_use("groesse", {"pfad": "b.txt"}, id="toolu_2"),
        tool_use("loeschen", {"pfad": "b.txt"}, id="toolu_3"),
        tool_use("lesen", {"pfad": "a.txt"}, id="toolu_4"),
        tool_use("schreiben", {"pfad": "a.txt", "text": "überschrieben"}, id="toolu_5"),
        tool_use("lesen", {"pfad": "b.txt"}, id="toolu_6"),
    ]
    ergebnisse = rufe(fuehre_parallel_aus, antwort, werkzeuge)
    erwartet = [("groesse", "b.txt"), ("lesen", "a.txt"), ("lesen", "b.txt"),
                ("schreiben", "c.txt"), ("loeschen", "b.txt"), ("schreiben", "a.txt")]
    assert protokoll == erwartet, (
        f"Erwartet war die Ausführungsreihenfolge\n  {erwartet!r}\ngekommen ist\n  {protokoll!r}\n"
        "Zuerst alle Werkzeuge mit art 'lesen' in der Reihenfolge der Antwort, dann alle übrigen, ebenfalls "
        "in der Reihenfolge der Antwort. Jeder Aufruf genau einmal."
    )
    pruefe_ids(ergebnisse, antwort)
    inhalte = [r["content"] for r in ergebnisse]
    assert inhalte == ["3 Zeichen geschrieben", "4", "b.txt gelöscht", "Hallo", "13 Zeichen geschrieben", "Welt"], (
        f"Die Inhalte passen nicht zu den Aufrufen, gekommen ist {inhalte!r}."
    )


def test_nur_text(fuehre_parallel_aus):
    """Eine Antwort ohne tool_use-Block ergibt eine leere Liste"""
    werkzeuge, _, protokoll = dateisystem()
    ergebnisse = rufe(fuehre_parallel_aus, [text("Nichts zu tun.")], werkzeuge)
    assert ergebnisse == [] and protokoll == [], (
        f"Erwartet war [] und kein Werkzeugaufruf, gekommen ist {ergebnisse!r} (ausgeführt: {protokoll!r})."
    )


def test_unbekanntes_werkzeug(fuehre_parallel_aus):
    """Ein unbekanntes Werkzeug wird zum Fehler-Ergebnis, die anderen Aufrufe laufen trotzdem"""
    werkzeuge, _, protokoll = dateisystem()
    antwort = [tool_use("lesen", {"pfad": "a.txt"}, id="toolu_1"),
               tool_use("rm_rf", {"pfad": "/"}, id="toolu_2"),
               tool_use("loeschen", {"pfad": "b.txt"}, id="toolu_3")]
    ergebnisse = rufe(fuehre_parallel_aus, antwort, werkzeuge)
    pruefe_ids(ergebnisse, antwort)
    assert ergebnisse[1].get("is_error") is True and "rm_rf" in ergebnisse[1]["content"], (
        f"Erwartet war für rm_rf ein Ergebnis mit is_error=True, das den Namen nennt; gekommen ist "
        f"{ergebnisse[1]!r}."
    )
    assert protokoll == [("lesen", "a.txt"), ("loeschen", "b.txt")], (
        f"Die beiden gültigen Aufrufe sollten trotzdem laufen, gekommen ist {protokoll!r}."
    )
    assert ok(ergebnisse[0]) and ok(ergebnisse[2]), (
        f"Nur der unbekannte Aufruf ist ein Fehler, gekommen ist {ergebnisse!r}."
    )


def test_ausnahme_wird_ergebnis(fuehre_parallel_aus):
    """Eine Ausnahme im Werkzeug wird zum Fehler-Ergebnis mit Typ und Meldung; der Rest läuft weiter"""
    werkzeuge, dateien, protokoll = dateisystem()
    antwort = [tool_use("lesen", {"pfad": "fehlt.txt"}, id="toolu_1"),
               tool_use("schreiben", {"pfad": "d.txt", "text": "da"}, id="toolu_2"),
               tool_use("loeschen", {"pfad": "fehlt.txt"}, id="toolu_3")]
    ergebnisse = rufe(fuehre_parallel_aus, antwort, werkzeuge)
    pruefe_ids(ergebnisse, antwort)
    for i in (0, 2):
        assert ergebnisse[i].get("is_error") is True, (
            f"Erwartet war is_error=True für {antwort[i]['name']}(fehlt.txt), gekommen ist {ergebnisse[i]!r}."
        )
        assert "KeyError" in ergebnisse[i]["content"] and "fehlt.txt" in ergebnisse[i]["content"], (
            f"Der Fehlertext soll Typ und Meldung nennen (KeyError, 'fehlt.txt'), gekommen ist "
            f"{ergebnisse[i]['content']!r}."
        )
    assert ok(ergebnisse[1]) and dateien.get("d.txt") == "da", (
        f"schreiben(d.txt) sollte trotz der Fehler davor laufen, gekommen ist {ergebnisse[1]!r}."
    )
    assert len(protokoll) == 3, f"Jeder Aufruf genau einmal, gekommen ist {protokoll!r}."


def test_passt_in_eine_user_nachricht(fuehre_parallel_aus):
    """Die Ergebnisse passen zusammen in eine user-Nachricht (strenges Fake-Modell)"""
    werkzeuge, _, _ = dateisystem()
    antwort = [text("Ich schaue nach."), tool_use("loeschen", {"pfad": "a.txt"}),
               tool_use("lesen", {"pfad": "a.txt"}), tool_use("lesen", {"pfad": "b.txt"})]
    modell = FakeModell([antwort, [text("Erledigt.")]])
    messages = [{"role": "user", "content": "Lies a.txt und b.txt und lösche dann a.txt."}]
    messages.append({"role": "assistant", "content": modell(messages)})
    messages.append({"role": "user", "content": rufe(fuehre_parallel_aus, messages[-1]["content"], werkzeuge)})
    try:
        modell(messages)
    except ProtokollFehler as e:
        raise AssertionError(
            f"Das strenge Fake-Modell lehnt die Ergebnisse ab:\n{e}\n"
            "Jeder tool_use-Block braucht genau ein tool_result mit seiner id."
        ) from None
