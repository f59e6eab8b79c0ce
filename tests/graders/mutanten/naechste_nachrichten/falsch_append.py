"""Falsch: hängt mit append an die übergebene Liste an und verändert sie damit."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    messages.append({"role": "assistant", "content": antwort})
    messages.append({"role": "user", "content": ergebnisse})
    return messages
