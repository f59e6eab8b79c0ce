"""Versteckter Bewerter für `antworte_robust(modell, frage, werkzeuge, max_aufrufe=3)` (Blatt 04).

Die Funktion ist die Tool-Schleife aus Blatt 03, nur robust: `werkzeuge` bildet einen Namen auf ein Paar
`(funktion, EingabeModell)` ab, und jeder tool_use-Block wird mit `tool_result_fuer` beantwortet. Ein
schlechter Werkzeugaufruf beendet das Gespräch deshalb nie: Das Modell sieht ein Fehler-Ergebnis und darf
sich korrigieren. Die Obergrenze `max_aufrufe` und `ZuVieleRunden` gelten wie in Blatt 03.

Geprüft wird Verhalten, nicht Wortlaut: Die Tests schauen in `modell.anfragen`, was die Funktion dem
Fake-Modell geschickt hat. Wortlaut und Form der Fehlertexte prüft der Bewerter von `tool_result_fuer`.
"""

from pydantic import BaseModel

from fake_model import FakeModell, ProtokollFehler, SkriptZuEnde, ZuVieleRunden, text, tool_use

# Erfundene Testtabelle (keine echten Kurse oder Gebühren).
KURSE_EUR = {"TRY": 0.025, "USD": 0.9, "CHF": 1.05}
GEBUEHR_PROZENT = 1.5


class KursEingabe(BaseModel):
    waehrung: str


class GebuehrEingabe(BaseModel):
    betrag_eur: float


def werkzeugkasten():
    """Frische Werkzeuge für einen Test, dazu das Protokoll, womit sie aufgerufen wurden."""
    aufrufe = []

    def kurs(waehrung):
        aufrufe.append(("kurs", waehrung))
        if waehrung not in KURSE_EUR:
            raise ValueError(f"Währung {waehrung} steht nicht in der Testtabelle")
        return KURSE_EUR[waehrung]

    def gebuehr(betrag_eur):
        aufrufe.append(("gebuehr", betrag_eur))
        return round(betrag_eur * GEBUEHR_PROZENT / 100, 2)

    werkzeuge = {"kurs": (kurs, KursEingabe), "gebuehr": (gebuehr, GebuehrEingabe)}
    return werkzeuge, aufrufe


def rufe(antworte_robust, modell, frage, werkzeuge, **kwargs):
    """Ruft die Lernfunktion auf und übersetzt unerwartete Ausnahmen in eine verständliche Meldung."""
    try:
        return antworte_robust(modell, frage, werkzeuge, **kwargs)
    except ProtokollFehler as e:
        raise AssertionError(
            f"Das strenge Fake-Modell hat eine Anfrage deiner Funktion abgelehnt:\n{e}\n"
            "Sieh dir an, wie du die Antwort und die Ergebnisse an `messages` hängst."
        ) from None
    except SkriptZuEnde as e:
        raise AssertionError(
            "Deine Funktion hat das Modell öfter gefragt, als es Antworten hatte, obwohl die letzte Antwort "
            f"schon reiner Text war. Die Schleife muss enden, sobald eine Antwort keinen tool_use-Block "
            f"enthält.\n{e}"
        ) from None
    except ZuVieleRunden as e:
        raise AssertionError(
            f"Deine Funktion hat ZuVieleRunden geworfen ({e}), obwohl das Modell spätestens beim "
            f"{len(modell.antworten)}. Aufruf nur mit Text antwortet und max_aufrufe="
            f"{kwargs.get('max_aufrufe', 3)} dafür reicht. Prüfe, wie du die Aufrufe zählst: Die Antwort des "
            "letzten erlaubten Aufrufs gibst du noch zurück, wenn sie keinen tool_use-Block hat."
        ) from None
    except Exception as e:
        raise AssertionError(
            f"Deine Funktion hat eine Ausnahme nach außen gelassen: {type(e).__name__}: {e}\n"
            "Ein schlechter Werkzeugaufruf darf das Gespräch nicht beenden: Beantworte jeden tool_use-Block "
            "mit tool_result_fuer(block, werkzeuge), das nie eine Ausnahme wirft."
        ) from None


