"""Versteckter Bewerter für `assistent(modell, frage, werkzeuge=WERKZEUGE, max_aufrufe=5)` (Blatt 07).

Der Prüfstein: eine Tool-Schleife, die gegen ein Modell mit Macken hält. `werkzeuge` bildet einen Namen
auf `(funktion, EingabeModell)` ab; die Beschreibung eines Werkzeugs ist der Docstring seiner Funktion.
Die Funktion schickt bei jedem Modellaufruf `tools=[werkzeug_aus_modell(name, inspect.getdoc(funktion),
Eingabe), ...]` mit, beantwortet jeden tool_use-Block mit einem tool_result (unbekannter Name, ungültige
Argumente, Ausnahme im Werkzeug und ein schon erfolgreich ausgeführter gleicher Aufruf werden zu
Ergebnissen mit `"is_error": True`), gibt den Text der ersten Antwort ohne Werkzeug-Wunsch zurück und
wirft `ZuVieleRunden`, wenn auch die `max_aufrufe`-te Antwort noch ein Werkzeug will.

Diese Szenarien unterscheiden sich absichtlich von denen im Blatt: andere Werkzeuge, andere Macken.
"""

from typing import Literal

import pytest
from pydantic import BaseModel, Field

from fake_model import FakeModell, ProtokollFehler, SkriptZuEnde, ZuVieleRunden, macken, text, tool_use


class RaumEingabe(BaseModel):
    raum: Literal["A101", "B202", "C303"]


class BuchungEingabe(BaseModel):
    raum: Literal["A101", "B202", "C303"]
    stunde: int = Field(ge=8, le=17)


class SucheEingabe(BaseModel):
    plaetze: int = Field(ge=1)


def werkzeugkasten():
    """Drei Werkzeuge einer Raumbuchung (erfunden) und das Protokoll ihrer Aufrufe."""
    gelaufen = []
    belegt = {"A101": [9, 10], "B202": [], "C303": [14]}

    def raum_suchen(plaetze):
        """Sucht Besprechungsräume mit mindestens `plaetze` Sitzplätzen. Liefert die Raumnummern."""
        gelaufen.append(("raum_suchen", plaetze))
        return [r for r, p in {"A101": 4, "B202": 10, "C303": 20}.items() if p >= plaetze]

    def belegung(raum):
        """Liefert die belegten Stunden (8 bis 17 Uhr) eines Raums am heutigen Tag."""
        gelaufen.append(("belegung", raum))
        if raum == "C303":
            raise TimeoutError("Kalender von C303 antwortet nicht")
        return belegt[raum]

    def buchen(raum, stunde):
        """Bucht einen Raum für eine volle Stunde (8 bis 17 Uhr) am heutigen Tag."""
        gelaufen.append(("buchen", raum, stunde))
        if stunde in belegt[raum]:
            raise ValueError(f"{raum} ist um {stunde} Uhr schon belegt")
        belegt[raum].append(stunde)
        return f"{raum} um {stunde} Uhr gebucht"

    werkzeuge = {"raum_suchen": (raum_suchen, SucheEingabe), "belegung": (belegung, RaumEingabe),
                 "buchen": (buchen, BuchungEingabe)}
    return werkzeuge, gelaufen, belegt


def rufe(assistent, modell, frage, werkzeuge, **kwargs):
    try:
        return assistent(modell, frage, werkzeuge=werkzeuge, **kwargs)
    except ProtokollFehler as e:
        raise AssertionError(
            f"Das strenge Fake-Modell hat eine Anfrage deiner Funktion abgelehnt:\n{e}\n"
            "Sieh nach, wie du Antwort und Ergebnisse an messages hängst."
        ) from None
    except SkriptZuEnde as e:
        raise AssertionError(
            "Deine Funktion hat das Modell öfter gefragt, als es Antworten hatte, obwohl die letzte Antwort "
            f"schon reiner Text war.\n{e}"
        ) from None
    except ZuVieleRunden as e:
        raise AssertionError(
            f"Deine Funktion hat ZuVieleRunden geworfen ({e}), obwohl das Modell beim "
            f"{len(modell.anfragen)}. Aufruf mit reinem Text geantwortet hat "
            f"(max_aufrufe={kwargs.get('max_aufrufe', 5)})."
        ) from None
    except Exception as e:
        raise AssertionError(
            f"Deine Funktion hat eine Ausnahme nach außen gelassen: {type(e).__name__}: {e}\n"
            "Ein schlechter Werkzeugaufruf darf das Gespräch nicht beenden: er wird zu einem tool_result mit "
            "is_error."
        ) from None


