"""Die Regeln der Anthropic Messages API, geprüft wie von der echten API.

Die echte API lehnt eine falsch gebaute Anfrage mit HTTP 400 ab. Das Fake-Modell prüft jede
Anfrage nach denselben Regeln und wirft dann ``ProtokollFehler``: mit einer deutschen Erklärung,
der Nummer der Nachricht (``messages[3]``), den betroffenen Ids und der englischen Meldung der
echten API. So lernst du die Regeln offline, und die echte Meldung kommt dir später bekannt vor.

Die wichtigsten Regeln einer Tool-Runde:

1. Jeder tool_use-Block einer assistant-Nachricht braucht ein tool_result in der direkt
   folgenden user-Nachricht, mit ``tool_use_id`` gleich der ``id`` des Wunsches.
2. In dieser user-Nachricht stehen die tool_result-Blöcke am Anfang; Text erst danach.
3. Ein tool_result gehört zu einem Wunsch der direkt vorangehenden assistant-Nachricht.
4. tool_result-Blöcke stehen nur in user-Nachrichten, und jeder Wunsch bekommt genau eines.

Aufeinanderfolgende Nachrichten derselben Rolle fasst die echte API (seit Oktober 2024) zu einer
zusammen. Das tun wir hier auch: Sie sind erlaubt und zählen für die Regeln als eine Nachricht.
"""

import re

from .fehler import ProtokollFehler

NAMENSMUSTER = r"^[a-zA-Z0-9_-]{1,128}$"
_ID_MUSTER = r"^[a-zA-Z0-9_-]+$"
_BLOCKTYPEN = ("text", "image", "document", "tool_use", "tool_result")
_TOOL_RESULT_FELDER = {"type", "tool_use_id", "content", "is_error", "cache_control"}


def typname(wert):
    """Ein kurzer deutscher Name für den Typ eines Werts, für Fehlermeldungen."""
    namen = {
        int: "eine Zahl (int)", float: "eine Zahl (float)", bool: "ein Wahrheitswert (bool)",
        str: "ein Text (str)", list: "eine Liste", dict: "ein dict", tuple: "ein Tupel",
        type(None): "None",
    }
    return namen.get(type(wert), f"vom Typ {type(wert).__name__}")


def _ids(ids):
    return ", ".join(ids)


# --- Form der einzelnen Nachrichten und Blöcke ---------------------------------------------


def _pruefe_nachricht(i, nachricht):
    """Prüft die Form von ``messages[i]`` und liefert ihre Blöcke als Liste."""
    if not isinstance(nachricht, dict):
        raise ProtokollFehler(
            f"messages[{i}] ist {typname(nachricht)}, aber jede Nachricht muss ein dict sein: "
            '{"role": "user" oder "assistant", "content": ...}.',
            index=i, api_meldung=f"messages.{i}: Input should be a valid dictionary")
    rolle = nachricht.get("role")
    if rolle not in ("user", "assistant"):
        hinweis = ""
        if rolle == "system":
            hinweis = (" Bei Anthropic ist der System-Prompt keine Nachricht, sondern ein eigener "
                       "Parameter: modell(messages, system=...).")
        elif rolle == "tool":
            hinweis = (' role "tool" gibt es nur im OpenAI-Format. Bei Anthropic gehen Ergebnisse als '
                       'tool_result-Blöcke in eine user-Nachricht.')
        raise ProtokollFehler(
            f'messages[{i}] hat role {rolle!r}; erlaubt sind nur "user" und "assistant".' + hinweis,
            index=i, api_meldung=f"messages.{i}.role: Input should be 'user' or 'assistant'")
    if "content" not in nachricht:
        raise ProtokollFehler(
            f'messages[{i}] hat kein Feld "content". Jede Nachricht braucht Inhalt: einen Text oder '
            "eine Liste von Blöcken.",
            index=i, api_meldung=f"messages.{i}.content: Field required")
    inhalt = nachricht["content"]
    leer = (f"messages[{i}] hat leeren Inhalt. Jede Nachricht braucht Text oder mindestens einen "
            "Block; lass leere Nachrichten weg.")
    leer_api = ("messages: all messages must have non-empty content except for the optional final "
                "assistant message")
    if isinstance(inhalt, str):
        if not inhalt:
            raise ProtokollFehler(leer, index=i, api_meldung=leer_api)
        return [{"type": "text", "text": inhalt}]
    if not isinstance(inhalt, list):
        raise ProtokollFehler(
            f"messages[{i}].content ist {typname(inhalt)}; erlaubt sind ein Text (str) oder eine Liste "
            "von Blöcken. Eine Antwort des Modells gibst du unverändert weiter: "
            '{"role": "assistant", "content": antwort}.',
            index=i, api_meldung=f"messages.{i}.content: Input should be a valid list")
    if not inhalt:
        raise ProtokollFehler(leer, index=i, api_meldung=leer_api)
    for k, block in enumerate(inhalt):
        _pruefe_block(i, k, block)
    return inhalt


