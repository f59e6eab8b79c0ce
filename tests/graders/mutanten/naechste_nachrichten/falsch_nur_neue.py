"""Falsch: liefert nur die zwei neuen Nachrichten; der bisherige Verlauf (mit der Frage) fehlt."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return [{"role": "assistant", "content": antwort}, {"role": "user", "content": ergebnisse}]