def ergebnisse_vor(modell, aufruf):
    """Die tool_result-Blöcke, die das Modell beim `aufruf`-ten Aufruf (ab 1) als letzte Nachricht bekam."""
    letzte = modell.anfragen[aufruf - 1]["messages"][-1]
    assert letzte["role"] == "user" and isinstance(letzte["content"], list), (
        f"Beim {aufruf}. Modellaufruf sollte die letzte Nachricht die user-Nachricht mit den Ergebnissen sein, "
        f"gekommen ist {letzte!r}."
    )
    return [b for b in letzte["content"] if b.get("type") == "tool_result"]


def pruefe_text(ergebnis, erwartet):
    assert isinstance(ergebnis, str), (
        f"Erwartet war ein str (text_von der letzten Antwort), gekommen ist {type(ergebnis).__name__}: "
        f"{ergebnis!r}."
    )
    assert ergebnis == erwartet, f"Erwartet war {erwartet!r}, gekommen ist {ergebnis!r}."


def pruefe_fehler(ergebnis, *muss_enthalten):
    assert ergebnis.get("is_error") is True, (
        f"Erwartet war ein Fehler-Ergebnis mit is_error=True, gekommen ist {ergebnis!r}."
    )
    inhalt = ergebnis.get("content")
    assert isinstance(inhalt, str), f"content muss ein str sein, gekommen ist {inhalt!r}."
    for wort in muss_enthalten:
        assert wort in inhalt, (
            f"Der Fehlertext soll {wort!r} nennen, damit das Modell sich korrigieren kann; gekommen ist {inhalt!r}."
        )
    assert "Traceback" not in inhalt, f"Kein Stacktrace an das Modell: {inhalt!r}."


def test_direkte_antwort_mit_werkzeugbeschreibungen(assistent):
    """Ohne Werkzeug-Wunsch: ein Aufruf, Text zurück, alle drei Werkzeuge mit ihrem Docstring beschrieben"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([[text("Hallo!"), text("Wie kann ich helfen?")]])
    pruefe_text(rufe(assistent, modell, "Hallo", werkzeuge), "Hallo!\nWie kann ich helfen?")
    assert len(modell.anfragen) == 1 and gelaufen == [], (
        f"Erwartet war genau ein Modellaufruf ohne Werkzeug, gekommen sind {len(modell.anfragen)} "
        f"Aufrufe und die Werkzeuge {gelaufen!r}."
    )
    assert modell.anfragen[0]["messages"] == [{"role": "user", "content": "Hallo"}], (
        f"Die erste Anfrage soll nur die Frage enthalten, gekommen ist {modell.anfragen[0]['messages']!r}."
    )
    tools = modell.anfragen[0]["tools"] or []
    beschreibungen = {t.get("name"): t.get("description") for t in tools if isinstance(t, dict)}
    erwartet = {name: f.__doc__ for name, (f, _) in werkzeuge.items()}
    assert beschreibungen == erwartet, (
        f"Erwartet waren die Werkzeuge {sorted(erwartet)} mit ihren Docstrings als description, gekommen ist "
        f"{beschreibungen!r}. Baue tools mit werkzeug_aus_modell(name, inspect.getdoc(funktion), Eingabe)."
    )


def test_zwei_runden(assistent):
    """Zwei Runden: Ergebnisse gehen mit der passenden id zurück, die Antwort danach kommt zurück"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([
        [tool_use("raum_suchen", {"plaetze": 8}, id="toolu_r1")],
        [text("Ich sehe nach."), tool_use("belegung", {"raum": "B202"}, id="toolu_r2")],
        [text("B202 ist den ganzen Tag frei.")],
    ])
    pruefe_text(rufe(assistent, modell, "Welcher Raum für 8 Leute ist frei?", werkzeuge),
                "B202 ist den ganzen Tag frei.")
    assert gelaufen == [("raum_suchen", 8), ("belegung", "B202")], (
        f"Erwartet waren raum_suchen(8), dann belegung('B202'), gekommen ist {gelaufen!r}."
    )
    r1, r2 = ergebnisse_vor(modell, 2), ergebnisse_vor(modell, 3)
    assert [(r.get("tool_use_id"), r.get("content")) for r in r1 + r2] == [
        ("toolu_r1", "['B202', 'C303']"), ("toolu_r2", "[]")], (
        f"Erwartet waren die Ergebnisse ('toolu_r1', \"['B202', 'C303']\") und ('toolu_r2', '[]'), "
        f"gekommen ist {r1 + r2!r}."
    )
    assert all(r.get("is_error") in (None, False) for r in r1 + r2), f"Kein Fehler erwartet: {r1 + r2!r}."
    tools = [a["tools"] for a in modell.anfragen]
    assert tools[0] and tools[0] == tools[1] == tools[2], (
        "Jede Anfrage braucht dieselbe tools-Liste; das Modell merkt sich nichts aus früheren Anfragen."
    )


