"""Versteckter Bewerter für `antworte(modell, frage, werkzeuge, max_aufrufe=3)` (Blatt 03, Übung aus Seed 004).

Geprüft wird das Verhalten der Tool-Schleife, nicht ihr Wortlaut:
Verlauf (erste Frage, Antwort unverändert als assistant-Nachricht, alle Ergebnisse in EINER user-Nachricht),
passende `tool_use_id`, `content` als Text, mehrere Wünsche in einer Antwort, mehrere Runden, die genaue
Obergrenze `max_aufrufe` (Standard 3) mit `ZuVieleRunden`, Rückgabe des Texts der letzten Antwort.

Was das Modell bekommt, zeichnet der Bewerter selbst auf (nicht über `modell.anfragen`), damit die zu
prüfende Funktion die Aufzeichnung nicht verändern kann.
"""

import copy

from fake_model import FakeModell, ProtokollFehler, SkriptZuEnde, ZuVieleRunden, text, tool_use

# Erfundene Testtabelle (keine echten Kurse oder Gebühren).
KURSE = {"TRY": "0.025", "USD": "0.91", "CHF": "1.04"}
GEBUEHREN = {"karte": "1,5 %", "bar": "0 %"}
ENDLOS_GRENZE = 25


class EndlosSchleife(BaseException):
    """Das Modell wurde viel öfter gefragt als erlaubt (BaseException: ein `except Exception` hält sie nicht auf)."""


class Aufzeichnung:
    """Ein strenges Fake-Modell, dessen Anfragen der Bewerter selbst mitschreibt."""

    def __init__(self, antworten, danach=None):
        self.anfragen = []
        self.antworten = [copy.deepcopy(a) for a in antworten]

        def antwort_nr(i):
            def liefere(anfrage):
                self.anfragen.append(anfrage)
                return copy.deepcopy(self.antworten[i])
            return liefere

        endlos = None
        if danach is not None:
            def endlos(anfrage):
                self.anfragen.append(anfrage)
                if len(self.anfragen) > ENDLOS_GRENZE:
                    raise EndlosSchleife()
                return danach()

        self.modell = FakeModell([antwort_nr(i) for i in range(len(antworten))], danach=endlos)


def werkzeugkasten():
    """Werkzeuge, die jeden Aufruf protokollieren (Liste von (name, kwargs))."""
    aufrufe = []

    def kurs(waehrung):
        aufrufe.append(("kurs", {"waehrung": waehrung}))
        return KURSE[waehrung]

    def gebuehr(zahlart, betrag=None):
        aufrufe.append(("gebuehr", {"zahlart": zahlart, "betrag": betrag}))
        return GEBUEHREN[zahlart]

    def umrechnen(betrag, kurs):
        aufrufe.append(("umrechnen", {"betrag": betrag, "kurs": kurs}))
        return round(betrag * kurs, 2)

    return {"kurs": kurs, "gebuehr": gebuehr, "umrechnen": umrechnen}, aufrufe


def rufe(antworte, aufzeichnung, frage, werkzeuge, **kwargs):
    """Ruft die Lernfunktion auf und übersetzt Fehler in verständliche Meldungen."""
    try:
        return antworte(aufzeichnung.modell, frage, werkzeuge, **kwargs)
    except ProtokollFehler as e:
        raise AssertionError(
            "Das strenge Fake-Modell hat eine Anfrage deiner Funktion abgelehnt:\n"
            f"{e}\nSieh dir an, wie du Antwort und Ergebnisse an `messages` hängst.") from None
    except SkriptZuEnde:
        raise AssertionError(
            f"Deine Funktion hat das Modell {len(aufzeichnung.anfragen) + 1}-mal gefragt, obwohl die "
            f"{len(aufzeichnung.antworten)}. Antwort keinen tool_use-Block mehr hatte. Die Schleife muss enden, "
            "sobald eine Antwort keinen Werkzeug-Wunsch enthält, und dann deren Text zurückgeben.") from None
    except EndlosSchleife:
        raise AssertionError(
            f"Deine Funktion hat das Modell mehr als {ENDLOS_GRENZE}-mal gefragt, obwohl max_aufrufe kleiner war. "
            "Zähle die Modellaufrufe und hör bei max_aufrufe auf (dann ZuVieleRunden werfen).") from None
    except ZuVieleRunden:
        raise AssertionError(
            f"Deine Funktion hat ZuVieleRunden geworfen, nach {len(aufzeichnung.anfragen)} Modellaufruf(en) und "
            f"mit {kwargs.get('max_aufrufe', 3)} erlaubten Aufrufen; die letzte Antwort war aber reiner Text. "
            "Wirf ZuVieleRunden erst, wenn auch die letzte erlaubte Antwort noch ein Werkzeug verlangt.") from None
    except (KeyError, TypeError, IndexError) as e:
        raise AssertionError(
            f"Deine Funktion ist mit {type(e).__name__}: {e} abgebrochen. Lies die Blöcke mit "
            "b[\"type\"], b[\"id\"], b[\"name\"], b[\"input\"] und rufe das Werkzeug mit "
            "werkzeuge[name](**input) auf.") from None


