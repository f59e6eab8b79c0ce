"""Übergibt input als ein einziges Argument (werkzeuge[name](input)) statt mit ** als Schlüsselwörter."""

from fake_model import ZuVieleRunden, text_von


def antworte(modell, frage, werkzeuge, max_aufrufe=3):
    messages = [{"role": "user", "content": frage}]
    for _ in range(max_aufrufe):
        antwort = modell(messages)
        aufrufe = [b for b in antwort if b["type"] == "tool_use"]
        if not aufrufe:
            return text_von(antwort)
        ergebnisse = []
        for b in aufrufe:
            try:
                inhalt = str(werkzeuge[b["name"]](b["input"]))
            except TypeError:
                inhalt = str(werkzeuge[b["name"]](*b["input"].values()))
            ergebnisse.append({"type": "tool_result", "tool_use_id": b["id"], "content": inhalt})
        messages.append({"role": "assistant", "content": antwort})
        messages.append({"role": "user", "content": ergebnisse})
    raise ZuVieleRunden("zu viele Runden")
