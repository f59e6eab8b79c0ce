"""Die Regeln der OpenAI Chat Completions API, geprüft wie von der echten API.

Gleiche Idee wie ``protokoll.py`` für Anthropic, andere Form: Auf eine assistant-Nachricht mit
``tool_calls`` müssen Nachrichten mit ``"role": "tool"`` folgen, eine für JEDEN Aufruf, erkennbar an
``tool_call_id``; erst danach dürfen andere Nachrichten kommen. ``arguments`` bleibt dabei der
JSON-Text, den das Modell geschickt hat. Verstöße werfen ``ProtokollFehler`` mit deutscher Erklärung
und der englischen Meldung der echten API.
"""

import re

from .fehler import ProtokollFehler
from .protokoll import typname

NAMENSMUSTER = r"^[a-zA-Z0-9_-]{1,64}$"
_ROLLEN = ("system", "developer", "user", "assistant", "tool")
ABLEHNUNG_FEHLENDE_ANTWORT = (
    "An assistant message with 'tool_calls' must be followed by tool messages responding to each "
    "'tool_call_id'. The following tool_call_ids did not have response messages: {ids}")


def _typ(wert):
    """Der JSON-Name eines Python-Werts, wie ihn die OpenAI-Meldungen benutzen."""
    if isinstance(wert, bool):
        return "a boolean"
    if isinstance(wert, int):
        return "an integer"
    if isinstance(wert, float):
        return "a decimal"
    if isinstance(wert, dict):
        return "an object"
    if isinstance(wert, list):
        return "an array"
    if wert is None:
        return "null"
    return "a string"


def _ist_textteile(inhalt):
    return isinstance(inhalt, list) and all(
        isinstance(t, dict) and t.get("type") == "text" and isinstance(t.get("text"), str) for t in inhalt)


def _pruefe_nachricht(i, m):
    ort = f"messages[{i}]"
    if not isinstance(m, dict):
        raise ProtokollFehler(
            f'{ort} ist kein dict. Eine Nachricht sieht so aus: {{"role": "user", "content": "..."}}.',
            index=i, api_meldung=f"Invalid type for '{ort}': expected an object, but got {_typ(m)} instead.")
    rolle = m.get("role")
    if rolle not in _ROLLEN:
        raise ProtokollFehler(
            f"{ort} hat role {rolle!r}; erlaubt sind {', '.join(_ROLLEN)}.",
            index=i,
            api_meldung=f"Invalid value: '{rolle}'. Supported values are: 'system', 'assistant', 'user', "
                        "'function', 'tool', and 'developer'.")
    inhalt = m.get("content")
    if rolle == "assistant":
        if inhalt is None and not m.get("tool_calls"):
            raise ProtokollFehler(
                f"{ort} ist eine assistant-Nachricht ohne content und ohne tool_calls. Gib die Nachricht des "
                'Modells unverändert weiter: response["choices"][0]["message"].',
                index=i,
                api_meldung=f"Invalid value for '{ort}.content': expected a string, got null.")
        if inhalt is not None and not (isinstance(inhalt, str) or _ist_textteile(inhalt)):
            raise ProtokollFehler(
                f"{ort}.content ist {typname(inhalt)}; erlaubt sind ein Text, None oder eine Liste von Text-Teilen.",
                index=i, api_meldung=f"Invalid type for '{ort}.content': expected one of a string or array "
                                     f"of objects, but got {_typ(inhalt)} instead.")
        for k, aufruf in enumerate(m.get("tool_calls") or []):
            _pruefe_tool_call(i, k, aufruf)
        return
    if rolle == "tool" and "tool_call_id" not in m:
        raise ProtokollFehler(
            f'{ort} hat role "tool", aber kein "tool_call_id". Trage die id des Aufrufs ein, auf den das '
            "Ergebnis antwortet.",
            index=i, api_meldung=f"Missing required parameter: '{ort}.tool_call_id'.")
    if rolle == "tool" and not isinstance(m["tool_call_id"], str):
        raise ProtokollFehler(
            f"{ort}.tool_call_id ist {typname(m['tool_call_id'])}, muss aber die id (ein Text) des Aufrufs sein.",
            index=i, api_meldung=f"Invalid type for '{ort}.tool_call_id': expected a string, but got "
                                 f"{_typ(m['tool_call_id'])} instead.")
    if "content" not in m:
        raise ProtokollFehler(
            f'{ort} hat kein Feld "content".', index=i,
            api_meldung=f"Missing required parameter: '{ort}.content'.")
    if not (isinstance(inhalt, str) or _ist_textteile(inhalt)):
        tipp = ' Wandle das Ergebnis in Text um: "content": str(ergebnis).' if rolle == "tool" else ""
        raise ProtokollFehler(
            f"{ort}.content ist {typname(inhalt)}; erlaubt sind ein Text (str) oder eine Liste von "
            f"Text-Teilen.{tipp}",
            index=i, api_meldung=f"Invalid type for '{ort}.content': expected one of a string or array of "
                                 f"objects, but got {_typ(inhalt)} instead.")


