"""Erkennen, ob Lernendencode den Bewerter, pytest oder das Fake-Modell verändert hat.

Python kann Code im selben Prozess nicht vollständig einsperren. Deshalb läuft Lernendencode in einem
eigenen Kindprozess (siehe `isolation`), und dort wird vor und nach jedem Stück Lernendencode verglichen,
ob die Funktionen, Klassen und Module der vertrauenswürdigen Pakete noch dieselben Objekte sind. Wer
`fake_model.FakeModell.__call__`, eine Hilfsfunktion des Bewerters, `pytest.fail` oder `builtins.len`
ersetzt, wird erkannt; die Prüfung zählt dann als nicht bestanden.

Verglichen werden nur Funktionen, Klassen und Module (Zähler und Caches dürfen sich ändern).
"""

import sys
import types
from pathlib import Path

# Ganze Pakete (mit Untermodulen) und einzelne Module, auf die sich die Bewertung verlässt.
VERTRAUTE_PAKETE = ("pruefer", "fake_model")
VERTRAUTE_MODULE = ("builtins", "copy", "json", "os", "signal", "select", "pytest", "_pytest.outcomes",
                    "_pytest.python_api", "_pytest.runner", "_pytest.fixtures", "_pytest.reports", "pydantic",
                    "pydantic.main", "pydantic_core")
_GESCHUETZT = (types.FunctionType, types.BuiltinFunctionType, type, types.ModuleType, types.MethodType,
               classmethod, staticmethod, property)


def _vertraut(name: str, zusatz: tuple[str, ...]) -> bool:
    return name.partition(".")[0] in VERTRAUTE_PAKETE or name in VERTRAUTE_MODULE or name in zusatz


def _schutzwuerdig(wert) -> bool:
    return isinstance(wert, _GESCHUETZT) or callable(wert)


def schnappschuss(zusatz_pfad: Path | None = None) -> list:
    """Die schützenswerten Attribute als (Namensraum, Schlüssel, Objekt, Bezeichnung).

    Gespeichert werden die Objekte selbst (nicht ihre Id, die nach dem Freigeben wiederverwendet werden
    könnte) und der lebende Namensraum (Modul-__dict__ bzw. Klassen-__dict__), damit der Vergleich nur
    nachschlägt und nichts neu aufbaut.
    """
    bild = []
    zusatz = ()
    if zusatz_pfad is not None:
        wurzel = str(zusatz_pfad)
        zusatz = tuple(n for n, m in list(sys.modules.items())
                       if str(getattr(m, "__file__", "") or "").startswith(wurzel))
    for name, modul in list(sys.modules.items()):
        if modul is None or not _vertraut(name, zusatz):
            continue
        bild.append((sys.modules, name, modul, f"sys.modules[{name!r}]"))
        try:
            inhalt = vars(modul)
        except TypeError:
            continue
        for attr, wert in list(inhalt.items()):
            if not _schutzwuerdig(wert):
                continue
            bild.append((inhalt, attr, wert, f"{name}.{attr}"))
            if isinstance(wert, type) and getattr(wert, "__module__", None) == name:
                klasse = vars(wert)
                for k_attr, k_wert in list(klasse.items()):
                    if k_attr.startswith("__pydantic") or k_attr == "__abstractmethods__":
                        continue
                    if _schutzwuerdig(k_wert):
                        bild.append((klasse, k_attr, k_wert, f"{name}.{attr}.{k_attr}"))
    return bild


def veraendert(vorher: list, zusatz_pfad: Path | None = None) -> list[str]:
    """Bezeichnungen der Attribute aus `vorher`, die jetzt fehlen oder auf ein anderes Objekt zeigen."""
    return sorted(bezeichnung for raum, schluessel, wert, bezeichnung in vorher
                  if raum.get(schluessel) is not wert)
