"""Falsch: macht aus der Antwort ihren Text; die tool_use-Blöcke fehlen dann im Verlauf."""

from fake_model import text_von


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "assistant", "content": text_von(antwort)}, {"role": "user", "content": ergebnisse}]
