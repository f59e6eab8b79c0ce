"""Legt jedes tool_result in eine eigene user-Nachricht statt alle in eine."""

from fake_model import ZuVieleRunden, text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        for b in aufrufe:
            ergebnis = str(werkzeuge[b["name"]](**b["input"]))
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b["id"], "content": ergebnis}]})
    raise ZuVieleRunden("zu viele Runden")
