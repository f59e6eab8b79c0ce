"""Falsch: verwechselt die Formate und schickt die Ergebnisse mit role "tool" wie bei OpenAI."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    return messages + [{"role": "assistant", "content": antwort}, {"role": "tool", "content": ergebnisse}]
