"""Richtig, anders gebaut: eine Liste, die bei Bedarf bis zum index verlängert wird."""


def sammle_tool_calls(chunks):
    calls = []
    for chunk in chunks:
        if not chunk.get("choices"):
            continue
        delta = chunk["choices"][0].get("delta") or {}
        for teil in delta.get("tool_calls") or []:
            while len(calls) <= teil["index"]:
                calls.append(None)
            if calls[teil["index"]] is None:
                calls[teil["index"]] = {"id": None, "type": "function", "function": {"name": None, "arguments": ""}}
            call = calls[teil["index"]]
            call["id"] = call["id"] or teil.get("id")
            f = teil.get("function") or {}
            call["function"]["name"] = call["function"]["name"] or f.get("name")
            call["function"]["arguments"] = call["function"]["arguments"] + (f.get("arguments") or "")
    return [c for c in calls if c is not None]
