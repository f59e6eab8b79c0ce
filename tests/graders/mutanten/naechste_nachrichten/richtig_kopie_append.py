"""Anders, aber richtig: kopiert die Liste mit list() und hängt dann an die Kopie an."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    neu = list(messages)
    neu.append({"role": "assistant", "content": antwort})
    neu.append({"role": "user", "content": ergebnisse})
    return neu
