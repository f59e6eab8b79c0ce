"""Versteckter Bewerter für `torwaechter(werkzeuge, regeln, bestaetige)` (Blatt 06).

Der Torwächter legt sich um die Werkzeuge (`werkzeuge`: Name -> Funktion) und liefert ein NEUES dict mit
denselben Namen. Jede neue Funktion nimmt dieselben Schlüsselwort-Argumente und richtet sich nach
`regeln[name]`:

- `"erlaubt"`: ruft das Werkzeug auf und gibt sein Ergebnis unverändert zurück;
- `"nachfragen"`: ruft vorher `bestaetige(name, argumente)` auf (argumente als dict), bei jedem Aufruf neu;
  bei True läuft das Werkzeug, sonst nicht;
- `"verboten"`, ein Name, der in `regeln` fehlt, oder ein unbekannter Wert: das Werkzeug läuft nie, und
  es wird auch nicht nachgefragt.

Läuft das Werkzeug nicht, kommt ein erklärender Text zurück, der mit `"Abgelehnt:"` beginnt und den
Werkzeugnamen nennt (er geht als Ergebnis an das Modell, Quelle 001). Geprüft wird Verhalten: wer wann
aufgerufen wurde, und nur das Präfix und der Name im Text.
"""


def werkzeugkasten():
    """Drei Werkzeuge, die sich merken, dass sie liefen."""
    gelaufen = []

    def lesen(pfad):
        gelaufen.append(("lesen", pfad))
        return {"pfad": pfad, "inhalt": "Hallo"}

    def schreiben(pfad, text):
        gelaufen.append(("schreiben", pfad, text))
        return len(text)

    def loeschen(pfad):
        gelaufen.append(("loeschen", pfad))
        return f"{pfad} gelöscht"

    return {"lesen": lesen, "schreiben": schreiben, "loeschen": loeschen}, gelaufen


class Bestaetigung:
    """Eine Nutzerin, die nacheinander die vorbereiteten Antworten gibt und sich die Fragen merkt."""

    def __init__(self, *antworten):
        self.antworten = list(antworten)
        self.fragen = []

    def __call__(self, name, argumente):
        self.fragen.append((name, argumente))
        assert self.antworten, f"bestaetige wurde öfter gefragt als erwartet: {self.fragen!r}"
        return self.antworten.pop(0)


def bewache(torwaechter, werkzeuge, regeln, bestaetige):
    try:
        bewacht = torwaechter(werkzeuge, regeln, bestaetige)
    except Exception as e:
        raise AssertionError(f"torwaechter(...) hat eine Ausnahme geworfen: {type(e).__name__}: {e}") from None
    assert isinstance(bewacht, dict), (
        f"Erwartet war ein dict Name -> Funktion, gekommen ist {type(bewacht).__name__}: {bewacht!r}."
    )
    assert set(bewacht) == set(werkzeuge), (
        f"Erwartet waren dieselben Namen wie in werkzeuge ({sorted(werkzeuge)}), gekommen ist {sorted(bewacht)}."
    )
    return bewacht


def rufe(funktion, name, **argumente):
    try:
        return funktion(**argumente)
    except Exception as e:
        raise AssertionError(
            f"Der bewachte Aufruf {name}(**{argumente!r}) hat eine Ausnahme geworfen: {type(e).__name__}: {e}\n"
            "Eine Ablehnung ist kein Absturz: gib einen Text zurück, der mit 'Abgelehnt:' beginnt."
        ) from None


def pruefe_abgelehnt(ergebnis, name):
    assert isinstance(ergebnis, str) and ergebnis.startswith("Abgelehnt:"), (
        f"Erwartet war ein Text, der mit 'Abgelehnt:' beginnt, gekommen ist {ergebnis!r}."
    )
    assert name in ergebnis, f"Der Ablehnungstext soll das Werkzeug {name!r} nennen, gekommen ist {ergebnis!r}."


def test_erlaubt_laeuft_unveraendert(torwaechter):
    """Ein erlaubtes Werkzeug läuft ohne Nachfrage und liefert sein Ergebnis unverändert"""
    werkzeuge, gelaufen = werkzeugkasten()
    frage = Bestaetigung()
    bewacht = bewache(torwaechter, werkzeuge, {"lesen": "erlaubt", "schreiben": "erlaubt"}, frage)
    ergebnis = rufe(bewacht["lesen"], "lesen", pfad="a.txt")
    assert ergebnis == {"pfad": "a.txt", "inhalt": "Hallo"}, (
        f"Erwartet war das unveränderte Ergebnis von lesen, gekommen ist {ergebnis!r}."
    )
    assert rufe(bewacht["schreiben"], "schreiben", pfad="b.txt", text="abc") == 3, (
        "Erwartet war das Ergebnis 3 von schreiben (unverändert, kein Text daraus machen)."
    )
    assert gelaufen == [("lesen", "a.txt"), ("schreiben", "b.txt", "abc")], (
        f"Erwartet war, dass lesen und schreiben je einmal liefen, gekommen ist {gelaufen!r}."
    )
    assert frage.fragen == [], f"Bei 'erlaubt' wird nicht nachgefragt, gefragt wurde aber {frage.fragen!r}."


