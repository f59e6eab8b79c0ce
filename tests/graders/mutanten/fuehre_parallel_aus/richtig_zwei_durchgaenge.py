"""Richtig, anders gebaut: zwei Durchgänge (erst lesen, dann der Rest) und is_error=False bei Erfolg."""


def _ausfuehren(block, werkzeuge):
    try:
        funktion, _ = werkzeuge[block["name"]]
    except KeyError:
        return {"type": "tool_result", "tool_use_id": block["id"], "is_error": True,
                "content": f"Fehler: {block['name']} ist kein Werkzeug dieser Anwendung."}
    try:
        return {"type": "tool_result", "tool_use_id": block["id"], "is_error": False,
                "content": str(funktion(**block["input"]))}
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": block["id"], "is_error": True,
                "content": f"Fehler: {type(e).__name__}: {e}"}


def fuehre_parallel_aus(antwort, werkzeuge):
    aufrufe = [b for b in antwort if b["type"] == "tool_use"]
    fertig = {}
    for durchgang in ("lesen", "rest"):
        for block in aufrufe:
            ist_lesend = block["name"] in werkzeuge and werkzeuge[block["name"]][1] == "lesen"
            if ist_lesend == (durchgang == "lesen"):
                fertig[block["id"]] = _ausfuehren(block, werkzeuge)
    return [fertig[b["id"]] for b in aufrufe]
