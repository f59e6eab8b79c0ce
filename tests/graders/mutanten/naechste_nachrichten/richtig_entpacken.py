"""Anders, aber richtig: entpackt die alten Nachrichten in eine neue Liste."""


def naechste_nachrichten(messages, antwort, ergebnisse):
    assistant = {"content": antwort, "role": "assistant"}
    user = {"content": ergebnisse, "role": "user"}
    return [*messages, assistant, user]
