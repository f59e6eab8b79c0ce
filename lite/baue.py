"""Baut die Browser-Fassung des Kurses: eine statische JupyterLite-Seite, die ohne Netz läuft.

Aufruf: ``python -m lite.baue [--neu]`` (oder ``make lite``). Ergebnis: ``_build/lite/site``.

Auf die Seite kommen
- die Lektionen aus ``course/`` und die Übungsblätter aus ``exercises/`` (nicht ``solutions/``, keine Bewerter),
- eine eigene Wheel nur mit ``fake_model``,
- Pyodide samt allen Paketen, die Kernel und Notebooks brauchen (pydantic v2 eingeschlossen), alles lokal.

Ein zweiter Aufruf mit unveränderten Eingaben baut nicht neu (Fingerabdruck in ``site/.baustempel``).
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import shutil
import subprocess
import sys
import time
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as paket_version
from pathlib import Path

from lite.pyodide import VorbereitungsFehler, bereite_vor
from lite.wheel import baue_wheel, quelldateien

WURZEL = Path(__file__).resolve().parents[1]
AUSGABE = WURZEL / "_build" / "lite"
INHALTE = ("course", "exercises")  # Ordner, die Lernende im Browser sehen (in dieser Form)
def _kurs_anforderungen() -> list[str]:
    """pydantic in genau der Version, mit der die Lektionen ihre Ausgaben bekommen haben (Fehlertexte, Links)."""
    try:
        return [f"pydantic=={paket_version('pydantic')}"]
    except PackageNotFoundError:
        return ["pydantic>=2,<3"]


KURS_ANFORDERUNGEN = _kurs_anforderungen()
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
STEMPEL = ".baustempel"
# Module, die der Pyodide-Kernel selbst mitbringt (neben der Standardbibliothek).
KERNEL_MODULE = {"IPython", "pyodide", "pyodide_js", "js", "micropip", "piplite", "ipykernel", "pyodide_kernel",
                 "comm", "jedi", "traitlets"}
UNNOETIG = {".ipynb_checkpoints", "__pycache__", ".DS_Store"}


def _kurz(pfad: Path) -> str:
    return str(pfad.relative_to(WURZEL)) if pfad.is_relative_to(WURZEL) else str(pfad)


class BauFehler(RuntimeError):
    """Der Bau würde eine Seite liefern, die im Browser nicht funktioniert."""


def inhaltsdateien(wurzel: Path = WURZEL) -> list[Path]:
    """Alle Dateien aus course/ und exercises/, die auf die Seite kommen."""
    dateien = []
    for ordner in INHALTE:
        for p in sorted((wurzel / ordner).rglob("*")):
            if p.is_file() and not UNNOETIG & set(p.parts) and p.suffix != ".pyc":
                dateien.append(p)
    return dateien


def _alle_inhalte(zusatz: Path | None) -> list[tuple[Path, Path]]:
    """(Pfad auf der Seite, Quelldatei) aus dem Repository und optional einem Zusatzordner (für Tests)."""
    paare = [(p.relative_to(WURZEL), p) for p in inhaltsdateien(WURZEL)]
    if zusatz is not None:
        paare += [(p.relative_to(zusatz), p) for p in inhaltsdateien(zusatz)]
    return paare


def fingerabdruck(zusatz: Path | None = None) -> str:
    """Ändert sich, sobald sich irgendetwas ändert, das in die Seite eingeht."""
    h = hashlib.sha256()
    eingaben = [(p.relative_to(WURZEL), p) for p in
                [*quelldateien(WURZEL), WURZEL / "pyproject.toml", *sorted((WURZEL / "lite").glob("*.py"))]]
    for ziel, p in [*_alle_inhalte(zusatz), *eingaben]:
        h.update(ziel.as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    h.update(json.dumps(KURS_ANFORDERUNGEN).encode())
    for paket in ("jupyterlite-core", "jupyterlite-pyodide-kernel", "jupyterlab-language-pack-de-DE"):
        try:
            h.update(f"{paket}={paket_version(paket)}".encode())
        except PackageNotFoundError:
            h.update(f"{paket} fehlt".encode())
    return h.hexdigest()


def importe(notebook: Path) -> set[str]:
    """Oberste Modulnamen aller Importe in den Code-Zellen eines Notebooks."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    namen: set[str] = set()
    for zelle in nb.get("cells", []):
        if zelle.get("cell_type") != "code":
            continue
        quelle = "".join(zelle.get("source", []))
        # Magics und Shell-Zeilen sind kein Python; fürs Suchen nach Importen reicht es, sie auszulassen.
        quelle = "\n".join("" if z.lstrip().startswith(("%", "!")) else z for z in quelle.splitlines())
        try:
            baum = ast.parse(quelle)
        except SyntaxError:
            continue
        for knoten in ast.walk(baum):
            if isinstance(knoten, ast.Import):
                namen |= {a.name.split(".")[0] for a in knoten.names}
            elif isinstance(knoten, ast.ImportFrom) and knoten.level == 0 and knoten.module:
                namen.add(knoten.module.split(".")[0])
    return namen