def test_nachfragen_mit_zustimmung(torwaechter):
    """Bei "nachfragen" wird vorher gefragt (Name und Argumente); mit Zustimmung läuft das Werkzeug"""
    werkzeuge, gelaufen = werkzeugkasten()
    reihenfolge = []

    def bestaetige(name, argumente):
        reihenfolge.append(("frage", name, argumente, list(gelaufen)))
        return True

    bewacht = bewache(torwaechter, werkzeuge, {"loeschen": "nachfragen"}, bestaetige)
    ergebnis = rufe(bewacht["loeschen"], "loeschen", pfad="a.txt")
    assert reihenfolge == [("frage", "loeschen", {"pfad": "a.txt"}, [])], (
        "Erwartet war genau eine Frage bestaetige('loeschen', {'pfad': 'a.txt'}) BEVOR das Werkzeug läuft; "
        f"gekommen ist {reihenfolge!r} (letzter Eintrag: was bis zur Frage schon gelaufen war)."
    )
    assert gelaufen == [("loeschen", "a.txt")], f"Erwartet war ein Aufruf von loeschen, gekommen ist {gelaufen!r}."
    assert ergebnis == "a.txt gelöscht", f"Erwartet war das Ergebnis des Werkzeugs, gekommen ist {ergebnis!r}."


def test_nachfragen_ohne_zustimmung(torwaechter):
    """Bei "nachfragen" ohne Zustimmung läuft das Werkzeug nicht, das Modell bekommt eine Erklärung"""
    werkzeuge, gelaufen = werkzeugkasten()
    frage = Bestaetigung(False)
    bewacht = bewache(torwaechter, werkzeuge, {"loeschen": "nachfragen"}, frage)
    ergebnis = rufe(bewacht["loeschen"], "loeschen", pfad="a.txt")
    assert gelaufen == [], f"Ohne Zustimmung darf loeschen nicht laufen, gelaufen ist aber {gelaufen!r}."
    assert frage.fragen == [("loeschen", {"pfad": "a.txt"})], (
        f"Erwartet war eine Frage bestaetige('loeschen', {{'pfad': 'a.txt'}}), gekommen ist {frage.fragen!r}."
    )
    pruefe_abgelehnt(ergebnis, "loeschen")


def test_jeder_aufruf_wird_neu_gefragt(torwaechter):
    """Die Zustimmung gilt nur für einen Aufruf: jeder Aufruf wird neu gefragt"""
    werkzeuge, gelaufen = werkzeugkasten()
    frage = Bestaetigung(True, False, True)
    bewacht = bewache(torwaechter, werkzeuge, {"loeschen": "nachfragen", "schreiben": "nachfragen"}, frage)
    rufe(bewacht["loeschen"], "loeschen", pfad="a.txt")
    zweites = rufe(bewacht["loeschen"], "loeschen", pfad="b.txt")
    rufe(bewacht["schreiben"], "schreiben", pfad="c.txt", text="x")
    assert frage.fragen == [("loeschen", {"pfad": "a.txt"}), ("loeschen", {"pfad": "b.txt"}),
                            ("schreiben", {"pfad": "c.txt", "text": "x"})], (
        f"Erwartet waren drei Fragen (eine pro Aufruf, mit den jeweiligen Argumenten), gekommen ist "
        f"{frage.fragen!r}. Merke dir keine frühere Zustimmung."
    )
    assert gelaufen == [("loeschen", "a.txt"), ("schreiben", "c.txt", "x")], (
        f"Erwartet war, dass nur die bestätigten Aufrufe liefen, gekommen ist {gelaufen!r}."
    )
    pruefe_abgelehnt(zweites, "loeschen")