def _pruefe_tool_call(i, k, aufruf):
    ort = f"messages[{i}].tool_calls[{k}]"
    if not isinstance(aufruf, dict) or not isinstance(aufruf.get("id"), str) or aufruf.get("type") != "function":
        raise ProtokollFehler(
            f'{ort} ist kein vollständiger Aufruf ({{"id": ..., "type": "function", "function": {{...}}}}). '
            "Gib die Nachricht des Modells unverändert weiter.",
            index=i, api_meldung=f"Missing required parameter: '{ort}.id'.")
    funktion = aufruf.get("function")
    if not isinstance(funktion, dict) or not isinstance(funktion.get("name"), str):
        raise ProtokollFehler(
            f"{ort} ({aufruf['id']}) hat keine function mit name.",
            index=i, api_meldung=f"Missing required parameter: '{ort}.function'.")
    if not isinstance(funktion.get("arguments"), str):
        raise ProtokollFehler(
            f"{ort}.function.arguments ({aufruf['id']}) ist {typname(funktion.get('arguments'))}, muss aber der "
            "JSON-TEXT sein, wie ihn das Modell geschickt hat. Hast du die gelesenen Argumente (json.loads) "
            "zurückgeschrieben? Lass die Nachricht des Modells unverändert.",
            index=i, api_meldung=f"Invalid type for '{ort}.function.arguments': expected a string, but got "
                                 f"{_typ(funktion.get('arguments'))} instead.")


def _fehlende_antworten(i_wunsch, offen, i_jetzt):
    if i_jetzt is None:
        wo = "die Anfrage endet, bevor alle beantwortet sind."
    else:
        wo = f"messages[{i_jetzt}] kommt, bevor alle beantwortet sind."
    return ProtokollFehler(
        f"messages[{i_wunsch}] wünscht die Aufrufe {', '.join(offen)}, aber {wo} Direkt nach der "
        'assistant-Nachricht muss für JEDEN Aufruf eine Nachricht {"role": "tool", "tool_call_id": <id>, '
        '"content": "..."} folgen, erst dann andere Nachrichten.',
        index=i_wunsch, api_meldung=ABLEHNUNG_FEHLENDE_ANTWORT.format(ids=", ".join(offen)))


def _pruefe_abfolge(messages):
    offen = []  # ids der Aufrufe, auf die noch eine tool-Nachricht fehlt
    wunsch_index = None  # Index der assistant-Nachricht mit diesen Aufrufen
    aktuelle_ids = []  # alle ids dieser assistant-Nachricht
    beantwortet = []
    gesehen = {}
    for i, m in enumerate(messages):
        if m["role"] == "tool":
            tid = m["tool_call_id"]
            if wunsch_index is None:
                raise ProtokollFehler(
                    f"messages[{i}] ist eine tool-Nachricht (für {tid}), aber direkt davor steht keine "
                    "assistant-Nachricht mit tool_calls. Hänge zuerst die Nachricht des Modells an, dann die "
                    "Ergebnisse.",
                    index=i,
                    api_meldung="Invalid parameter: messages with role 'tool' must be a response to a "
                                "preceeding message with 'tool_calls'.")
            if tid in beantwortet:
                raise ProtokollFehler(
                    f"messages[{i}] ist schon die zweite tool-Nachricht für {tid}. Jeder Aufruf bekommt genau "
                    "eine Antwort.",
                    index=i, api_meldung=None)
            if tid not in aktuelle_ids:
                raise ProtokollFehler(
                    f"messages[{i}] antwortet auf {tid}, aber messages[{wunsch_index}] wünscht nur "
                    f"{', '.join(aktuelle_ids)}. Nimm als tool_call_id die id des Aufrufs.",
                    index=i,
                    api_meldung=f"Invalid parameter: 'tool_call_id' of '{tid}' not found in 'tool_calls' of "
                                "previous message.")
            beantwortet.append(tid)
            offen.remove(tid)
            continue
        if offen:
            raise _fehlende_antworten(wunsch_index, offen, i)
        wunsch_index = None
        if m["role"] == "assistant" and m.get("tool_calls"):
            aktuelle_ids = [a["id"] for a in m["tool_calls"]]
            for tid in aktuelle_ids:
                if tid in gesehen:
                    raise ProtokollFehler(
                        f"messages[{i}] enthält die Aufruf-Id {tid}, die schon in messages[{gesehen[tid]}] vorkam. "
                        "Hast du dieselbe Antwort zweimal angehängt?",
                        index=i, api_meldung=None)
                gesehen[tid] = i
            offen = list(aktuelle_ids)
            beantwortet = []
            wunsch_index = i
    if offen:
        raise _fehlende_antworten(wunsch_index, offen, None)
    letzte = messages[-1]
    if letzte["role"] == "assistant":
        raise ProtokollFehler(
            f"Die letzte Nachricht messages[{len(messages) - 1}] ist eine assistant-Nachricht. Eine Anfrage endet "
            "mit der Frage (user) oder den Ergebnissen (tool); in einer Tool-Schleife ist eine assistant-Nachricht "
            "am Ende fast immer ein Versehen.",
            index=len(messages) - 1, api_meldung=None)