def pruefe_text(ergebnis, erwartet):
    assert isinstance(ergebnis, str), (
        f"Erwartet war ein str (text_von(antwort) der letzten Antwort), gekommen ist "
        f"{type(ergebnis).__name__}: {ergebnis!r}."
    )
    assert ergebnis == erwartet, (
        f"Erwartet war der Text der letzten Antwort {erwartet!r}, gekommen ist {ergebnis!r}. "
        "Gib text_von(antwort) der Antwort ohne tool_use-Block zurück."
    )


def ergebnisse_der_anfrage(modell, nummer):
    """Die tool_result-Blöcke der letzten Nachricht in Anfrage Nr. `nummer` (ab 1 gezählt)."""
    assert len(modell.anfragen) >= nummer, (
        f"Erwartet waren mindestens {nummer} Aufrufe des Modells, gekommen sind {len(modell.anfragen)}. "
        "Nach den Ergebnissen musst du das Modell erneut fragen."
    )
    letzte = modell.anfragen[nummer - 1]["messages"][-1]
    assert letzte.get("role") == "user" and isinstance(letzte.get("content"), list), (
        f"Erwartet war als letzte Nachricht der {nummer}. Anfrage eine user-Nachricht mit einer Liste von "
        f"tool_result-Blöcken, gekommen ist {letzte!r}."
    )
    return letzte["content"]


def ist_fehler(ergebnis):
    return ergebnis.get("is_error") is True


def test_antwort_ohne_werkzeug(antworte_robust):
    """Ohne Werkzeugwunsch: ein Aufruf, die Frage als erste Nachricht, der Text als Rückgabe"""
    werkzeuge, aufrufe = werkzeugkasten()
    modell = FakeModell([[text("Dafür brauche ich kein Werkzeug.")]])
    ergebnis = rufe(antworte_robust, modell, "Was ist ein Wechselkurs?", werkzeuge)
    pruefe_text(ergebnis, "Dafür brauche ich kein Werkzeug.")
    assert len(modell.anfragen) == 1, (
        f"Erwartet war genau 1 Aufruf des Modells, gekommen sind {len(modell.anfragen)}."
    )
    erste = modell.anfragen[0]["messages"]
    assert erste == [{"role": "user", "content": "Was ist ein Wechselkurs?"}], (
        f"Erwartet war als erste Anfrage [{{'role': 'user', 'content': frage}}], gekommen ist {erste!r}. "
        "Der Verlauf beginnt mit der Frage als user-Nachricht."
    )
    assert aufrufe == [], f"Ohne tool_use-Block darf kein Werkzeug laufen, gelaufen ist: {aufrufe!r}."