def _pruefe_block(i, k, block):
    """Prüft die Form eines Blocks ``messages[i].content[k]``."""
    ort = f"messages[{i}].content[{k}]"
    api_ort = f"messages.{i}.content.{k}"
    if not isinstance(block, dict):
        raise ProtokollFehler(
            f'{ort} ist {typname(block)}; ein Block ist ein dict mit "type", zum Beispiel '
            '{"type": "text", "text": "..."}.',
            index=i, api_meldung=f"{api_ort}: Input should be a valid dictionary or object to extract fields from")
    typ = block.get("type")
    if typ not in _BLOCKTYPEN:
        raise ProtokollFehler(
            f"{ort} hat den unbekannten Block-Typ {typ!r}. Bekannt sind: {', '.join(_BLOCKTYPEN)}.",
            index=i,
            api_meldung=f"{api_ort}: Input tag {str(typ)!r} found using 'type' does not match any of the "
                        "expected tags: 'text', 'image', 'document', 'tool_use', 'tool_result'")
    if typ == "text":
        if not isinstance(block.get("text"), str):
            raise ProtokollFehler(
                f'{ort} ist ein Text-Block, aber "text" ist {typname(block.get("text"))} statt ein Text (str).',
                index=i, api_meldung=f"{api_ort}.text.text: Input should be a valid string")
        if not block["text"]:
            raise ProtokollFehler(
                f"{ort} ist ein leerer Text-Block. Lass ihn weg.",
                index=i, api_meldung="messages: text content blocks must be non-empty")
    elif typ == "tool_use":
        _pruefe_tool_use(i, k, block)
    elif typ == "tool_result":
        _pruefe_tool_result(i, k, block)


def _pruefe_tool_use(i, k, block):
    ort = f"messages[{i}].content[{k}]"
    api_ort = f"messages.{i}.content.{k}.tool_use"
    for feld in ("id", "name", "input"):
        if feld not in block:
            raise ProtokollFehler(
                f'{ort} ist ein tool_use-Block ohne "{feld}". Gib die Antwort des Modells unverändert '
                "weiter, statt tool_use-Blöcke selbst nachzubauen.",
                index=i, api_meldung=f"{api_ort}.{feld}: Field required")
    if not isinstance(block["id"], str) or not re.fullmatch(_ID_MUSTER, block["id"]):
        raise ProtokollFehler(
            f'{ort}: die id {block["id"]!r} des tool_use-Blocks ist kein gültiger Id-Text.',
            index=i, api_meldung=f"{api_ort}.id: String should match pattern '{_ID_MUSTER}'")
    if not isinstance(block["name"], str) or not block["name"]:
        raise ProtokollFehler(
            f"{ort}: der name des tool_use-Blocks muss ein nicht-leerer Text sein.",
            index=i, api_meldung=f"{api_ort}.name: Input should be a valid string")
    if not isinstance(block["input"], dict):
        raise ProtokollFehler(
            f'{ort}: "input" des tool_use-Blocks {block["id"]} ist {typname(block["input"])}, muss aber '
            "ein dict sein.",
            index=i, api_meldung=f"{api_ort}.input: Input should be a valid dictionary")