def ergebnisse_in(nachricht):
    return [b for b in nachricht["content"] if isinstance(b, dict) and b.get("type") == "tool_result"]


def test_nur_text_gibt_text_zurueck(antworte):
    """Antwort ohne Werkzeug-Wunsch: ein Aufruf, Rückgabe ist der Text"""
    werkzeuge, aufrufe = werkzeugkasten()
    a = Aufzeichnung([[text("Hallo! Ich brauche dafür kein Werkzeug.")]])
    ergebnis = rufe(antworte, a, "Sag Hallo.", werkzeuge)
    assert ergebnis == "Hallo! Ich brauche dafür kein Werkzeug.", (
        f"Erwartet war der Text der Antwort, 'Hallo! Ich brauche dafür kein Werkzeug.'; zurück kam {ergebnis!r}. "
        "Gib text_von(antwort) zurück, sobald keine tool_use-Blöcke mehr kommen.")
    assert len(a.anfragen) == 1, (
        f"Das Modell sollte genau einmal gefragt werden, wurde aber {len(a.anfragen)}-mal gefragt.")
    assert aufrufe == [], f"Ohne tool_use-Block darf kein Werkzeug laufen; aufgerufen wurde: {aufrufe}"


def test_erste_anfrage_ist_die_frage(antworte):
    """Die erste Anfrage enthält genau die Frage als user-Nachricht"""
    werkzeuge, _ = werkzeugkasten()
    a = Aufzeichnung([[text("Gern.")]])
    rufe(antworte, a, "Wie viel sind 50 TRY in Euro?", werkzeuge)
    erwartet = [{"role": "user", "content": "Wie viel sind 50 TRY in Euro?"}]
    assert a.anfragen[0]["messages"] == erwartet, (
        f"Erwartet war messages = {erwartet!r}; geschickt wurde {a.anfragen[0]['messages']!r}. "
        "Beginne mit [{\"role\": \"user\", \"content\": frage}].")


def test_mehrere_textbloecke_werden_verbunden(antworte):
    """Mehrere Text-Blöcke der letzten Antwort werden wie text_von verbunden"""
    werkzeuge, _ = werkzeugkasten()
    a = Aufzeichnung([[text("Erste Zeile."), text("Zweite Zeile.")]])
    ergebnis = rufe(antworte, a, "Zwei Sätze bitte.", werkzeuge)
    assert ergebnis == "Erste Zeile.\nZweite Zeile.", (
        f"Erwartet war 'Erste Zeile.\\nZweite Zeile.' (text_von verbindet mit Zeilenumbruch); zurück kam "
        f"{ergebnis!r}. Nimm text_von(antwort) statt nur des ersten Blocks.")