def test_eine_runde_verdrahtet(antworte_robust):
    """Eine Werkzeugrunde: Antwort unverändert zurück, Ergebnis mit passender id als Text"""
    werkzeuge, aufrufe = werkzeugkasten()
    wunsch = [text("Ich schaue den Kurs nach."), tool_use("kurs", {"waehrung": "TRY"}, id="toolu_runde_1")]
    modell = FakeModell([wunsch, [text("50 TRY sind etwa 1,25 EUR.")]])
    ergebnis = rufe(antworte_robust, modell, "50 TRY in Euro?", werkzeuge)
    pruefe_text(ergebnis, "50 TRY sind etwa 1,25 EUR.")
    assert aufrufe == [("kurs", "TRY")], (
        f"Erwartet war genau ein Aufruf kurs(waehrung='TRY'), gelaufen ist {aufrufe!r}."
    )
    assert len(modell.anfragen) == 2, (
        f"Erwartet waren 2 Aufrufe des Modells (Wunsch, dann Antwort), gekommen sind {len(modell.anfragen)}."
    )
    zweite = modell.anfragen[1]["messages"]
    assert len(zweite) == 3, (
        f"Erwartet waren in der 2. Anfrage 3 Nachrichten (Frage, Antwort mit Wunsch, Ergebnisse), "
        f"gekommen sind {len(zweite)}: {zweite!r}."
    )
    assert zweite[1] == {"role": "assistant", "content": wunsch}, (
        f"Erwartet war die Antwort des Modells unverändert als assistant-Nachricht (mit dem Text-Block davor), "
        f"gekommen ist {zweite[1]!r}."
    )
    ergebnisse = ergebnisse_der_anfrage(modell, 2)
    assert len(ergebnisse) == 1, f"Erwartet war genau 1 tool_result, gekommen sind {len(ergebnisse)}."
    r = ergebnisse[0]
    assert isinstance(r, dict) and r.get("type") == "tool_result", (
        f"Erwartet war ein dict mit 'type': 'tool_result', gekommen ist {r!r}."
    )
    assert r.get("tool_use_id") == "toolu_runde_1", (
        f"Erwartet war tool_use_id 'toolu_runde_1' (die id des Wunsches), gekommen ist {r.get('tool_use_id')!r}."
    )
    assert r.get("content") == "0.025", (
        f"Erwartet war content '0.025' (das Ergebnis als Text), gekommen ist {r.get('content')!r}."
    )
    assert not ist_fehler(r), f"Ein gelungener Aufruf ist kein Fehler-Ergebnis, gekommen ist {r!r}."


def test_unbekanntes_werkzeug_beendet_nichts(antworte_robust):
    """Ein erfundener Werkzeugname wird zum Fehler-Ergebnis, das Gespräch geht weiter"""
    werkzeuge, aufrufe = werkzeugkasten()
    modell = FakeModell([
        [tool_use("wechselkurs_holen", {"waehrung": "USD"}, id="toolu_erfunden")],
        [tool_use("kurs", {"waehrung": "USD"}, id="toolu_korrigiert")],
        [text("1 USD sind etwa 0,90 EUR.")],
    ])
    ergebnis = rufe(antworte_robust, modell, "Was ist ein Dollar in Euro?", werkzeuge)
    pruefe_text(ergebnis, "1 USD sind etwa 0,90 EUR.")
    (r,) = ergebnisse_der_anfrage(modell, 2)
    assert r.get("tool_use_id") == "toolu_erfunden" and ist_fehler(r), (
        "Erwartet war für das unbekannte Werkzeug ein tool_result mit tool_use_id 'toolu_erfunden' und "
        f"'is_error': True, gekommen ist {r!r}."
    )
    assert aufrufe == [("kurs", "USD")], (
        f"Erwartet war nach der Korrektur genau ein Aufruf kurs('USD'), gelaufen ist {aufrufe!r}."
    )


def test_ungueltige_argumente_beenden_nichts(antworte_robust):
    """Argumente, die nicht zum Eingabemodell passen, werden zum Fehler-Ergebnis; das Werkzeug läuft nicht"""
    werkzeuge, aufrufe = werkzeugkasten()
    modell = FakeModell([
        [tool_use("gebuehr", {"betrag": 40}, id="toolu_feld_falsch")],
        [tool_use("gebuehr", {"betrag_eur": "viel"}, id="toolu_typ_falsch")],
        [tool_use("gebuehr", {"betrag_eur": 40}, id="toolu_passt")],
        [text("Die Gebühr beträgt 0,60 EUR.")],
    ])
    ergebnis = rufe(antworte_robust, modell, "Was kostet der Tausch von 40 EUR?", werkzeuge, max_aufrufe=4)
    pruefe_text(ergebnis, "Die Gebühr beträgt 0,60 EUR.")
    for nummer, id_ in [(2, "toolu_feld_falsch"), (3, "toolu_typ_falsch")]:
        (r,) = ergebnisse_der_anfrage(modell, nummer)
        assert r.get("tool_use_id") == id_ and ist_fehler(r), (
            f"Erwartet war für den Wunsch {id_!r} mit unpassenden Argumenten ein tool_result mit dieser id "
            f"und 'is_error': True, gekommen ist {r!r}. Prüfe die Argumente mit dem Eingabemodell."
        )
    assert aufrufe == [("gebuehr", 40)], (
        "Erwartet war, dass das Werkzeug nur mit gültigen Argumenten läuft (einmal gebuehr(betrag_eur=40)), "
        f"gelaufen ist {aufrufe!r}."
    )