def _pruefe_tool_result(i, k, block):
    ort = f"messages[{i}].content[{k}]"
    api_ort = f"messages.{i}.content.{k}.tool_result"
    if "tool_use_id" not in block:
        raise ProtokollFehler(
            f'{ort} ist ein tool_result ohne "tool_use_id". Trage dort die id des tool_use-Blocks ein, '
            "auf den das Ergebnis antwortet.",
            index=i, api_meldung=f"{api_ort}.tool_use_id: Field required")
    tid = block["tool_use_id"]
    if not isinstance(tid, str) or not re.fullmatch(_ID_MUSTER, tid):
        raise ProtokollFehler(
            f"{ort}: tool_use_id ist {tid!r}, muss aber die id (ein Text) des passenden tool_use-Blocks sein.",
            index=i, api_meldung=f"{api_ort}.tool_use_id: String should match pattern '{_ID_MUSTER}'")
    fremd = sorted(set(block) - _TOOL_RESULT_FELDER)
    if fremd:
        raise ProtokollFehler(
            f"{ort} (tool_result für {tid}) hat das unbekannte Feld {fremd[0]!r}. Erlaubt sind type, "
            "tool_use_id, content und is_error. Ein Tippfehler?",
            index=i, api_meldung=f"{api_ort}.{fremd[0]}: Extra inputs are not permitted")
    if "content" in block:
        inhalt = block["content"]
        gut = isinstance(inhalt, str) or (
            isinstance(inhalt, list)
            and all(isinstance(t, dict) and t.get("type") == "text" and isinstance(t.get("text"), str)
                    for t in inhalt))
        if not gut:
            raise ProtokollFehler(
                f"{ort}: content des tool_result für {tid} ist {typname(inhalt)}. Erlaubt sind ein Text "
                '(str) oder eine Liste von Text-Blöcken. Wandle das Ergebnis in Text um: "content": str(ergebnis).',
                index=i, api_meldung=f"{api_ort}.content: Input should be a valid list")
    if "is_error" in block and not isinstance(block["is_error"], bool):
        raise ProtokollFehler(
            f"{ort}: is_error des tool_result für {tid} ist {block['is_error']!r} ({typname(block['is_error'])}); "
            'es muss True oder False sein (ein bool, kein Text wie "true").',
            index=i, api_meldung=f"{api_ort}.is_error: Input should be a valid boolean")


# --- Abfolge der Nachrichten: passen Wünsche und Ergebnisse zusammen? ----------------------


def _zuege(nachrichten_bloecke, rollen):
    """Fasst aufeinanderfolgende Nachrichten derselben Rolle zu einem Zug zusammen.

    Ein Zug ist ``(rolle, [(i, k, block), ...])``; ``i`` und ``k`` merken wir uns, damit die
    Fehlermeldung die ursprüngliche Nachricht nennen kann.
    """
    zuege = []
    for i, (rolle, bloecke) in enumerate(zip(rollen, nachrichten_bloecke, strict=True)):
        eintraege = [(i, k, b) for k, b in enumerate(bloecke)]
        if zuege and zuege[-1][0] == rolle:
            zuege[-1][1].extend(eintraege)
        else:
            zuege.append((rolle, eintraege))
    return zuege


