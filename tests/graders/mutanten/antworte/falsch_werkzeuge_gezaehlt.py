"""Zählt Werkzeugaufrufe statt Modellaufrufe: Bei zwei Wünschen pro Antwort ist die Grenze zu früh erreicht,
bei reinen Wünschen ohne Werkzeug (nie) zu spät."""

from fake_model import ZuVieleRunden, text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    werkzeugaufrufe = 0
    while True:
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        werkzeugaufrufe += len(aufrufe)
        if werkzeugaufrufe > max_aufrufe:
            raise ZuVieleRunden("zu viele Werkzeugaufrufe")
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}
            for b in aufrufe]})
