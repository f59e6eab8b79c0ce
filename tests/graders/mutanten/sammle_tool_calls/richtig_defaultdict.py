"""Richtig, anders gebaut: defaultdict mit Listen von Stücken, am Ende mit join zusammengefügt."""

from collections import defaultdict


def sammle_tool_calls(chunks):
    ids, namen, stuecke = {}, {}, defaultdict(list)
    for chunk in chunks:
        for wahl in chunk.get("choices") or []:
            delta = wahl.get("delta") or {}
            for teil in delta.get("tool_calls") or []:
                i = teil["index"]
                stuecke[i]  # legt den Eintrag an, auch wenn noch kein Stück kommt
                ids[i] = ids.get(i) or teil.get("id")
                funktion = teil.get("function") or {}
                namen[i] = namen.get(i) or funktion.get("name")
                if funktion.get("arguments"):
                    stuecke[i].append(funktion["arguments"])
    return [{"id": ids[i], "type": "function", "function": {"name": namen[i], "arguments": "".join(stuecke[i])}}
            for i in sorted(stuecke)]
