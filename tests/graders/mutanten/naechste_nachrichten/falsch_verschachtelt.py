"""Falsch: hängt die Liste der Ergebnisse als Ganzes an statt in einer user-Nachricht."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "assistant", "content": antwort}, ergebnisse]
