"""Falsch: lässt die Antwort des Modells weg und schickt nur die Ergebnisse."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "user", "content": ergebnisse}]
