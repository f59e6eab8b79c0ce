"""Bausteine einer Antwort: Text-Blöcke, tool_use-Blöcke und ihre Ids.

Die echte Anthropic-API liefert eine Antwort als Liste von Blöcken. Das SDK macht daraus
Objekte (``b.type``, ``b.input``); das Fake-Modell liefert schlichte dicts (``b["type"]``),
damit du sie einfach hinschreiben und ausgeben kannst. Die Felder heißen gleich.
"""

import hashlib

# Zeichen für erfundene Ids. Echte Ids sehen so aus: toolu_01HqfLWiAKQLsniF2fBGF2KD.
# Wir lassen leicht verwechselbare Zeichen (0, O, I, l) weg, wie es viele Id-Formate tun.
_ZEICHEN = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

# Zähler pro Präfix. Er beginnt in jedem frischen Prozess bei 0, deshalb bekommt die n-te Id
# in jedem Lauf denselben Wert: Notebook-Ausgaben bleiben gleich, wenn du sie neu ausführst.
_zaehler = {}


def neue_id(praefix, laenge=24):
    """Liefert die nächste Id mit ``praefix`` (zum Beispiel ``"toolu_"``).

    Warum ein Hash statt einfach ``toolu_1``, ``toolu_2``? Echte Ids sehen zufällig aus, und
    wer Ids vergleicht statt sie nur weiterzureichen, soll das schon hier merken. Der Hash des
    Zählers sieht zufällig aus, ist aber in jedem Lauf gleich (anders als ``random``).
    """
    _zaehler[praefix] = _zaehler.get(praefix, 0) + 1
    zahl = int.from_bytes(hashlib.sha256(f"{praefix}{_zaehler[praefix]}".encode()).digest(), "big")
    zeichen = []
    for _ in range(laenge):
        zahl, rest = divmod(zahl, len(_ZEICHEN))
        zeichen.append(_ZEICHEN[rest])
    return praefix + "".join(zeichen)


def neue_tool_use_id():
    """Eine neue Id für einen tool_use-Block: ``toolu_01`` und 22 weitere Zeichen, wie bei echten Ids."""
    return neue_id("toolu_01", 22)


def text(t):
    """Ein Text-Block, wie ihn die API liefert: ``{"type": "text", "text": t}``."""
    return {"type": "text", "text": t}


def tool_use(name, input, id=None):
    """Ein tool_use-Block: der Wunsch des Modells, das Werkzeug ``name`` mit ``input`` aufzurufen.

    ``input`` ist ein dict mit den Argumenten. Ohne ``id`` bekommt der Block eine neue,
    eindeutige Id (``toolu_`` und 24 Zeichen). Über diese Id ordnet das Modell später dein
    ``tool_result`` dem Wunsch zu.
    """
    if id is None:
        id = neue_tool_use_id()
    return {"type": "tool_use", "id": id, "name": name, "input": input}


def text_von(antwort):
    """Die Texte aller Text-Blöcke einer Antwort, mit Zeilenumbruch verbunden (``""``, wenn keiner).

    tool_use-Blöcke haben keinen Text für Menschen; sie werden übersprungen.
    """
    return "\n".join(b["text"] for b in antwort if b.get("type") == "text")