def test_werkzeug_wirft_beendet_nichts(antworte_robust):
    """Wirft das Werkzeug eine Ausnahme, wird sie zum Fehler-Ergebnis, das Gespräch geht weiter"""
    werkzeuge, aufrufe = werkzeugkasten()
    modell = FakeModell([
        [tool_use("kurs", {"waehrung": "XYZ"}, id="toolu_wirft")],
        [text("Für XYZ habe ich keinen Kurs.")],
    ])
    ergebnis = rufe(antworte_robust, modell, "Was ist 1 XYZ in Euro?", werkzeuge)
    pruefe_text(ergebnis, "Für XYZ habe ich keinen Kurs.")
    (r,) = ergebnisse_der_anfrage(modell, 2)
    assert r.get("tool_use_id") == "toolu_wirft" and ist_fehler(r), (
        "Erwartet war für das Werkzeug, das eine Ausnahme wirft, ein tool_result mit tool_use_id "
        f"'toolu_wirft' und 'is_error': True, gekommen ist {r!r}."
    )
    assert isinstance(r.get("content"), str) and r["content"], (
        f"Erwartet war ein nicht leerer Fehlertext in content, gekommen ist {r.get('content')!r}."
    )


def test_mehrere_wuensche_in_einer_antwort(antworte_robust):
    """Mehrere tool_use-Blöcke: je ein Ergebnis, alle in einer user-Nachricht, in derselben Reihenfolge"""
    werkzeuge, aufrufe = werkzeugkasten()
    wunsch = [
        text("Ich hole drei Kurse."),
        tool_use("kurs", {"waehrung": "USD"}, id="toolu_par_1"),
        tool_use("kurs_alle", {}, id="toolu_par_2"),
        tool_use("kurs", {"waehrung": "CHF"}, id="toolu_par_3"),
    ]
    modell = FakeModell([wunsch, [text("USD 0,90 und CHF 1,05; eine Liste aller Kurse gibt es nicht.")]])
    ergebnis = rufe(antworte_robust, modell, "Kurse für USD, CHF und alle anderen?", werkzeuge)
    pruefe_text(ergebnis, "USD 0,90 und CHF 1,05; eine Liste aller Kurse gibt es nicht.")
    zweite = modell.anfragen[1]["messages"]
    assert len(zweite) == 3, (
        "Erwartet waren in der 2. Anfrage 3 Nachrichten: alle Ergebnisse gehören zusammen in EINE "
        f"user-Nachricht. Gekommen sind {len(zweite)} Nachrichten."
    )
    ergebnisse = ergebnisse_der_anfrage(modell, 2)
    ids = [r.get("tool_use_id") for r in ergebnisse]
    assert ids == ["toolu_par_1", "toolu_par_2", "toolu_par_3"], (
        f"Erwartet waren drei Ergebnisse mit den ids ['toolu_par_1', 'toolu_par_2', 'toolu_par_3'], "
        f"gekommen sind {ids!r}. Beantworte jeden tool_use-Block, in der Reihenfolge der Antwort."
    )
    fehler = [ist_fehler(r) for r in ergebnisse]
    assert fehler == [False, True, False], (
        f"Erwartet war nur beim unbekannten Werkzeug 'kurs_alle' 'is_error': True ([False, True, False]), "
        f"gekommen ist {fehler!r}."
    )
    inhalte = [ergebnisse[0].get("content"), ergebnisse[2].get("content")]
    assert inhalte == ["0.9", "1.05"], (
        f"Erwartet waren die Inhalte ['0.9', '1.05'] für USD und CHF, gekommen sind {inhalte!r}."
    )