def _fehlende_ergebnisse(i_wunsch, ids, wo):
    return ProtokollFehler(
        f"messages[{i_wunsch}] enthält Werkzeug-Wünsche (tool_use) mit den Ids {_ids(ids)}, aber {wo} "
        "So behebst du es: Hänge die Antwort des Modells als assistant-Nachricht an und direkt danach "
        "EINE user-Nachricht, die mit je einem tool_result pro Wunsch beginnt "
        '({"type": "tool_result", "tool_use_id": <id des Wunsches>, "content": "..."}).',
        index=i_wunsch,
        api_meldung=f"messages.{i_wunsch}: `tool_use` ids were found without `tool_result` blocks immediately "
                    f"after: {_ids(ids)}. Each `tool_use` block must have a corresponding `tool_result` block "
                    "in the next message.")


def _pruefe_zug_des_nutzers(vorher, zug):
    """Prüft die tool_result-Blöcke eines user-Zugs gegen die Wünsche des Zugs davor."""
    wuensche = []  # (i, id) der tool_use-Blöcke im assistant-Zug davor
    if vorher is not None and vorher[0] == "assistant":
        wuensche = [(i, b["id"]) for i, _, b in vorher[1] if b["type"] == "tool_use"]
    wunsch_ids = [w for _, w in wuensche]
    beantwortet = []
    text_gesehen = None  # (i, k) des ersten Nicht-Ergebnis-Blocks
    for i, k, block in zug[1]:
        if block["type"] != "tool_result":
            text_gesehen = text_gesehen or (i, k)
            continue
        tid = block["tool_use_id"]
        if tid in beantwortet:
            raise ProtokollFehler(
                f"messages[{i}].content[{k}] ist schon das zweite tool_result für {tid}. Jeder Wunsch "
                "bekommt genau ein Ergebnis; lass das doppelte weg.",
                index=i, api_meldung=f"Found multiple `tool_result` blocks with id: {tid}")
        if tid not in wunsch_ids:
            if wunsch_ids:
                woher = (f"Die assistant-Nachricht direkt davor wünscht nur {_ids(wunsch_ids)}. "
                         "Nimm als tool_use_id die id des Wunsches, auf den du antwortest.")
            else:
                woher = ("Direkt davor steht aber keine assistant-Nachricht mit tool_use-Blöcken. Ein "
                         "Ergebnis muss direkt auf die Antwort des Modells folgen, die das Werkzeug wünscht; "
                         "hast du die Antwort des Modells vergessen anzuhängen?")
            raise ProtokollFehler(
                f"messages[{i}].content[{k}] ist ein tool_result für {tid}, aber zu dieser Id gibt es "
                f"keinen Wunsch. {woher}",
                index=i,
                api_meldung=f"messages.{i}.content.{k}: unexpected `tool_use_id` found in `tool_result` blocks: "
                            f"{tid}. Each `tool_result` block must have a corresponding `tool_use` block in the "
                            "previous message.")
        if text_gesehen is not None:
            ti, tk = text_gesehen
            raise ProtokollFehler(
                f"messages[{ti}].content[{tk}] steht vor dem tool_result für {tid} (Wunsch aus "
                f"messages[{wuensche[0][0]}]). In der Nachricht nach einem Werkzeug-Wunsch müssen alle "
                "tool_result-Blöcke ZUERST stehen, Text erst danach. "
                "Stelle die Ergebnisse an den Anfang.",
                index=wuensche[0][0],
                api_meldung=f"messages.{wuensche[0][0]}: `tool_use` ids were found without `tool_result` blocks "
                            f"immediately after: {_ids(wunsch_ids)}. Each `tool_use` block must have a "
                            "corresponding `tool_result` block in the next message.")
        beantwortet.append(tid)
    offen = [w for w in wunsch_ids if w not in beantwortet]
    if offen:
        i_user = zug[1][0][0]
        raise _fehlende_ergebnisse(
            wuensche[0][0], offen,
            f"in der folgenden user-Nachricht messages[{i_user}] fehlt das tool_result für {_ids(offen)}.")


