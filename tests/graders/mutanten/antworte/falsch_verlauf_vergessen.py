"""Beginnt den Verlauf in jeder Runde neu: Das Modell sieht nur die Frage und die letzte Runde."""

from fake_model import ZuVieleRunden, text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        ergebnisse = [{"type": "tool_result", "tool_use_id": b["id"],
                       "content": str(werkzeuge[b["name"]](**b["input"]))} for b in aufrufe]
        messages = [{"role": "user", "content": frage},
                    {"role": "assistant", "content": antwort},
                    {"role": "user", "content": ergebnisse}]
    raise ZuVieleRunden("zu viele Runden")