def test_mehrere_runden_verlauf_waechst(antworte_robust):
    """Mehrere Runden: der Verlauf wächst um zwei Nachrichten pro Runde und bleibt erhalten"""
    werkzeuge, aufrufe = werkzeugkasten()
    modell = FakeModell([
        [tool_use("kurs", {"waehrung": "TRY"}, id="toolu_mr_1")],
        [text("Jetzt noch die Gebühr."), tool_use("gebuehr", {"betrag_eur": 100.0}, id="toolu_mr_2")],
        [text("Das macht 100 EUR plus 1,50 EUR Gebühr.")],
    ])
    ergebnis = rufe(antworte_robust, modell, "Was kosten 4000 TRY mit Gebühr?", werkzeuge)
    pruefe_text(ergebnis, "Das macht 100 EUR plus 1,50 EUR Gebühr.")
    laengen = [len(a["messages"]) for a in modell.anfragen]
    assert laengen == [1, 3, 5], (
        f"Erwartet waren Verläufe der Länge [1, 3, 5] (zwei Nachrichten mehr pro Runde), gekommen sind "
        f"{laengen!r}. Hänge an denselben Verlauf an, statt ihn neu zu beginnen."
    )
    for frueher, spaeter in zip(modell.anfragen, modell.anfragen[1:], strict=False):
        n = len(frueher["messages"])
        assert spaeter["messages"][:n] == frueher["messages"], (
            "Erwartet war, dass jede Anfrage mit dem ganzen Verlauf der vorigen beginnt; "
            f"der Anfang hat sich verändert: {spaeter['messages'][:n]!r}."
        )
    (r,) = ergebnisse_der_anfrage(modell, 3)
    assert r.get("tool_use_id") == "toolu_mr_2" and r.get("content") == "1.5", (
        f"Erwartet war in Runde 2 das Ergebnis {{'tool_use_id': 'toolu_mr_2', 'content': '1.5', ...}}, "
        f"gekommen ist {r!r}."
    )
    assert aufrufe == [("kurs", "TRY"), ("gebuehr", 100.0)], (
        f"Erwartet waren die Aufrufe kurs('TRY') und gebuehr(100.0), gelaufen ist {aufrufe!r}."
    )


class EndlosSchleife(BaseException):
    """Das Modell wurde viel öfter gefragt als erlaubt (BaseException: `except Exception` hält sie nicht auf)."""


NOTBREMSE = 50


def endlos_modell():
    """Ein Modell, das sich im Kreis dreht: jede Antwort will wieder ein Werkzeug.

    Nach NOTBREMSE Aufrufen bricht es ab, damit eine Schleife ohne Obergrenze den Test nicht aufhält.
    """

    def immer_wieder(anfrage):
        if len(modell.anfragen) > NOTBREMSE:
            raise EndlosSchleife(f"{NOTBREMSE} Aufrufe")
        return [tool_use("kurs", {"waehrung": "USD"})]

    modell = FakeModell([], danach=immer_wieder)
    return modell


def erwarte_zuvielerunden(antworte_robust, modell, werkzeuge, **kwargs):
    try:
        ergebnis = antworte_robust(modell, "Dreh dich!", werkzeuge, **kwargs)
    except ZuVieleRunden:
        return
    except EndlosSchleife:
        raise AssertionError(
            f"Deine Schleife hörte nach {NOTBREMSE} Aufrufen des Modells noch nicht auf, obwohl max_aufrufe="
            f"{kwargs.get('max_aufrufe', 3)} war. Zähle die Aufrufe und wirf ZuVieleRunden an der Grenze."
        ) from None
    except Exception as e:
        raise AssertionError(
            f"Erwartet war ZuVieleRunden, gekommen ist {type(e).__name__}: {e}. Wirf die Ausnahme "
            "ZuVieleRunden aus fake_model, wenn auch die letzte erlaubte Antwort ein Werkzeug will."
        ) from None
    raise AssertionError(f"Erwartet war ZuVieleRunden, deine Funktion hat aber {ergebnis!r} zurückgegeben.")


