"""Anders, aber richtig: arbeitet mit tiefen Kopien aller Teile."""

import copy


def naechste_nachrichten(messages, antwort, ergebnisse):
    neu = copy.deepcopy(messages)
    neu += [{"role": "assistant", "content": copy.deepcopy(antwort)},
            {"role": "user", "content": copy.deepcopy(ergebnisse)}]
    return neu
