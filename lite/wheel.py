"""Eine eigene, reine Python-Wheel nur für ``fake_model`` (ohne pruefer, ohne Tests).

Das Projekt liefert fake_model und pruefer in einer Verteilung aus. Im Browser gehört nur fake_model hin:
die versteckten Bewerter sollen nicht auf der Seite liegen. Eine reine Python-Wheel ist ein Zip mit drei
Metadaten-Dateien; wir schreiben sie selbst, deterministisch (feste Zeitstempel, sortierte Einträge),
damit derselbe Quelltext immer dieselbe Datei ergibt.
"""

from __future__ import annotations

import base64
import hashlib
import tomllib
import zipfile
from pathlib import Path

PAKET = "fake_model"
ZEITSTEMPEL = (2020, 1, 1, 0, 0, 0)


def _projekt(wurzel: Path) -> dict:
    return tomllib.loads((wurzel / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def quelldateien(wurzel: Path) -> list[Path]:
    """Alle Dateien des Pakets, die in die Wheel gehören (kein Cache, keine Tests)."""
    return sorted(p for p in (wurzel / PAKET).rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"))


def _zeile(name: str, daten: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(daten).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(daten)}"


def baue_wheel(wurzel: Path, ziel_ordner: Path) -> Path:
    """Schreibt ``fake_model-<version>-py3-none-any.whl`` nach ``ziel_ordner`` und gibt den Pfad zurück."""
    projekt = _projekt(wurzel)
    version = projekt["version"]
    abhaengig = projekt.get("dependencies", [])
    dist_info = f"{PAKET}-{version}.dist-info"
    metadata = "\n".join([
        "Metadata-Version: 2.1", f"Name: {PAKET}", f"Version: {version}",
        "Summary: Geskriptetes Fake-Modell für den Kurs zu Tool Calling (läuft auch in Pyodide)",
        f"Requires-Python: {projekt.get('requires-python', '>=3.11')}",
        *[f"Requires-Dist: {a}" for a in abhaengig], "", ""])
    dateien: list[tuple[str, bytes]] = [
        (p.relative_to(wurzel).as_posix(), p.read_bytes()) for p in quelldateien(wurzel)]
    dateien += [
        (f"{dist_info}/METADATA", metadata.encode()),
        (f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: lite.wheel\nRoot-Is-Purelib: true\n"
                               b"Tag: py3-none-any\n\n"),
        (f"{dist_info}/top_level.txt", f"{PAKET}\n".encode()),
    ]
    record = "\n".join([_zeile(n, d) for n, d in dateien] + [f"{dist_info}/RECORD,,", ""])
    dateien.append((f"{dist_info}/RECORD", record.encode()))

    ziel_ordner.mkdir(parents=True, exist_ok=True)
    ziel = ziel_ordner / f"{PAKET}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(ziel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, daten in dateien:
            info = zipfile.ZipInfo(name, date_time=ZEITSTEMPEL)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, daten)
    return ziel
