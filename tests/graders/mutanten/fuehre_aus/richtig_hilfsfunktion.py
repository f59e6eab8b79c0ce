"""Anders, aber richtig: eine Hilfsfunktion pro Block und map()."""


def _ein_ergebnis(block, werkzeuge):
    ergebnis = werkzeuge[block["name"]](**dict(block["input"]))
    return {"type": "tool_result", "tool_use_id": block["id"], "content": str(ergebnis)}


def fuehre_aus(antwort, werkzeuge):
    wuensche = [b for b in antwort if b["type"] == "tool_use"]
    return list(map(lambda b: _ein_ergebnis(b, werkzeuge), wuensche))
