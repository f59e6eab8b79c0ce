"""``zeige_verlauf``: ein Gesprächsverlauf übersichtlich dargestellt.

Ein Verlauf mit mehreren Tool-Runden ist als verschachtelte Liste von dicts kaum lesbar. Hier
bekommt jede Nachricht eine Zeile, und jeder Werkzeug-Wunsch trägt eine Marke (#1, #2, ...) in
einer eigenen Farbe, die sein Ergebnis wieder trägt. So siehst du auf einen Blick, welches
Ergebnis zu welchem Wunsch gehört, welches fehlt und welches ein Fehler ist.

Beide Formate werden erkannt: Anthropic (tool_use/tool_result-Blöcke) und OpenAI (tool_calls und
Nachrichten mit ``"role": "tool"``). Im Notebook erscheint eine Tabelle (HTML), im Terminal und in
Tests ein schlichter Text, der in jedem Lauf gleich aussieht.
"""

import copy
import html
import json

from .fehler import ProtokollFehler
from .openai import pruefe_openai_anfrage
from .protokoll import pruefe_anfrage

# Hintergrundfarben der Marken #1, #2, ... (hell, damit schwarzer Text lesbar bleibt).
_FARBEN = ("#cfe8ff", "#ffe3b3", "#d7f5d0", "#f3d6f5", "#fff3a8", "#d6dcff", "#ffd6d6", "#cff5ef")


def _als_text(wert):
    """Inhalt eines Ergebnisses als Text: Texte bleiben, Listen von Text-Teilen werden verbunden."""
    if isinstance(wert, str):
        return wert
    if isinstance(wert, list) and all(isinstance(t, dict) and isinstance(t.get("text"), str) for t in wert):
        return "\n".join(t["text"] for t in wert)
    return repr(wert)


def _json(wert):
    return json.dumps(wert, ensure_ascii=False, sort_keys=True) if isinstance(wert, dict) else repr(wert)


def _teile(nachricht):
    """Zerlegt eine Nachricht in Teile: ``("text", t)``, ``("wunsch", id, name, argumente)``,
    ``("ergebnis", id, inhalt, ist_fehler)`` oder ``("sonst", beschreibung)``."""
    if not isinstance(nachricht, dict):
        return [("sonst", f"keine Nachricht (dict), sondern {nachricht!r}")]
    teile = []
    inhalt = nachricht.get("content")
    if nachricht.get("role") == "tool":
        return [("ergebnis", nachricht.get("tool_call_id"), _als_text(inhalt), False)]
    if isinstance(inhalt, str):
        teile.append(("text", inhalt))
    elif isinstance(inhalt, list):
        for block in inhalt:
            typ = block.get("type") if isinstance(block, dict) else None
            if typ == "text":
                teile.append(("text", _als_text([block])))
            elif typ == "tool_use":
                teile.append(("wunsch", block.get("id"), block.get("name"), _json(block.get("input"))))
            elif typ == "tool_result":
                teile.append(("ergebnis", block.get("tool_use_id"), _als_text(block.get("content", "")),
                              block.get("is_error") is True))
            else:
                teile.append(("sonst", repr(block)))
    elif inhalt is not None:
        teile.append(("sonst", f"content = {inhalt!r}"))
    for aufruf in nachricht.get("tool_calls") or []:
        funktion = aufruf.get("function", {}) if isinstance(aufruf, dict) else {}
        argumente = funktion.get("arguments")
        teile.append(("wunsch", aufruf.get("id") if isinstance(aufruf, dict) else None, funktion.get("name"),
                      argumente if isinstance(argumente, str) else _json(argumente)))
    return teile


def _ist_openai(messages):
    return any(isinstance(m, dict) and (m.get("role") in ("tool", "system", "developer") or "tool_calls" in m)
               for m in messages)