def pruefe_importe(notebooks: dict[str, Path], lock: dict) -> None:
    """Jeder Import eines Notebooks muss im Browser auflösbar sein, sonst scheitert der Bau laut."""
    verfuegbar = set(sys.stdlib_module_names) | KERNEL_MODULE
    for eintrag in lock["packages"].values():
        verfuegbar |= set(eintrag.get("imports", []))
    fehlt = {}
    for name, nb in notebooks.items():
        unbekannt = sorted(importe(nb) - verfuegbar)
        if unbekannt:
            fehlt[name] = unbekannt
    if fehlt:
        zeilen = "\n".join(f"  {nb}: {', '.join(m)}" for nb, m in fehlt.items())
        raise BauFehler(
            "Diese Notebooks importieren Module, die es auf der Browser-Seite nicht gibt:\n" + zeilen +
            "\nEntweder das Paket in lite/baue.py (KURS_ANFORDERUNGEN) aufnehmen oder den Import entfernen.")


def lite_konfiguration(kernel_ext: Path, speichername: str) -> tuple[dict, dict, dict]:
    """(jupyter_lite_config.json, jupyter-lite.json, overrides.json) für den Bau."""
    bau = {"LiteBuildConfig": {
        "contents": ["inhalt"],
        "apps": ["lab"],
        "no_sourcemaps": True,
        "no_unused_shared_packages": True,
        # Keine Erweiterungen aus der venv (z. B. nbgrader, die einen Server bräuchte), nur der Pyodide-Kernel.
        "ignore_sys_prefix": ["federated_extensions"],
        "federated_extensions": [str(kernel_ext)],
    }}
    seite = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "LLM-Werkzeuge (Browser)",
        # Neuer Kursstand -> neuer Speicher: keine veralteten Kopien aus dem Browser-Speicher.
        "contentsStorageName": speichername,
        "litePluginSettings": {f"{KERNEL_EXTENSION}:kernel": {"disablePyPIFallback": True}},
    }}
    einstellungen = {
        "@jupyterlab/translation-extension:plugin": {"locale": "de_DE"},
        # Keine Nachrichten-/Update-Abfragen nach draußen.
        "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False, "fetchNews": "false"},
    }
    return bau, seite, einstellungen