def test_erfundener_werkzeugname(assistent):
    """Ein erfundener Werkzeugname wird zum Fehler-Ergebnis; das Modell darf sich korrigieren"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([
        macken.erfundenes_werkzeug("kalender_api", {"raum": "A101"}),
        [tool_use("belegung", {"raum": "A101"})],
        [text("A101 ist um 9 und 10 Uhr belegt.")],
    ])
    pruefe_text(rufe(assistent, modell, "Wann ist A101 belegt?", werkzeuge), "A101 ist um 9 und 10 Uhr belegt.")
    (fehler,) = ergebnisse_vor(modell, 2)
    pruefe_fehler(fehler, "kalender_api")
    assert gelaufen == [("belegung", "A101")], f"Nur belegung('A101') sollte laufen, gekommen ist {gelaufen!r}."


def test_falsche_argumente(assistent):
    """Argumente mit falschen Typen werden vor dem Werkzeug abgefangen; der Fehler nennt die Felder"""
    werkzeuge, gelaufen, belegt = werkzeugkasten()
    modell = FakeModell([
        macken.falsche_typen("buchen", {"raum": "B202", "stunde": 9}),
        [tool_use("buchen", {"raum": "B202", "stunde": 19})],
        [tool_use("buchen", {"raum": "B202", "stunde": "9"})],
        [text("Gebucht: B202 um 9 Uhr.")],
    ])
    pruefe_text(rufe(assistent, modell, "Buche B202 um 9.", werkzeuge), "Gebucht: B202 um 9 Uhr.")
    (erstes,) = ergebnisse_vor(modell, 2)
    pruefe_fehler(erstes, "raum", "stunde")
    (zweites,) = ergebnisse_vor(modell, 3)
    pruefe_fehler(zweites, "stunde")
    assert gelaufen == [("buchen", "B202", 9)], (
        f"Erwartet war genau ein Aufruf buchen('B202', 9) mit stunde als int (vom Eingabemodell geprüft), "
        f"gekommen ist {gelaufen!r}."
    )
    assert belegt["B202"] == [9], f"B202 sollte um 9 belegt sein, gekommen ist {belegt['B202']!r}."


def test_werkzeug_scheitert(assistent):
    """Eine Ausnahme im Werkzeug wird zum Fehler-Ergebnis mit Typ und Meldung, ohne Stacktrace"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([
        [tool_use("belegung", {"raum": "C303"}), tool_use("belegung", {"raum": "A101"})],
        [text("Zu C303 weiß ich gerade nichts, A101 ist um 9 und 10 Uhr belegt.")],
    ])
    pruefe_text(rufe(assistent, modell, "Wie sind C303 und A101 belegt?", werkzeuge),
                "Zu C303 weiß ich gerade nichts, A101 ist um 9 und 10 Uhr belegt.")
    fehler, gut = ergebnisse_vor(modell, 2)
    pruefe_fehler(fehler, "TimeoutError", "Kalender von C303 antwortet nicht")
    assert gut.get("content") == "[9, 10]" and gut.get("is_error") in (None, False), (
        f"Der zweite Aufruf sollte trotzdem laufen und '[9, 10]' liefern, gekommen ist {gut!r}."
    )
    assert len(gelaufen) == 2, f"Beide Aufrufe sollten laufen, gekommen ist {gelaufen!r}."


