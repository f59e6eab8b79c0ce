"""Falsch: nimmt arguments nur aus den Folge-Stücken; ein Anfang im ersten Bruchstück geht verloren."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            for teil in (wahl.get("delta") or {}).get("tool_calls") or []:
                if teil["index"] not in gesammelt:
                    gesammelt[teil["index"]] = {"id": teil.get("id"), "type": "function",
                                                "function": {"name": teil["function"]["name"], "arguments": ""}}
                    continue
                call = gesammelt[teil["index"]]
                if teil.get("id"):
                    call["id"] = teil["id"]
                funktion = teil.get("function") or {}
                if funktion.get("name"):
                    call["function"]["name"] = funktion["name"]
                call["function"]["arguments"] += funktion.get("arguments") or ""
    return [gesammelt[i] for i in sorted(gesammelt)]