def test_eine_runde_verlauf(antworte):
    """Eine Werkzeug-Runde: Antwort unverändert zurück, Ergebnis als tool_result mit passender id"""
    werkzeuge, aufrufe = werkzeugkasten()
    wunsch = [text("Ich schaue den Kurs nach."), tool_use("kurs", {"waehrung": "TRY"}, id="toolu_01RundeEinsXyZ")]
    a = Aufzeichnung([wunsch, [text("50 TRY sind etwa 1,25 Euro.")]])
    ergebnis = rufe(antworte, a, "50 TRY in Euro?", werkzeuge)
    assert aufrufe == [("kurs", {"waehrung": "TRY"})], (
        f"Erwartet war genau ein Aufruf kurs(waehrung='TRY'); protokolliert: {aufrufe}. "
        "Rufe werkzeuge[block['name']](**block['input']) auf.")
    assert len(a.anfragen) == 2, f"Erwartet waren 2 Modellaufrufe, es waren {len(a.anfragen)}."
    verlauf = a.anfragen[1]["messages"]
    assert len(verlauf) == 3, (
        f"Die zweite Anfrage sollte 3 Nachrichten haben (Frage, Antwort, Ergebnisse), hatte aber {len(verlauf)}.")
    assert verlauf[1] == {"role": "assistant", "content": wunsch}, (
        f"Die Antwort des Modells gehört UNVERÄNDERT als assistant-Nachricht in den Verlauf (mit Text-Block). "
        f"Erwartet: {{'role': 'assistant', 'content': {wunsch!r}}}; geschickt: {verlauf[1]!r}")
    assert verlauf[2]["role"] == "user", f"Die Ergebnisse gehören in eine user-Nachricht, nicht {verlauf[2]['role']!r}."
    ergebnisse = ergebnisse_in(verlauf[2])
    assert len(ergebnisse) == 1 and ergebnisse[0]["tool_use_id"] == "toolu_01RundeEinsXyZ", (
        f"Erwartet war ein tool_result mit tool_use_id 'toolu_01RundeEinsXyZ' (die id des Wunsches); "
        f"geschickt: {verlauf[2]['content']!r}")
    assert ergebnisse[0]["content"] == "0.025", (
        f"content sollte das Ergebnis des Werkzeugs als Text sein ('0.025'), war {ergebnisse[0]['content']!r}.")
    assert ergebnis == "50 TRY sind etwa 1,25 Euro.", f"Zurück kam {ergebnis!r} statt des Texts der letzten Antwort."


def test_content_ist_text(antworte):
    """content des tool_result ist Text, auch wenn das Werkzeug eine Zahl liefert"""
    werkzeuge, _ = werkzeugkasten()
    wunsch = [tool_use("umrechnen", {"betrag": 50, "kurs": 0.025}, id="toolu_01ZahlAlsText")]
    a = Aufzeichnung([wunsch, [text("Das sind 1,25 Euro.")]])
    rufe(antworte, a, "Rechne 50 mal 0.025.", werkzeuge)
    ergebnisse = ergebnisse_in(a.anfragen[1]["messages"][-1])
    inhalt = ergebnisse[0].get("content") if ergebnisse else None
    assert isinstance(inhalt, str), (
        f"content muss ein Text (str) sein; das Werkzeug lieferte 1.25, geschickt wurde {inhalt!r} "
        f"({type(inhalt).__name__}). Nimm str(ergebnis).")
    assert inhalt.strip() == "1.25", f"Erwartet war content '1.25', geschickt wurde {inhalt!r}."


def test_mehrere_wuensche_in_einer_antwort(antworte):
    """Mehrere tool_use-Blöcke: alle ausführen, alle Ergebnisse in EINER user-Nachricht"""
    werkzeuge, aufrufe = werkzeugkasten()
    wunsch = [text("Ich brauche zwei Kurse."),
              tool_use("kurs", {"waehrung": "USD"}, id="toolu_01ParallelAaaa"),
              tool_use("kurs", {"waehrung": "CHF"}, id="toolu_01ParallelBbbb")]
    a = Aufzeichnung([wunsch, [text("USD 0.91, CHF 1.04.")]])
    rufe(antworte, a, "Kurse für USD und CHF?", werkzeuge)
    assert sorted(x[1]["waehrung"] for x in aufrufe) == ["CHF", "USD"] and len(aufrufe) == 2, (
        f"Beide Wünsche müssen genau einmal ausgeführt werden (USD und CHF); protokolliert: {aufrufe}.")
    verlauf = a.anfragen[1]["messages"]
    assert len(verlauf) == 3, (
        f"Alle Ergebnisse gehören zusammen in EINE user-Nachricht; die zweite Anfrage hatte aber "
        f"{len(verlauf)} Nachrichten statt 3.")
    ergebnisse = ergebnisse_in(verlauf[2])
    paare = {(e.get("tool_use_id"), e.get("content")) for e in ergebnisse}
    erwartet = {("toolu_01ParallelAaaa", "0.91"), ("toolu_01ParallelBbbb", "1.04")}
    assert paare == erwartet and len(ergebnisse) == 2, (
        f"Erwartet waren zwei tool_result-Blöcke {sorted(erwartet)} (id, content); geschickt: {sorted(paare)}. "
        "Beantworte jeden tool_use-Block, nicht nur den ersten.")