@pytest.mark.parametrize("max_aufrufe", [None, 2])
def test_endlosschleife_endet(assistent, max_aufrufe):
    """Ein Modell, das sich im Kreis dreht, endet nach genau max_aufrufe Aufrufen mit ZuVieleRunden"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([], danach=macken.endlos_gleicher_aufruf("raum_suchen", {"plaetze": 2}))
    kwargs = {} if max_aufrufe is None else {"max_aufrufe": max_aufrufe}
    erwartet = max_aufrufe or 5
    try:
        ergebnis = assistent(modell, "Finde einen Raum.", werkzeuge=werkzeuge, **kwargs)
    except ZuVieleRunden:
        pass
    except ProtokollFehler as e:
        raise AssertionError(f"Das strenge Fake-Modell hat eine Anfrage abgelehnt:\n{e}") from None
    except Exception as e:
        raise AssertionError(
            f"Erwartet war ZuVieleRunden, gekommen ist {type(e).__name__}: {e}"
        ) from None
    else:
        raise AssertionError(f"Erwartet war ZuVieleRunden, die Funktion hat aber {ergebnis!r} zurückgegeben.")
    assert len(modell.anfragen) == erwartet, (
        f"Mit max_aufrufe={erwartet} soll das Modell genau {erwartet}-mal gefragt werden, gefragt wurde es "
        f"{len(modell.anfragen)}-mal."
    )
    assert gelaufen == [("raum_suchen", 2)], (
        f"Derselbe erfolgreiche Aufruf soll nur einmal laufen, gekommen ist {gelaufen!r}."
    )


def test_gleicher_aufruf_nicht_doppelt(assistent):
    """Ein schon erfolgreich ausgeführter gleicher Aufruf läuft nicht noch einmal (keine Doppelbuchung)"""
    werkzeuge, gelaufen, belegt = werkzeugkasten()
    modell = FakeModell([
        [tool_use("buchen", {"raum": "A101", "stunde": 15})],
        [tool_use("buchen", {"raum": "A101", "stunde": 15})],
        [tool_use("buchen", {"raum": "A101", "stunde": 16})],
        [text("A101 ist um 15 und 16 Uhr gebucht.")],
    ])
    pruefe_text(rufe(assistent, modell, "Buche A101 um 15 und 16.", werkzeuge),
                "A101 ist um 15 und 16 Uhr gebucht.")
    assert gelaufen == [("buchen", "A101", 15), ("buchen", "A101", 16)], (
        f"Erwartet waren buchen(A101, 15) einmal und buchen(A101, 16) einmal, gekommen ist {gelaufen!r}. "
        "Merke dir die erfolgreich ausgeführten Aufrufe (Name und Eingabe) und führe eine Wiederholung nicht aus."
    )
    (wiederholt,) = ergebnisse_vor(modell, 3)
    pruefe_fehler(wiederholt)
    assert belegt["A101"] == [9, 10, 15, 16], f"Belegung falsch: {belegt['A101']!r}."


def test_fehlgeschlagener_aufruf_darf_wiederholt_werden(assistent):
    """Ein Aufruf, der fehlgeschlagen ist, darf mit denselben Argumenten noch einmal laufen"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([
        [tool_use("belegung", {"raum": "C303"})],
        [tool_use("belegung", {"raum": "C303"})],
        [text("Der Kalender von C303 antwortet nicht.")],
    ])
    pruefe_text(rufe(assistent, modell, "Wie ist C303 belegt?", werkzeuge), "Der Kalender von C303 antwortet nicht.")
    assert gelaufen == [("belegung", "C303"), ("belegung", "C303")], (
        f"Der fehlgeschlagene Aufruf belegung('C303') sollte beim zweiten Wunsch noch einmal laufen, gekommen "
        f"ist {gelaufen!r}. Nur erfolgreich ausgeführte Aufrufe gelten als erledigt."
    )
    (zweites,) = ergebnisse_vor(modell, 3)
    pruefe_fehler(zweites, "TimeoutError")


def test_text_nach_werkzeug_und_mehrere_wuensche(assistent):
    """Text nach dem tool_use-Block und mehrere Wünsche: alle Ergebnisse in einer user-Nachricht"""
    werkzeuge, gelaufen, _ = werkzeugkasten()
    modell = FakeModell([
        macken.text_nach_werkzeug("belegung", {"raum": "B202"}, satz="Ich prüfe B202."),
        [tool_use("raum_suchen", {"plaetze": 15}), tool_use("belegung", {"raum": "A101"}),
         tool_use("gibtsnicht", {})],
        [text("Fertig.")],
    ])
    pruefe_text(rufe(assistent, modell, "Was ist frei?", werkzeuge), "Fertig.")
    ergebnisse = ergebnisse_vor(modell, 3)
    assert len(ergebnisse) == 3, (
        f"Erwartet waren drei tool_result-Blöcke in einer user-Nachricht, gekommen sind {ergebnisse!r}."
    )
    pruefe_fehler(ergebnisse[2], "gibtsnicht")
    assert gelaufen == [("belegung", "B202"), ("raum_suchen", 15), ("belegung", "A101")], (
        f"Erwartet waren die drei gültigen Aufrufe in der Reihenfolge des Modells, gekommen ist {gelaufen!r}."
    )