def baue(neu: bool = False, ausgabe: Path = AUSGABE, leise: bool = False, zusatz: Path | None = None) -> dict:
    """Baut die Seite (falls nötig) und gibt eine Übersicht zurück (auch in ``ausgabe/bau.json``).

    ``zusatz``: ein Ordner mit weiteren ``course/``- oder ``exercises/``-Dateien (nur für Tests).
    """
    melde = (lambda *a: None) if leise else (lambda *a: print("[lite]", *a, flush=True))
    site = ausgabe / "site"
    abdruck = fingerabdruck(zusatz)
    uebersicht_datei = ausgabe / "bau.json"
    if not neu and (site / STEMPEL).exists() and (site / STEMPEL).read_text() == abdruck \
            and uebersicht_datei.exists():
        melde(f"Seite ist aktuell: {_kurz(site)}")
        return json.loads(uebersicht_datei.read_text()) | {"neu_gebaut": False}

    start = time.monotonic()
    quelle = ausgabe / "quelle"
    cache = ausgabe / "cache"
    shutil.rmtree(quelle, ignore_errors=True)
    shutil.rmtree(site, ignore_errors=True)
    (quelle / "inhalt").mkdir(parents=True)

    herkunft = {}
    for rel, p in _alle_inhalte(zusatz):
        herkunft[rel.as_posix()] = p
        ziel = quelle / "inhalt" / rel
        ziel.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, ziel)
    notebooks = sorted((quelle / "inhalt").rglob("*.ipynb"))
    melde(f"{len(notebooks)} Notebooks aus {', '.join(INHALTE)}")

    wheel = baue_wheel(WURZEL, ausgabe / "wheel")
    melde(f"Wheel: {wheel.name}")
    pyodide = bereite_vor(quelle / "static" / "pyodide", [wheel], KURS_ANFORDERUNGEN, cache)
    melde(f"Pyodide {pyodide['pyodide']} (Python {pyodide['python']}), Pakete: "
          + ", ".join(f"{n} {v}" for n, v in pyodide["pakete"].items()))
    lock = json.loads((quelle / "static" / "pyodide" / "pyodide-lock.json").read_text())
    pruefe_importe({rel: p for rel, p in herkunft.items() if rel.endswith(".ipynb")}, lock)

    kernel_ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / KERNEL_EXTENSION
    if not (kernel_ext / "package.json").exists():
        raise BauFehler(f"Die Kernel-Erweiterung fehlt: {kernel_ext} (pip install jupyterlite-pyodide-kernel)")
    bau, seite, einstellungen = lite_konfiguration(kernel_ext, f"llm-werkzeuge-{abdruck[:12]}")
    (quelle / "jupyter_lite_config.json").write_text(json.dumps(bau, indent=2))
    (quelle / "jupyter-lite.json").write_text(json.dumps(seite, indent=2))
    (quelle / "overrides.json").write_text(json.dumps(einstellungen, indent=2))

    lauf = subprocess.run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(quelle),
                           "--output-dir", str(site)], cwd=quelle, capture_output=True, text=True)
    if lauf.returncode:
        raise BauFehler(f"jupyter lite build ist gescheitert:\n{lauf.stdout[-3000:]}\n{lauf.stderr[-3000:]}")
    pruefe_seite(site)

    dateien = [p for p in site.rglob("*") if p.is_file()]
    uebersicht = {
        "fingerabdruck": abdruck,
        "sekunden": round(time.monotonic() - start, 1),
        "dateien": len(dateien),
        "bytes": sum(p.stat().st_size for p in dateien),
        "notebooks": [p.relative_to(quelle / "inhalt").as_posix() for p in notebooks],
        "wheel": wheel.name,
        **pyodide,
    }
    uebersicht_datei.write_text(json.dumps(uebersicht, indent=2, ensure_ascii=False))
    (site / STEMPEL).write_text(abdruck)
    melde(f"fertig in {uebersicht['sekunden']} s: {_kurz(site)} "
          f"({uebersicht['dateien']} Dateien, {uebersicht['bytes'] / 1e6:.1f} MB)")
    return uebersicht | {"neu_gebaut": True}


def pruefe_seite(site: Path) -> None:
    """Was auf der Seite sein muss, und was auf keinen Fall dort sein darf."""
    konfig = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = konfig["litePluginSettings"][f"{KERNEL_EXTENSION}:kernel"]
    if not kernel.get("pyodideUrl", "").startswith("./static/pyodide/"):
        raise BauFehler(f"Pyodide käme nicht von der Seite selbst: pyodideUrl={kernel.get('pyodideUrl')!r}")
    if not (site / "static" / "pyodide" / "pyodide.asm.wasm").exists():
        raise BauFehler("static/pyodide/pyodide.asm.wasm fehlt auf der Seite")
    verboten = [p for p in site.rglob("*") if p.name in ("pruefer", "solutions", "graders")
                or p.name.startswith("pruefer")]
    if verboten:
        raise BauFehler(f"Auf der Seite liegt, was nicht dorthin gehört: {verboten[:5]}")
    if not (site / "api" / "translations" / "de_DE.json").exists():
        raise BauFehler("Die deutsche Oberfläche fehlt: pip install jupyterlab-language-pack-de-DE jupyterlab_server")
    erweiterungen = {e["name"] for e in konfig.get("federated_extensions", [])}
    if erweiterungen - {KERNEL_EXTENSION}:
        raise BauFehler(f"Unerwartete Erweiterungen auf der Seite: {sorted(erweiterungen)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lite.baue", description=__doc__.splitlines()[0])
    parser.add_argument("--neu", action="store_true", help="auch bei unveränderten Eingaben neu bauen")
    args = parser.parse_args(argv)
    try:
        baue(neu=args.neu)
    except (BauFehler, VorbereitungsFehler) as fehler:
        print(f"[lite] FEHLER: {fehler}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
