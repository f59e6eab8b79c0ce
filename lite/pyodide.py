"""Pyodide ohne CDN: Laufzeit aus npm, Wheels aus PyPI, Paketliste (pyodide-lock.json) passend dazu.

Das npm-Paket ``pyodide`` enthält nur die Laufzeit (pyodide.mjs, WebAssembly, Standardbibliothek und die
Paketliste), aber keine einzige Paket-Wheel. Der Kernel braucht beim Start micropip, IPython, jedi und comm,
der Kurs braucht pydantic v2 und fake_model. Diese Wheels holen wir für die Plattform von Pyodide
(``pyemscripten_<ABI>_wasm32`` bzw. reine ``py3-none-any``-Wheels), tragen sie in die Paketliste ein und
werfen alle anderen Einträge hinaus: ``import numpy`` soll im Browser klar scheitern, statt eine Datei zu
suchen, die es auf der Seite nicht gibt.

Heruntergeladenes landet in einem Zwischenspeicher (``cache``), damit ein zweiter Bau ohne Netz geht.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
from packaging.requirements import Requirement

# Was der Pyodide-Kernel beim Start lädt (Versionen wie in der Paketliste von Pyodide).
KERNEL_PAKETE = ["micropip", "ipython", "jedi", "comm"]
# Dateien der Laufzeit, die die Seite wirklich braucht (ohne Quellkarten, Konsolen-Demos, Typen).
LAUFZEIT = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
            "package.json"]


class VorbereitungsFehler(RuntimeError):
    """Die Vorbereitung von Pyodide hat etwas Falsches bekommen (falsche Wheel, falsche Version)."""


def normiert(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _umgebung(python: str) -> dict[str, str]:
    """Marker-Umgebung von Pyodide, um bedingte Abhängigkeiten richtig auszuwerten."""
    return {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
            "os_name": "posix", "python_version": ".".join(python.split(".")[:2]),
            "python_full_version": python, "implementation_name": "cpython",
            "platform_python_implementation": "CPython", "extra": ""}


def hole_laufzeit(cache: Path) -> Path:
    """Lädt ``pyodide@PYODIDE_VERSION`` aus npm (einmal) und gibt den Pfad des Archivs zurück."""
    ziel = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not ziel.exists():
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / "npm-tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        subprocess.run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(tmp)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        (tmp / ziel.name).replace(ziel)
        shutil.rmtree(tmp)
    return ziel


def pip_flags(abi: str, python: str) -> list[str]:
    kurz = "".join(python.split(".")[:2])
    return ["--only-binary=:all:", "--platform", f"pyemscripten_{abi}_wasm32", "--platform", "any",
            "--python-version", ".".join(python.split(".")[:2]), "--implementation", "cp",
            "--abi", f"cp{kurz}", "--abi", "none"]


def hole_wheels(anforderungen: list[str], abi: str, python: str, cache: Path) -> list[Path]:
    """Lädt die Wheels (samt Abhängigkeiten) für Pyodide; gleiche Anforderungen -> Zwischenspeicher."""
    schluessel = hashlib.sha256(json.dumps([anforderungen, abi, python]).encode()).hexdigest()[:16]
    ordner = cache / f"wheels-{schluessel}"
    if not (ordner / "fertig").exists():
        shutil.rmtree(ordner, ignore_errors=True)
        ordner.mkdir(parents=True)
        lauf = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                               "-d", str(ordner), *pip_flags(abi, python), *anforderungen],
                              capture_output=True, text=True)
        if lauf.returncode:
            raise VorbereitungsFehler(f"pip download ist gescheitert:\n{lauf.stderr[-3000:]}")
        (ordner / "fertig").write_text("\n".join(anforderungen))
    return sorted(ordner.glob("*.whl"))


def pruefe_wheel(whl: Path, abi: str, python: str) -> None:
    """Nur Wheels, die in Pyodide laufen: rein Python oder genau für diese Pyodide-ABI gebaut.

    Mit falschen pip-Schaltern nimmt pip still den Platzhalter ``pydantic_core-0.0.1-py3-none-any.whl``;
    der würde erst im Browser beim Import scheitern. Darum prüfen wir Name und Plattform jeder Wheel.
    """
    name, version, *_, plattform = whl.stem.split("-")
    kurz = "cp" + "".join(python.split(".")[:2])
    if plattform != "any" and plattform != f"pyemscripten_{abi}_wasm32":
        raise VorbereitungsFehler(f"{whl.name}: Plattform {plattform!r} läuft nicht in Pyodide ({abi}).")
    if plattform != "any" and f"-{kurz}-" not in whl.name:
        raise VorbereitungsFehler(f"{whl.name}: nicht für {kurz} gebaut.")
    if normiert(name) == "pydantic-core" and plattform == "any":
        raise VorbereitungsFehler(
            f"{whl.name}: das ist der Platzhalter ohne kompilierten Kern, nicht die Pyodide-Wheel "
            f"(erwartet: pydantic_core-…-{kurz}-{kurz}-pyemscripten_{abi}_wasm32.whl).")


def _metadaten(whl: Path) -> tuple[dict, list[str]]:
    with zipfile.ZipFile(whl) as zf:
        namen = zf.namelist()
        meta_name = next(n for n in namen if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(meta_name).decode())
    oben = sorted({n.split("/")[0].removesuffix(".py") for n in namen
                   if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    return meta, oben


def bereite_vor(ziel: Path, extra_wheels: list[Path], kurs_anforderungen: list[str], cache: Path) -> dict:
    """Schreibt eine vollständige, lokale Pyodide-Laufzeit nach ``ziel`` (z. B. ``<lite_dir>/static/pyodide``).

    Gibt eine Übersicht zurück: Pyodide-/Python-Version und die Pakete der Seite mit Version.
    """
    shutil.rmtree(ziel, ignore_errors=True)
    ziel.mkdir(parents=True)
    with tarfile.open(hole_laufzeit(cache)) as tf:
        for name in LAUFZEIT:
            mitglied = tf.extractfile(f"package/{name}")
            if mitglied is None:
                raise VorbereitungsFehler(f"{name} fehlt im npm-Paket pyodide@{PYODIDE_VERSION}")
            (ziel / name).write_bytes(mitglied.read())

    lock = json.loads((ziel / "pyodide-lock.json").read_text())
    info = lock["info"]
    abi, python = info["abi_version"], info["python"]
    alt = {normiert(k): v for k, v in lock["packages"].items()}
    # Pyodide schreibt manche Namen mit Unterstrich (prompt_toolkit), andere mit Bindestrich: beibehalten.
    alter_schluessel = {normiert(k): k for k in lock["packages"]}

    def fest(paket: str) -> str:
        eintrag = alt.get(normiert(paket))
        return f"{paket}=={eintrag['version']}" if eintrag else paket

    anforderungen = [fest(p) for p in KERNEL_PAKETE] + list(kurs_anforderungen)
    wheels = hole_wheels(anforderungen, abi, python, cache) + [Path(w) for w in extra_wheels]

    umgebung = _umgebung(python)
    neu: dict[str, dict] = {}
    for whl in wheels:
        pruefe_wheel(whl, abi, python)
        shutil.copy2(whl, ziel / whl.name)
        meta, oben = _metadaten(whl)
        schluessel = alter_schluessel.get(normiert(meta["Name"]), normiert(meta["Name"]))
        abh = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
        abh = [alter_schluessel.get(normiert(a.name), normiert(a.name))
               for a in abh if not a.marker or a.marker.evaluate(umgebung)]
        eintrag = dict(alt.get(normiert(schluessel)) or {"imports": oben, "install_dir": "site",
                                               "package_type": "package"})
        eintrag.update(name=meta["Name"], version=meta["Version"], file_name=whl.name,
                       sha256=hashlib.sha256(whl.read_bytes()).hexdigest(), depends=sorted(abh),
                       unvendored_tests=False)
        if not eintrag.get("imports"):
            eintrag["imports"] = oben
        neu[schluessel] = eintrag

    fehlend = {a for e in neu.values() for a in e["depends"]} - set(neu)
    if fehlend:
        raise VorbereitungsFehler(f"Abhängigkeiten ohne Wheel auf der Seite: {sorted(fehlend)}")
    # pip wertet Umgebungsmarker für Linux aus und lädt z. B. pexpect mit; was in Pyodide niemand
    # braucht, kommt nicht auf die Seite.
    wurzeln = [Requirement(a).name for a in anforderungen] + [_metadaten(w)[0]["Name"] for w in extra_wheels]
    offen = [alter_schluessel.get(normiert(w), normiert(w)) for w in wurzeln]
    erreichbar: set[str] = set()
    while offen:
        paket = offen.pop()
        if paket not in erreichbar:
            erreichbar.add(paket)
            offen += neu[paket]["depends"]
    for paket in set(neu) - erreichbar:
        (ziel / neu.pop(paket)["file_name"]).unlink()
    lock["packages"] = dict(sorted(neu.items()))
    (ziel / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return {"pyodide": PYODIDE_VERSION, "python": python, "abi": abi,
            "pakete": {e["name"]: e["version"] for e in lock["packages"].values()}}
