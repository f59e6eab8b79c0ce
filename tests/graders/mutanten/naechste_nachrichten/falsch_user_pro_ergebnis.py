"""Falsch: jedes Ergebnis in eine eigene user-Nachricht statt alle in eine."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "assistant", "content": antwort}] + [
        {"role": "user", "content": [e]} for e in ergebnisse
    ]
