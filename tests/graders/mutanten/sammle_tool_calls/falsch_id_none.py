"""Falsch: übernimmt id aus jedem Stück; ein späteres id=None überschreibt die echte id."""


def sammle_tool_calls(chunks):
    gesammelt = {}
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            for teil in (wahl.get("delta") or {}).get("tool_calls") or []:
                if teil["index"] not in gesammelt:
                    gesammelt[teil["index"]] = {"id": None, "type": "function",
                                                "function": {"name": "", "arguments": ""}}
                call = gesammelt[teil["index"]]
                if "id" in teil:
                    call["id"] = teil["id"]
                funktion = teil.get("function") or {}
                if funktion.get("name"):
                    call["function"]["name"] = funktion["name"]
                call["function"]["arguments"] += funktion.get("arguments") or ""
    return [gesammelt[i] for i in sorted(gesammelt)]
