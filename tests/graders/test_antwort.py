"""Versteckte Prüfung für die Auswahlfrage `antwort` (Blatt 01, Übung 1: Welche Beschreibung hilft?).

Richtig ist d): Name, Beschreibung und Parameter genauer fassen. Groß-/Kleinschreibung und Leerraum um den
Buchstaben zählen nicht.
"""


def test_richtige_wahl(antwort):
    """Die gewählte Maßnahme ist die beste erste Maßnahme"""
    assert isinstance(antwort, str), (
        f"Erwartet war ein Buchstabe als Text, z. B. \"a\", gekommen ist {type(antwort).__name__}: {antwort!r}. "
        "Sieh in Blatt 01 bei Übung 1 nach."
    )
    gewaehlt = antwort.strip().lower()
    assert gewaehlt in {"a", "b", "c", "d"}, (
        f"Erwartet war genau einer der Buchstaben a, b, c oder d, gekommen ist {antwort!r}. "
        "Sieh in Blatt 01 bei Übung 1 nach."
    )
    assert gewaehlt == "d", (
        f"{gewaehlt}) ist nicht die beste erste Maßnahme. Das Modell entscheidet nur anhand von Name, "
        "Beschreibung und Schema, ob und wie es ein Werkzeug aufruft. Welche Option ändert genau das? "
        "Lies in Lektion 01 den Abschnitt zur Beschreibung als Teil des Prompts."
    )
