"""Falsch: rechnet nicht mit arguments=None oder fehlendem function-Feld (TypeError/KeyError)."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            for teil in (wahl.get("delta") or {}).get("tool_calls") or []:
                if teil["index"] not in gesammelt:
                    gesammelt[teil["index"]] = {"id": None, "type": "function",
                                                "function": {"name": "", "arguments": ""}}
                call = gesammelt[teil["index"]]
                if teil.get("id"):
                    call["id"] = teil["id"]
                funktion = teil["function"]
                if funktion.get("name"):
                    call["function"]["name"] = funktion["name"]
                call["function"]["arguments"] += funktion["arguments"]
    return [gesammelt[i] for i in sorted(gesammelt)]
