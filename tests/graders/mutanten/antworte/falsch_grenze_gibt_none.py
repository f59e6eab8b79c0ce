"""Bricht an der Obergrenze still ab und gibt None zurück, statt ZuVieleRunden zu werfen."""

from fake_model import text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b["id"], "content": str(werkzeuge[b["name"]](**b["input"]))}
            for b in aufrufe]})
    return None
