"""Prüft die Argumente nicht mit dem Modell: ruft funktion(**input) direkt auf und fängt nur Ausnahmen."""


def tool_result_fuer(block, werkzeuge):
    if block["name"] not in werkzeuge:
        return {"type": "tool_result", "tool_use_id": block["id"], "is_error": True,
                "content": f"Unbekanntes Werkzeug {block['name']}"}
    funktion, _ = werkzeuge[block["name"]]
    try:
        return {"type": "tool_result", "tool_use_id": block["id"], "content": str(funktion(**block["input"]))}
    except Exception as e:
        return {"type": "tool_result", "tool_use_id": block["id"], "is_error": True,
                "content": f"{type(e).__name__}: {e}"}
