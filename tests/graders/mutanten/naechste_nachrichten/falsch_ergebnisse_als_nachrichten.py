"""Falsch: hängt die tool_result-Blöcke selbst als Nachrichten an statt in eine user-Nachricht."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "assistant", "content": antwort}] + ergebnisse
