"""Richtig, anders gebaut: sammelt alle Bruchstücke flach und setzt sie erst am Ende pro index zusammen."""

import copy


def sammle_tool_calls(chunks):
    teile = [copy.deepcopy(t)
             for c in chunks for w in (c.get("choices") or [])
             for t in ((w.get("delta") or {}).get("tool_calls") or [])]
    ergebnis = []
    for index in sorted({t["index"] for t in teile}):
        eigene = [t for t in teile if t["index"] == index]
        funktionen = [t.get("function") or {} for t in eigene]
        ergebnis.append({
            "id": next((t["id"] for t in eigene if t.get("id")), None),
            "type": "function",
            "function": {
                "name": next((f["name"] for f in funktionen if f.get("name")), None),
                "arguments": "".join(f.get("arguments") or "" for f in funktionen),
            },
        })
    return ergebnis
