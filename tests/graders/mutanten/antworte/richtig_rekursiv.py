"""Anders, aber richtig: rekursiv, mit der Zahl der noch erlaubten Aufrufe als Argument."""

from fake_model import ZuVieleRunden, text_von


def _runde(modell, messages, werkzeuge, rest):
    if rest == 0:
        raise ZuVieleRunden("keine Aufrufe mehr übrig")
    antwort = modell(messages)
    if all(b["type"] != "tool_use" for b in antwort):
        return text_von(antwort)
    ergebnisse = [{"type": "tool_result", "tool_use_id": b["id"],
                   "content": f"{werkzeuge[b['name']](**b['input'])}"}
                  for b in antwort if b["type"] == "tool_use"]
    neu = messages + [{"role": "assistant", "content": antwort}, {"role": "user", "content": ergebnisse}]
    return _runde(modell, neu, werkzeuge, rest - 1)


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    return _runde(modell, [{"role": "user", "content": frage}], werkzeuge, max_aufrufe)