def test_mehrere_runden(antworte):
    """Mehrere Runden: der Verlauf wächst um zwei Nachrichten pro Runde"""
    werkzeuge, aufrufe = werkzeugkasten()
    r1 = [tool_use("kurs", {"waehrung": "TRY"}, id="toolu_01RundeA")]
    r2 = [text("Jetzt die Gebühr."), tool_use("gebuehr", {"zahlart": "karte"}, id="toolu_01RundeB")]
    a = Aufzeichnung([r1, r2, [text("Kurs 0.025, Gebühr 1,5 %.")]])
    ergebnis = rufe(antworte, a, "Was kostet 50 TRY mit Karte?", werkzeuge)
    assert [n for n, _ in aufrufe] == ["kurs", "gebuehr"], (
        f"Erwartet waren die Aufrufe kurs, dann gebuehr; protokolliert: {aufrufe}.")
    laengen = [len(x["messages"]) for x in a.anfragen]
    assert laengen == [1, 3, 5], (
        f"Die Anfragen sollten 1, 3 und 5 Nachrichten haben (pro Runde Antwort + Ergebnisse dazu); "
        f"sie hatten {laengen}. Hänge jede Runde an denselben Verlauf an, statt ihn neu zu beginnen.")
    letzter = a.anfragen[2]["messages"]
    assert letzter[3] == {"role": "assistant", "content": r2}, (
        f"Nachricht 3 der dritten Anfrage sollte die zweite Antwort unverändert sein; war {letzter[3]!r}.")
    ids = [e.get("tool_use_id") for e in ergebnisse_in(letzter[4])]
    assert ids == ["toolu_01RundeB"], f"Das Ergebnis der zweiten Runde braucht tool_use_id 'toolu_01RundeB', kam: {ids}."
    assert ergebnis == "Kurs 0.025, Gebühr 1,5 %.", f"Zurück kam {ergebnis!r} statt des Texts der letzten Antwort."


def test_argumente_als_schluesselwoerter(antworte):
    """Das Werkzeug bekommt alle Argumente aus input als Schlüsselwörter"""
    werkzeuge, aufrufe = werkzeugkasten()
    a = Aufzeichnung([[tool_use("gebuehr", {"betrag": 20, "zahlart": "bar"}, id="toolu_01Kwargs")],
                      [text("Keine Gebühr.")]])
    rufe(antworte, a, "Gebühr für 20 Euro bar?", werkzeuge)
    assert aufrufe == [("gebuehr", {"zahlart": "bar", "betrag": 20})], (
        f"Erwartet war gebuehr(zahlart='bar', betrag=20); protokolliert: {aufrufe}. Übergib input mit **.")


def _endlos_wunsch():
    return [tool_use("kurs", {"waehrung": "USD"})]


def test_obergrenze_standard_drei(antworte):
    """Ohne Angabe gilt max_aufrufe=3: nach 3 Aufrufen mit Werkzeug-Wunsch kommt ZuVieleRunden"""
    werkzeuge, _ = werkzeugkasten()
    a = Aufzeichnung([], danach=_endlos_wunsch)
    try:
        antworte(a.modell, "Dreh dich im Kreis.", werkzeuge)
    except ZuVieleRunden:
        pass
    except EndlosSchleife:
        raise AssertionError(f"Deine Schleife hört nicht auf: mehr als {ENDLOS_GRENZE} Modellaufrufe. "
                             "Zähle die Aufrufe und wirf bei max_aufrufe ZuVieleRunden.") from None
    except Exception as e:
        raise AssertionError(f"Erwartet war ZuVieleRunden, gekommen ist {type(e).__name__}: {e}") from None
    else:
        raise AssertionError("Das Modell wollte immer wieder ein Werkzeug; erwartet war ZuVieleRunden, "
                             "deine Funktion ist aber normal zurückgekehrt.")
    assert len(a.anfragen) == 3, (
        f"Mit dem Standardwert max_aufrufe=3 darf das Modell genau 3-mal gefragt werden, es waren "
        f"{len(a.anfragen)}. Prüfe die Grenze deiner Schleife (range(max_aufrufe)?).")


def _grenze(antworte, max_aufrufe):
    werkzeuge, _ = werkzeugkasten()
    a = Aufzeichnung([], danach=_endlos_wunsch)
    try:
        antworte(a.modell, "Dreh dich im Kreis.", werkzeuge, max_aufrufe=max_aufrufe)
    except ZuVieleRunden:
        return len(a.anfragen)
    except EndlosSchleife:
        raise AssertionError(f"Mit max_aufrufe={max_aufrufe} hörte deine Schleife nicht auf (mehr als "
                             f"{ENDLOS_GRENZE} Modellaufrufe).") from None
    except Exception as e:
        raise AssertionError(f"Mit max_aufrufe={max_aufrufe}: erwartet war ZuVieleRunden, gekommen ist "
                             f"{type(e).__name__}: {e}") from None
    raise AssertionError(f"Mit max_aufrufe={max_aufrufe} und einem Modell, das immer ein Werkzeug will, "
                         "kam keine ZuVieleRunden-Ausnahme.")


