"""Falsch: die fertigen Aufrufe haben kein Feld type (die API verlangt type 'function')."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            for teil in (wahl.get("delta") or {}).get("tool_calls") or []:
                if teil["index"] not in gesammelt:
                    gesammelt[teil["index"]] = {"id": None,
                                                "function": {"name": "", "arguments": ""}}
                call = gesammelt[teil["index"]]
                if teil.get("id"):
                    call["id"] = teil["id"]
                funktion = teil.get("function") or {}
                if funktion.get("name"):
                    call["function"]["name"] = funktion["name"]
                call["function"]["arguments"] += funktion.get("arguments") or ""
    return [gesammelt[i] for i in sorted(gesammelt)]
