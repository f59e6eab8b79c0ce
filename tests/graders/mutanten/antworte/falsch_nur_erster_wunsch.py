"""Beantwortet nur den ersten tool_use-Block einer Antwort (wie im Einführungsbeispiel mit next(...))."""

from fake_model import ZuVieleRunden, text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        wunsch = next((b for b in antwort if b["type"] == "tool_use"), None)
        if wunsch is None:
            return text_von(antwort)
        ergebnis = werkzeuge[wunsch["name"]](**wunsch["input"])
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": wunsch["id"], "content": str(ergebnis)}]})
    raise ZuVieleRunden("zu viele Runden")
