"""Musterweg: messages + [...] baut eine neue Liste."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "assistant", "content": antwort}, {"role": "user", "content": ergebnisse}]
