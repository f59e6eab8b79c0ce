"""Falsch: greift immer auf choices[0] zu; der usage-Chunk am Ende ohne choices wirft IndexError."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in [chunk["choices"][0]]:
            for teil in (wahl.get("delta") or {}).get("tool_calls") or []:
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