def test_obergrenze_genau(antworte):
    """max_aufrufe wird genau eingehalten (1, 2 und 5 Aufrufe)"""
    for grenze in (1, 2, 5):
        anzahl = _grenze(antworte, grenze)
        assert anzahl == grenze, (
            f"Mit max_aufrufe={grenze} sollte das Modell genau {grenze}-mal gefragt werden, bevor ZuVieleRunden "
            f"kommt; es waren {anzahl}. Zähle Modellaufrufe, nicht Werkzeugaufrufe oder Nachrichten.")


def test_letzte_erlaubte_antwort_darf_text_sein(antworte):
    """Ist die letzte erlaubte Antwort Text, wird er zurückgegeben (keine Ausnahme)"""
    werkzeuge, _ = werkzeugkasten()
    skript = [[tool_use("kurs", {"waehrung": "TRY"}, id=f"toolu_01Knapp{i}")] for i in range(2)]
    a = Aufzeichnung(skript + [[text("Geschafft in drei Aufrufen.")]])
    ergebnis = rufe(antworte, a, "Knapp an der Grenze.", werkzeuge, max_aufrufe=3)
    assert ergebnis == "Geschafft in drei Aufrufen.", (
        f"Mit max_aufrufe=3 ist die dritte Antwort reiner Text; erwartet war sie als Rückgabe, kam {ergebnis!r}.")
    assert len(a.anfragen) == 3, f"Erwartet waren 3 Modellaufrufe, es waren {len(a.anfragen)}."


def test_zu_viele_runden_fuehrt_kein_werkzeug_zu_viel_aus(antworte):
    """Bei ZuVieleRunden: das Modell wird nicht öfter als erlaubt gefragt, auch mit Text vor dem Wunsch"""
    werkzeuge, aufrufe = werkzeugkasten()
    a = Aufzeichnung([], danach=lambda: [text("Noch einmal."), tool_use("kurs", {"waehrung": "CHF"})])
    try:
        antworte(a.modell, "Kreis mit Text.", werkzeuge, max_aufrufe=2)
    except ZuVieleRunden:
        pass
    except EndlosSchleife:
        raise AssertionError("Deine Schleife hörte nicht auf, obwohl max_aufrufe=2 war.") from None
    except Exception as e:
        raise AssertionError(f"Erwartet war ZuVieleRunden, gekommen ist {type(e).__name__}: {e}") from None
    else:
        raise AssertionError("Erwartet war ZuVieleRunden; deine Funktion kehrte normal zurück. Eine Antwort mit "
                             "Text UND tool_use-Block ist noch nicht fertig.")
    assert len(a.anfragen) == 2, f"Mit max_aufrufe=2 wurde das Modell {len(a.anfragen)}-mal gefragt."
    assert len(aufrufe) <= 2, f"Es liefen {len(aufrufe)} Werkzeugaufrufe für 2 Modellantworten: {aufrufe}"


def test_ids_werden_uebernommen_nicht_erfunden(antworte):
    """Jedes Ergebnis trägt die id seines Wunsches, in jeder Runde eine andere"""
    werkzeuge, _ = werkzeugkasten()
    a = Aufzeichnung([[tool_use("kurs", {"waehrung": "USD"}, id="toolu_01Q7mZ")],
                      [tool_use("kurs", {"waehrung": "USD"}, id="toolu_01Zz9k")],
                      [text("Fertig.")]])
    rufe(antworte, a, "Zweimal derselbe Kurs.", werkzeuge, max_aufrufe=4)
    verlauf = a.anfragen[2]["messages"]
    ids = [e.get("tool_use_id") for n in verlauf if n["role"] == "user" and isinstance(n["content"], list)
           for e in ergebnisse_in(n)]
    assert ids == ["toolu_01Q7mZ", "toolu_01Zz9k"], (
        f"Die tool_use_ids sollten ['toolu_01Q7mZ', 'toolu_01Zz9k'] sein (die ids der Wünsche, der Reihe "
        f"nach); geschickt: {ids}.")