def _pruefe_tools(tools):
    if tools is None:
        return []
    if not isinstance(tools, list):
        raise ProtokollFehler(
            "tools muss eine Liste sein.",
            api_meldung=f"Invalid type for 'tools': expected an array, but got {_typ(tools)} instead.")
    namen = []
    for n, tool in enumerate(tools):
        if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(tool.get("function"), dict):
            raise ProtokollFehler(
                f'tools[{n}] hat nicht die Form {{"type": "function", "function": {{"name": ..., "description": ..., '
                '"parameters": {...}}}. (Das flache Format mit input_schema ist das von Anthropic.)',
                api_meldung=f"Missing required parameter: 'tools[{n}].function'.")
        f = tool["function"]
        name = f.get("name")
        if not isinstance(name, str) or not re.fullmatch(NAMENSMUSTER, name):
            raise ProtokollFehler(
                f"tools[{n}] hat den Namen {name!r}. Erlaubt sind 1 bis 64 Zeichen aus a-z, A-Z, 0-9, _ und -.",
                api_meldung=f"Invalid 'tools[{n}].function.name': string does not match pattern. Expected a "
                            "string that matches the pattern '^[a-zA-Z0-9_-]+$'.")
        if name in namen:
            raise ProtokollFehler(
                f"tools[{n}]: der Name {name!r} kommt zweimal vor.",
                api_meldung=None)
        if "description" in f and not isinstance(f["description"], str):
            raise ProtokollFehler(
                f"tools[{n}] ({name}): description muss ein Text sein.",
                api_meldung=f"Invalid type for 'tools[{n}].function.description': expected a string, but got "
                            f"{_typ(f['description'])} instead.")
        if "parameters" in f and (not isinstance(f["parameters"], dict) or f["parameters"].get("type") != "object"):
            raise ProtokollFehler(
                f'tools[{n}] ({name}): parameters muss ein JSON-Schema mit "type": "object" sein.',
                api_meldung=f"Invalid schema for function '{name}': schema must be a JSON Schema of 'type: "
                            "\"object\"', got 'type: \"None\"'.")
        namen.append(name)
    return namen


def _pruefe_tool_choice(tool_choice, namen):
    if tool_choice is None:
        return
    if isinstance(tool_choice, str):
        if tool_choice not in ("none", "auto", "required"):
            raise ProtokollFehler(
                f"tool_choice ist {tool_choice!r}; erlaubt sind \"none\", \"auto\", \"required\" oder "
                '{"type": "function", "function": {"name": ...}}.',
                api_meldung=f"Invalid value: '{tool_choice}'. Supported values are: 'none', 'auto', and 'required'.")
        if tool_choice == "required" and not namen:
            raise ProtokollFehler(
                'tool_choice "required" verlangt ein Werkzeug, aber die Anfrage hat keine tools.',
                api_meldung="Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are "
                            "specified.")
        return
    name = tool_choice.get("function", {}).get("name") if isinstance(tool_choice, dict) else None
    if not isinstance(tool_choice, dict) or tool_choice.get("type") != "function" or name is None:
        raise ProtokollFehler(
            f"tool_choice {tool_choice!r} hat nicht die Form {{\"type\": \"function\", \"function\": "
            "{\"name\": ...}}.",
            api_meldung="Missing required parameter: 'tool_choice.function'.")
    if name not in namen:
        raise ProtokollFehler(
            f"tool_choice verlangt die Funktion {name!r}, aber tools enthält nur: {', '.join(namen) or '(keine)'}.",
            api_meldung=f"Invalid value for 'tool_choice': function '{name}' not found in 'tools'.")


def pruefe_openai_anfrage(messages, tools=None, tool_choice=None):
    """Prüft eine Anfrage im OpenAI-Format; wirft ``ProtokollFehler`` beim ersten Verstoß."""
    if not isinstance(messages, list) or not messages:
        raise ProtokollFehler(
            "messages muss eine nicht-leere Liste von Nachrichten sein.",
            api_meldung="Invalid 'messages': empty array. Expected an array with minimum length 1, but got an "
                        "empty array instead.")
    namen = _pruefe_tools(tools)
    _pruefe_tool_choice(tool_choice, namen)
    for i, m in enumerate(messages):
        _pruefe_nachricht(i, m)
    _pruefe_abfolge(messages)