def _pruefe_abfolge(nachrichten_bloecke, rollen):
    gesehene_ids = {}
    zuege = _zuege(nachrichten_bloecke, rollen)
    for z, zug in enumerate(zuege):
        rolle, eintraege = zug
        if rolle == "assistant":
            for i, k, block in eintraege:
                if block["type"] == "tool_result":
                    raise ProtokollFehler(
                        f"messages[{i}].content[{k}] ist ein tool_result (für {block['tool_use_id']}) in einer "
                        "assistant-Nachricht. Ergebnisse schickst du als user-Nachricht: "
                        '{"role": "user", "content": [tool_result, ...]}.',
                        index=i, api_meldung="`tool_result` blocks can only be in `user` messages")
                if block["type"] == "tool_use":
                    if block["id"] in gesehene_ids:
                        raise ProtokollFehler(
                            f"messages[{i}] enthält die tool_use-Id {block['id']}, die schon in "
                            f"messages[{gesehene_ids[block['id']]}] vorkam. Ids von Wünschen müssen im ganzen "
                            "Verlauf eindeutig sein. Hast du dieselbe Antwort zweimal angehängt?",
                            index=i, api_meldung="`tool_use` ids must be unique")
                    gesehene_ids[block["id"]] = i
        else:
            _pruefe_zug_des_nutzers(zuege[z - 1] if z > 0 else None, zug)
    letzter = zuege[-1]
    if letzter[0] == "assistant":
        i_letzte = letzter[1][-1][0]
        wuensche = [(i, b["id"]) for i, _, b in letzter[1] if b["type"] == "tool_use"]
        if wuensche:
            raise _fehlende_ergebnisse(
                wuensche[0][0], [w for _, w in wuensche],
                "danach kommt keine user-Nachricht mehr: die Anfrage endet mit dem Wunsch, die Ergebnisse "
                "fehlen.")
        raise ProtokollFehler(
            f"Die letzte Nachricht messages[{i_letzte}] ist eine assistant-Nachricht. Eine Anfrage endet mit "
            "einer user-Nachricht (der Frage oder den tool_result-Blöcken). Die echte API würde eine "
            "assistant-Nachricht am Ende als Anfang der Antwort nehmen und nur fortsetzen; in einer "
            "Tool-Schleife ist das fast immer ein Versehen.",
            index=i_letzte, api_meldung=None)


# --- tools und tool_choice -----------------------------------------------------------------


def pruefe_tools(tools):
    """Prüft die Werkzeug-Beschreibungen und liefert die Liste ihrer Namen."""
    if tools is None:
        return []
    if not isinstance(tools, list):
        raise ProtokollFehler(
            f"tools ist {typname(tools)}, muss aber eine Liste von Werkzeug-Beschreibungen (dicts) sein.",
            api_meldung="tools: Input should be a valid list")
    namen = []
    for n, tool in enumerate(tools):
        if not isinstance(tool, dict):
            raise ProtokollFehler(
                f"tools[{n}] ist {typname(tool)}; ein Werkzeug ist ein dict mit name, description und "
                "input_schema.",
                api_meldung=f"tools.{n}: Input should be a valid dictionary or object to extract fields from")
        name = tool.get("name")
        if not isinstance(name, str) or not re.fullmatch(NAMENSMUSTER, name):
            raise ProtokollFehler(
                f"tools[{n}] hat den Namen {name!r}. Erlaubt sind 1 bis 128 Zeichen aus Buchstaben a-z/A-Z, "
                "Ziffern, _ und - (keine Leerzeichen, Punkte oder Umlaute).",
                api_meldung=f"tools.{n}.custom.name: String should match pattern '{NAMENSMUSTER}'")
        if name in namen:
            raise ProtokollFehler(
                f"tools[{n}]: der Name {name!r} kommt zweimal vor. Werkzeug-Namen müssen eindeutig sein.",
                api_meldung="tools: Tool names must be unique.")
        if "description" in tool and not isinstance(tool["description"], str):
            raise ProtokollFehler(
                f"tools[{n}] ({name}): description ist {typname(tool['description'])}, muss aber ein Text sein.",
                api_meldung=f"tools.{n}.custom.description: Input should be a valid string")
        schema = tool.get("input_schema")
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise ProtokollFehler(
                f"tools[{n}] ({name}): input_schema muss ein JSON-Schema-dict mit \"type\": \"object\" sein, "
                f"gefunden: {schema!r}.",
                api_meldung=f"tools.{n}.custom.input_schema.type: Input should be 'object'")
        namen.append(name)
    return namen