def test_obergrenze_mit_zuvielerunden(antworte_robust):
    """Dreht sich das Modell im Kreis, wird es genau max_aufrufe Mal gefragt, dann kommt ZuVieleRunden"""
    for max_aufrufe in [1, 2, 3, 5]:
        werkzeuge, _ = werkzeugkasten()
        modell = endlos_modell()
        erwarte_zuvielerunden(antworte_robust, modell, werkzeuge, max_aufrufe=max_aufrufe)
        n = len(modell.anfragen)
        assert n == max_aufrufe, (
            f"Erwartet waren genau {max_aufrufe} Aufrufe des Modells (max_aufrufe={max_aufrufe}), gekommen "
            f"sind {n}. Zähle die Aufrufe des Modells, nicht die Runden danach."
        )


def test_antwort_beim_letzten_erlaubten_aufruf(antworte_robust):
    """Kommt die Textantwort genau beim letzten erlaubten Aufruf, wird sie zurückgegeben (kein zu frühes Ende)"""
    for max_aufrufe in [1, 2, 4]:
        werkzeuge, _ = werkzeugkasten()
        skript = [[tool_use("kurs", {"waehrung": "USD"})] for _ in range(max_aufrufe - 1)]
        skript.append([text(f"Fertig nach {max_aufrufe} Aufrufen.")])
        modell = FakeModell(skript)
        ergebnis = rufe(antworte_robust, modell, "Wie viel?", werkzeuge, max_aufrufe=max_aufrufe)
        pruefe_text(ergebnis, f"Fertig nach {max_aufrufe} Aufrufen.")
        assert len(modell.anfragen) == max_aufrufe, (
            f"Erwartet waren {max_aufrufe} Aufrufe des Modells, gekommen sind {len(modell.anfragen)}."
        )


def test_standardwert_drei_aufrufe(antworte_robust):
    """Ohne Angabe gilt max_aufrufe=3"""
    werkzeuge, _ = werkzeugkasten()
    modell = endlos_modell()
    erwarte_zuvielerunden(antworte_robust, modell, werkzeuge)
    assert len(modell.anfragen) == 3, (
        f"Erwartet waren ohne Angabe von max_aufrufe genau 3 Aufrufe, gekommen sind {len(modell.anfragen)}. "
        "Der Standardwert steht in der Signatur: max_aufrufe=3."
    )
    werkzeuge, _ = werkzeugkasten()
    modell = FakeModell([
        [tool_use("kurs", {"waehrung": "USD"})],
        [tool_use("kurs", {"waehrung": "CHF"})],
        [text("Beide Kurse liegen vor.")],
    ])
    pruefe_text(rufe(antworte_robust, modell, "USD und CHF?", werkzeuge), "Beide Kurse liegen vor.")


def test_text_aller_textbloecke(antworte_robust):
    """Die Rückgabe ist text_von(antwort): alle Text-Blöcke der letzten Antwort, mit Zeilenumbruch verbunden"""
    werkzeuge, _ = werkzeugkasten()
    modell = FakeModell([
        [text("Moment."), tool_use("kurs", {"waehrung": "CHF"})],
        [text("1 CHF sind 1,05 EUR."), text("Die Werte sind erfunden.")],
    ])
    ergebnis = rufe(antworte_robust, modell, "CHF?", werkzeuge)
    pruefe_text(ergebnis, "1 CHF sind 1,05 EUR.\nDie Werte sind erfunden.")