class Verlauf:
    """Ein dargestellter Verlauf. Im Notebook als Tabelle, sonst als Text (``print(verlauf)``)."""

    def __init__(self, messages):
        if isinstance(messages, dict) and "messages" in messages:
            messages = messages["messages"]  # eine ganze Anfrage aus modell.anfragen
        self.messages = copy.deepcopy(list(messages))
        self.openai = _ist_openai(self.messages)
        self.zeilen = [(i, m.get("role", "?") if isinstance(m, dict) else "?", _teile(m))
                       for i, m in enumerate(self.messages)]
        self.marken = {}  # id -> Nummer der Marke, in der Reihenfolge des ersten Auftretens
        wuensche, ergebnisse = set(), set()
        for _, _, teile in self.zeilen:
            for teil in teile:
                if teil[0] in ("wunsch", "ergebnis"):
                    self.marken.setdefault(teil[1], len(self.marken) + 1)
                    (wuensche if teil[0] == "wunsch" else ergebnisse).add(teil[1])
        self.ohne_ergebnis = wuensche - ergebnisse
        self.ohne_wunsch = ergebnisse - wuensche
        self.protokoll = self._pruefe()

    def _pruefe(self):
        """Die Prüfung des Fake-Modells: ``None``, wenn der Verlauf in Ordnung ist, sonst die Erklärung."""
        messages = self.messages
        # Ein fertiges Gespräch endet mit der Antwort des Modells. Als Anfrage wäre das falsch,
        # als Verlauf ist es normal: Geprüft wird deshalb alles bis zur letzten Anfrage.
        if messages and isinstance(messages[-1], dict) and messages[-1].get("role") == "assistant":
            messages = messages[:-1]
        if not messages:
            return None
        try:
            if self.openai:
                pruefe_openai_anfrage(messages)
            else:
                pruefe_anfrage(messages)
        except ProtokollFehler as fehler:
            return fehler.erklaerung
        return None

    def _worte(self):
        return ("tool_call", "tool") if self.openai else ("tool_use", "tool_result")

    # --- Text ---------------------------------------------------------------------------

    def __str__(self):
        wunsch_wort, ergebnis_wort = self._worte()
        zeilen = [f"Verlauf mit {len(self.messages)} Nachricht(en)"]
        for i, rolle, teile in self.zeilen:
            zeilen.append(f"[{i}] {rolle}")
            for teil in teile:
                if teil[0] == "text":
                    zeilen.extend("    " + z for z in teil[1].split("\n"))
                elif teil[0] == "wunsch":
                    _, id_, name, argumente = teil
                    hinweis = "  << kein Ergebnis" if id_ in self.ohne_ergebnis else ""
                    zeilen.append(f"    {wunsch_wort} #{self.marken[id_]} {name} {argumente}  ({id_}){hinweis}")
                elif teil[0] == "ergebnis":
                    _, id_, inhalt, ist_fehler = teil
                    art = " FEHLER" if ist_fehler else ""
                    hinweis = "  << kein passender Wunsch" if id_ in self.ohne_wunsch else ""
                    zeilen.append(f"    {ergebnis_wort} #{self.marken[id_]}{art} ({id_}){hinweis}: "
                                  + inhalt.replace("\n", "\n      "))
                else:
                    zeilen.append(f"    ?? {teil[1]}")
        zeilen.append("Protokoll: " + ("in Ordnung" if self.protokoll is None else self.protokoll))
        return "\n".join(zeilen)

    def __repr__(self):
        return str(self)

    # --- HTML (Notebook) ----------------------------------------------------------------

    def _marke(self, id_):
        nummer = self.marken[id_]
        farbe = _FARBEN[(nummer - 1) % len(_FARBEN)]
        return (f'<span style="background:{farbe};border-radius:3px;padding:0 4px;font-weight:bold" '
                f'title="{html.escape(str(id_))}">#{nummer}</span>')

    def _teil_html(self, teil):
        e = html.escape
        wunsch_wort, ergebnis_wort = self._worte()
        if teil[0] == "text":
            return f'<div style="white-space:pre-wrap">{e(teil[1])}</div>'
        if teil[0] == "sonst":
            return f'<div style="color:#a00">?? {e(teil[1])}</div>'
        id_ = teil[1]
        farbe = _FARBEN[(self.marken[id_] - 1) % len(_FARBEN)]
        if teil[0] == "wunsch":
            _, _, name, argumente = teil
            rahmen = "2px dashed #c00" if id_ in self.ohne_ergebnis else f"4px solid {farbe}"
            hinweis = (' <b style="color:#c00">kein Ergebnis</b>' if id_ in self.ohne_ergebnis else "")
            return (f'<div style="border-left:{rahmen};padding:2px 6px;margin:2px 0">{self._marke(id_)} '
                    f'<code>{wunsch_wort}</code> <b>{e(str(name))}</b> <code>{e(argumente)}</code> '
                    f'<small style="color:#666">{e(str(id_))}</small>{hinweis}</div>')
        _, _, inhalt, ist_fehler = teil
        rahmen = "2px dashed #c00" if id_ in self.ohne_wunsch else f"4px solid {farbe}"
        hintergrund = "background:#fdecea;" if ist_fehler else ""
        art = ' <b style="color:#c00">Fehler (is_error)</b>' if ist_fehler else ""
        hinweis = ' <b style="color:#c00">kein passender Wunsch</b>' if id_ in self.ohne_wunsch else ""
        return (f'<div style="border-left:{rahmen};{hintergrund}padding:2px 6px;margin:2px 0">{self._marke(id_)} '
                f'<code>{ergebnis_wort}</code>{art}{hinweis} <small style="color:#666">{e(str(id_))}</small>'
                f'<div style="white-space:pre-wrap">{e(inhalt)}</div></div>')

    def _repr_html_(self):
        rollenfarbe = {"user": "#e8f0fe", "assistant": "#f1f3f4", "tool": "#fff8e1", "system": "#f3e5f5"}
        zeilen = []
        for i, rolle, teile in self.zeilen:
            zellen = "".join(self._teil_html(t) for t in teile)
            zeilen.append(
                f'<tr style="background:{rollenfarbe.get(rolle, "#fff")};border-top:1px solid #ddd">'
                f'<td style="padding:4px 8px;vertical-align:top;color:#666;width:1%">[{i}]</td>'
                f'<td style="padding:4px 8px;vertical-align:top;width:1%"><b>{html.escape(str(rolle))}</b></td>'
                f'<td style="padding:4px 8px;text-align:left">{zellen}</td></tr>')
        if self.protokoll is None:
            status = '<div style="color:#1b5e20;margin-top:4px">Protokoll: in Ordnung</div>'
        else:
            status = (f'<div style="color:#b00020;margin-top:4px;white-space:pre-wrap">Protokoll: '
                      f'{html.escape(self.protokoll)}</div>')
        return (f'<div style="color:#222;background:#fff;font-family:sans-serif;font-size:13px;padding:4px">'
                f'<table style="border-collapse:collapse;width:100%">{"".join(zeilen)}</table>{status}</div>')


def zeige_verlauf(messages):
    """Stellt ``messages`` (oder eine Anfrage aus ``modell.anfragen``) als Verlauf dar.

    Im Notebook erscheint eine Tabelle; ``print(zeige_verlauf(messages))`` gibt Text aus.
    """
    return Verlauf(messages)
