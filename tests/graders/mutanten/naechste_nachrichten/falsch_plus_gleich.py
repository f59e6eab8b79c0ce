"""Falsch: += auf einer Liste ändert die Liste an Ort und Stelle, auch die des Aufrufers."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    neu = messages
    neu += [{"role": "assistant", "content": antwort}, {"role": "user", "content": ergebnisse}]
    return neu
