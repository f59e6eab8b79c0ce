"""Falsch: filtert den Text aus der Antwort und schickt nur die tool_use-Blöcke zurück."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    wuensche = [b for b in antwort if b["type"] == "tool_use"]
    return messages + [{"role": "assistant", "content": wuensche}, {"role": "user", "content": ergebnisse}]