def test_verboten(torwaechter):
    """Ein verbotenes Werkzeug läuft nie, und es wird auch nicht nachgefragt"""
    werkzeuge, gelaufen = werkzeugkasten()
    frage = Bestaetigung(True, True)
    bewacht = bewache(torwaechter, werkzeuge, {"loeschen": "verboten", "lesen": "erlaubt"}, frage)
    ergebnis = rufe(bewacht["loeschen"], "loeschen", pfad="a.txt")
    assert gelaufen == [], f"loeschen ist verboten, gelaufen ist aber {gelaufen!r}."
    assert frage.fragen == [], (
        f"Bei 'verboten' gibt es nichts zu bestätigen, gefragt wurde aber {frage.fragen!r}."
    )
    pruefe_abgelehnt(ergebnis, "loeschen")


def test_ohne_regel_ist_verboten(torwaechter):
    """Ein Werkzeug ohne Regel gilt als verboten (sicherer Standard)"""
    werkzeuge, gelaufen = werkzeugkasten()
    frage = Bestaetigung(True)
    bewacht = bewache(torwaechter, werkzeuge, {"lesen": "erlaubt"}, frage)
    ergebnis = rufe(bewacht["schreiben"], "schreiben", pfad="a.txt", text="weg damit")
    assert gelaufen == [] and frage.fragen == [], (
        "schreiben hat keine Regel und gilt deshalb als verboten: es darf weder laufen noch nachfragen. "
        f"Gelaufen: {gelaufen!r}, gefragt: {frage.fragen!r}. Nimm 'verboten' als Vorgabe (regeln.get(...))."
    )
    pruefe_abgelehnt(ergebnis, "schreiben")


def test_unbekannte_regel_ist_verboten(torwaechter):
    """Ein Tippfehler in der Regel öffnet nichts: unbekannte Werte gelten als verboten"""
    werkzeuge, gelaufen = werkzeugkasten()
    frage = Bestaetigung(True, True)
    bewacht = bewache(torwaechter, werkzeuge, {"loeschen": "erlabut", "schreiben": "Erlaubt"}, frage)
    a = rufe(bewacht["loeschen"], "loeschen", pfad="a.txt")
    b = rufe(bewacht["schreiben"], "schreiben", pfad="a.txt", text="x")
    assert gelaufen == [] and frage.fragen == [], (
        "Die Regeln 'erlabut' und 'Erlaubt' gibt es nicht; im Zweifel gilt 'verboten' (fail closed). "
        f"Gelaufen: {gelaufen!r}, gefragt: {frage.fragen!r}. Prüfe auf die genauen Werte statt auf "
        "'!= \"verboten\"'."
    )
    pruefe_abgelehnt(a, "loeschen")
    pruefe_abgelehnt(b, "schreiben")


def test_jede_funktion_ruft_ihr_werkzeug(torwaechter):
    """Jede bewachte Funktion ruft ihr eigenes Werkzeug (nicht das letzte der Schleife)"""
    werkzeuge, gelaufen = werkzeugkasten()
    bewacht = bewache(torwaechter, werkzeuge, {n: "erlaubt" for n in werkzeuge}, Bestaetigung())
    rufe(bewacht["lesen"], "lesen", pfad="x")
    rufe(bewacht["loeschen"], "loeschen", pfad="y")
    rufe(bewacht["schreiben"], "schreiben", pfad="z", text="t")
    assert gelaufen == [("lesen", "x"), ("loeschen", "y"), ("schreiben", "z", "t")], (
        f"Erwartet war lesen, loeschen, schreiben (je das eigene Werkzeug), gekommen ist {gelaufen!r}. "
        "Eine lambda/def in einer Schleife sieht die Schleifenvariable erst beim Aufruf: binde das "
        "Werkzeug an die innere Funktion (Hilfsfunktion oder Standardwert)."
    )


def test_werkzeuge_bleiben_unveraendert(torwaechter):
    """Das übergebene dict werkzeuge bleibt unverändert; das Ergebnis ist ein neues dict"""
    werkzeuge, _ = werkzeugkasten()
    vorher = dict(werkzeuge)
    bewacht = bewache(torwaechter, werkzeuge, {"lesen": "erlaubt", "loeschen": "verboten"}, Bestaetigung())
    assert werkzeuge == vorher, (
        "torwaechter hat das übergebene dict werkzeuge verändert. Baue ein neues dict, sonst umgeht jeder, "
        "der noch das alte hat, den Wächter nicht mehr und jeder andere nicht mehr die Werkzeuge."
    )
    assert bewacht is not werkzeuge, "Erwartet war ein neues dict, nicht dasselbe Objekt wie werkzeuge."
    assert bewacht["loeschen"] is not werkzeuge["loeschen"], (
        "Das verbotene loeschen ist im Ergebnis noch die ungeschützte Originalfunktion."
    )
