"""Hilfen für die Tests von fake_model: kleine Bausteine für Verläufe in beiden Formaten."""

import pytest

from fake_model import ProtokollFehler
from fake_model.openai import pruefe_openai_anfrage
from fake_model.protokoll import pruefe_anfrage


def frage(t="Wie ist das Wetter in Kiel?"):
    return {"role": "user", "content": t}


def assistant(*bloecke):
    return {"role": "assistant", "content": list(bloecke)}


def nutzer(*bloecke):
    return {"role": "user", "content": list(bloecke)}


def wunsch(id, name="wetter", input=None):
    return {"type": "tool_use", "id": id, "name": name, "input": {"ort": "Kiel"} if input is None else input}


def ergebnis(id, content="sonnig, 21 Grad", **extra):
    return {"type": "tool_result", "tool_use_id": id, "content": content, **extra}


def txt(t):
    return {"type": "text", "text": t}


def tool_nachricht(id, content="sonnig"):
    return {"role": "tool", "tool_call_id": id, "content": content}


def oa_assistant(*aufrufe, content=None):
    nachricht = {"role": "assistant", "content": content}
    if aufrufe:
        nachricht["tool_calls"] = list(aufrufe)
    return nachricht


def oa_aufruf(id, name="wetter", arguments='{"ort": "Kiel"}'):
    return {"id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


def abgelehnt(messages, tools=None, tool_choice=None, *, openai=False):
    """Prüft, dass die Anfrage abgelehnt wird, und liefert den ProtokollFehler."""
    pruefe = pruefe_openai_anfrage if openai else pruefe_anfrage
    with pytest.raises(ProtokollFehler) as info:
        pruefe(messages, tools, tool_choice)
    return info.value
