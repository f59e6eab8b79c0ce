"""Anders, aber richtig: setzt zusätzlich "is_error": False und formatiert mit einem f-String."""


def fuehre_aus(antwort, werkzeuge):
    aufrufe = filter(lambda b: b["type"] == "tool_use", antwort)
    return [
        {"type": "tool_result", "tool_use_id": b["id"], "content": f"{werkzeuge[b['name']](**b['input'])}",
         "is_error": False}
        for b in aufrufe
    ]
