"""Anders, aber richtig: for-else, Ergebnisse in einer Schleife gesammelt, Antwort als Kopie angehängt."""

import copy

from fake_model import ZuVieleRunden, text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        ergebnisse = []
        for block in antwort:
            if block["type"] == "tool_use":
                wert = werkzeuge[block["name"]](**block["input"])
                ergebnisse.append({"type": "tool_result", "tool_use_id": block["id"], "content": str(wert)})
        if not ergebnisse:
            break
        messages += [{"role": "assistant", "content": copy.deepcopy(antwort)},
                     {"role": "user", "content": ergebnisse}]
    else:
        raise ZuVieleRunden(f"{max_aufrufe} Aufrufe, immer noch Werkzeug-Wünsche")
    return text_von(antwort)