def pruefe_tool_choice(tool_choice, namen):
    """Prüft ``tool_choice``: auto, any, none oder ein bestimmtes Werkzeug."""
    if tool_choice is None:
        return
    if not isinstance(tool_choice, dict):
        raise ProtokollFehler(
            f'tool_choice ist {tool_choice!r}; bei Anthropic ist es ein dict, zum Beispiel {{"type": "auto"}}, '
            '{"type": "any"} oder {"type": "tool", "name": "..."}. (Texte wie "required" sind OpenAI-Format.)',
            api_meldung="tool_choice: Input should be a valid dictionary or object to extract fields from")
    typ = tool_choice.get("type")
    if typ not in ("auto", "any", "tool", "none"):
        raise ProtokollFehler(
            f"tool_choice hat type {typ!r}; erlaubt sind auto, any, tool und none.",
            api_meldung=f"tool_choice: Input tag {str(typ)!r} found using 'type' does not match any of the "
                        "expected tags: 'auto', 'any', 'tool', 'none'")
    erlaubt = {"type", "disable_parallel_tool_use"} | ({"name"} if typ == "tool" else set())
    fremd = sorted(set(tool_choice) - erlaubt)
    if fremd:
        raise ProtokollFehler(
            f"tool_choice hat das unerwartete Feld {fremd[0]!r}.",
            api_meldung=f"tool_choice.{typ}.{fremd[0]}: Extra inputs are not permitted")
    if "disable_parallel_tool_use" in tool_choice and not isinstance(tool_choice["disable_parallel_tool_use"], bool):
        raise ProtokollFehler(
            "tool_choice: disable_parallel_tool_use muss True oder False sein.",
            api_meldung=f"tool_choice.{typ}.disable_parallel_tool_use: Input should be a valid boolean")
    if typ in ("any", "tool") and not namen:
        raise ProtokollFehler(
            f'tool_choice {{"type": "{typ}"}} verlangt ein Werkzeug, aber die Anfrage hat keine tools.',
            api_meldung="tool_choice may only be specified while providing tools.")
    if typ == "tool" and tool_choice.get("name") not in namen:
        raise ProtokollFehler(
            f"tool_choice verlangt das Werkzeug {tool_choice.get('name')!r}, aber in tools gibt es nur: "
            f"{', '.join(namen)}.",
            api_meldung=f"Tool '{tool_choice.get('name')}' not found in provided tools")


def pruefe_anfrage(messages, tools=None, tool_choice=None):
    """Prüft eine ganze Anfrage an die Anthropic-API; wirft ``ProtokollFehler`` beim ersten Verstoß."""
    if not isinstance(messages, list):
        raise ProtokollFehler(
            f"messages ist {typname(messages)}, muss aber eine Liste von Nachrichten sein, zum Beispiel "
            '[{"role": "user", "content": "Hallo"}].',
            api_meldung="messages: Input should be a valid list")
    if not messages:
        raise ProtokollFehler(
            "messages ist leer. Eine Anfrage braucht mindestens eine user-Nachricht.",
            api_meldung="messages: at least one message is required")
    namen = pruefe_tools(tools)
    pruefe_tool_choice(tool_choice, namen)
    bloecke = [_pruefe_nachricht(i, m) for i, m in enumerate(messages)]
    _pruefe_abfolge(bloecke, [m["role"] for m in messages])
