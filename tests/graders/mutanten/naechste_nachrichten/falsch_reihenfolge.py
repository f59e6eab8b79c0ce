"""Falsch: setzt die Ergebnisse vor die Antwort, zu der sie gehören."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "user", "content": ergebnisse}, {"role": "assistant", "content": antwort}]
