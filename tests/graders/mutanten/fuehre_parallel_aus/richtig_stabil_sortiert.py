"""Richtig, anders gebaut: stabile Sortierung mit sorted(key=...) und Ergebnisse über die Position."""


def _art(block, werkzeuge):
    eintrag = werkzeuge.get(block["name"])
    return eintrag[1] if eintrag else "unbekannt"


def fuehre_parallel_aus(antwort, werkzeuge):
    bloecke = [b for b in antwort if b.get("type") == "tool_use"]
    reihenfolge = sorted(range(len(bloecke)), key=lambda i: _art(bloecke[i], werkzeuge) != "lesen")
    ergebnisse = [None] * len(bloecke)
    for i in reihenfolge:
        block = bloecke[i]
        ergebnis = {"type": "tool_result", "tool_use_id": block["id"]}
        if block["name"] not in werkzeuge:
            ergebnis.update(content=f"Es gibt kein Werkzeug {block['name']}.", is_error=True)
        else:
            try:
                ergebnis["content"] = str(werkzeuge[block["name"]][0](**block["input"]))
            except Exception as e:
                ergebnis.update(content=f"{type(e).__name__}: {e}", is_error=True)
        ergebnisse[i] = ergebnis
    return ergebnisse
