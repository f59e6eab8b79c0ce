"""Falsch: hält rohen Tool-Call-Text in delta.content auch für einen Aufruf (Quelle 000: doppelt)."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            delta = wahl.get("delta") or {}
            if delta.get("content") and delta["content"].lstrip().startswith("{"):
                gesammelt.setdefault(-1, {"id": "text", "type": "function",
                                          "function": {"name": "text", "arguments": ""}})
            if -1 in gesammelt and delta.get("content"):
                gesammelt[-1]["function"]["arguments"] += delta["content"]
            for teil in delta.get("tool_calls") or []:
                if teil["index"] not in gesammelt:
                    gesammelt[teil["index"]] = {"id": None, "type": "function",
                                                "function": {"name": "", "arguments": ""}}
                call = gesammelt[teil["index"]]
                if teil.get("id"):
                    call["id"] = teil["id"]
                funktion = teil.get("function") or {}
                if funktion.get("name"):
                    call["function"]["name"] = funktion["name"]
                call["function"]["arguments"] += funktion.get("arguments") or ""
    return [gesammelt[i] for i in sorted(gesammelt)]
