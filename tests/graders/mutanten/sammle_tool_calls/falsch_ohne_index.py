"""Falsch: ignoriert index und hängt jedes Stück an den zuletzt begonnenen Aufruf."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            for teil in (wahl.get("delta") or {}).get("tool_calls") or []:
                if teil.get("id"):
                    gesammelt[len(gesammelt)] = {"id": None, "type": "function",
                                                 "function": {"name": "", "arguments": ""}}
                call = gesammelt[len(gesammelt) - 1]
                if teil.get("id"):
                    call["id"] = teil["id"]
                funktion = teil.get("function") or {}
                if funktion.get("name"):
                    call["function"]["name"] = funktion["name"]
                call["function"]["arguments"] += funktion.get("arguments") or ""
    return [gesammelt[i] for i in sorted(gesammelt)]
