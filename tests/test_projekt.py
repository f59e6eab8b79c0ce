"""Das Projekt selbst: Umgebungsdateien stimmen überein, make lab startet JupyterLab wirklich."""

import json
import os
import re
import signal
import socket
import subprocess
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

WURZEL = Path(__file__).resolve().parents[1]


def _normiert(req):
    r = Requirement(req)
    return re.sub(r"[-_.]+", "-", r.name).lower(), str(r.specifier), tuple(sorted(r.extras))


def test_environment_yml_listet_dieselben_pakete_wie_pyproject():
    """environment.yml ist gültiges YAML für conda und nennt dieselben Pakete (mit Versionen) wie pyproject.toml."""
    projekt = tomllib.loads((WURZEL / "pyproject.toml").read_text())["project"]
    erwartet = {_normiert(r) for r in projekt["dependencies"]}
    for gruppe in projekt["optional-dependencies"].values():
        erwartet |= {_normiert(r) for r in gruppe}

    env = yaml.safe_load((WURZEL / "environment.yml").read_text())
    assert env["name"] and env["channels"] == ["conda-forge"]
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "pip" in conda and any(d.startswith("python>=3.11") for d in conda)
    assert "-e ." in pip, "environment.yml muss das Projekt selbst installieren (-e .)"
    gefunden = {_normiert(d) for d in conda if not d.startswith(("python", "pip"))}
    gefunden |= {_normiert(d) for d in pip if d != "-e ."}
    # conda kennt keine Extras: jupyterlite-core[contents] steht deshalb im pip-Teil.
    assert gefunden == erwartet, f"nur in pyproject: {erwartet - gefunden}; nur in environment.yml: {gefunden - erwartet}"


def _freier_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.langsam
def test_make_lab_startet_jupyterlab(tmp_path):
    """`make lab` startet JupyterLab auf 127.0.0.1; /lab antwortet mit 200 und der deutschen Oberfläche."""
    port = _freier_port()
    umgebung = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path), BROWSER="true")
    prozess = subprocess.Popen(
        ["make", "--no-print-directory", "lab", f"PORT={port}",
         "LAB_OPTS=--no-browser --IdentityProvider.token= --ServerApp.disable_check_xsrf=True"],
        cwd=WURZEL, env=umgebung, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        antwort, ende = None, time.monotonic() + 90
        while time.monotonic() < ende and prozess.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab", timeout=5) as r:
                    antwort = (r.status, r.read().decode())
                break
            except OSError:
                time.sleep(0.5)
        assert prozess.poll() is None, f"JupyterLab hat sich beendet:\n{prozess.stdout.read().decode()[-3000:]}"
        assert antwort and antwort[0] == 200, "JupyterLab hat nicht rechtzeitig auf /lab geantwortet"
        einstellung = json.loads(_hole(port, "lab/api/settings/@jupyterlab/translation-extension:plugin"))
        assert einstellung["schema"]["properties"]["locale"]["default"] == "de_DE", "Oberfläche nicht auf Deutsch"
        deutsch = json.loads(_hole(port, "lab/api/translations/de_DE"))["data"]
        assert deutsch["jupyterlab"]["Run"] == ["Ausführen"], "das deutsche Sprachpaket fehlt in JupyterLab"
        assert "00_einstieg.ipynb" in _hole(port, "api/contents/course"), "JupyterLab zeigt den Kurs (course/) nicht"
        ausgabe = _im_terminal(port, "pruefe --help")
        assert "NOTEBOOK" in ausgabe, f"`pruefe` fehlt im Terminal von JupyterLab:\n{ausgabe[-2000:]}"
    finally:
        _beende(prozess)
    assert prozess.returncode is not None, "JupyterLab ließ sich nicht über seine PID beenden"


def _hole(port, pfad):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{pfad}", timeout=10) as r:
        return r.read().decode()


def _im_terminal(port, befehl, frist=30):
    """Öffnet ein Terminal in JupyterLab (REST + WebSocket), tippt `befehl` und liefert, was erscheint."""
    import websocket

    anfrage = urllib.request.Request(f"http://127.0.0.1:{port}/api/terminals", method="POST", data=b"")
    with urllib.request.urlopen(anfrage, timeout=10) as r:
        name = json.loads(r.read())["name"]
    ws = websocket.create_connection(f"ws://127.0.0.1:{port}/terminals/websocket/{name}", timeout=5)
    try:
        # Die Endmarke entsteht erst beim Ausführen ($((6*7)) -> 42), nicht schon beim Echo der Eingabe.
        ws.send(json.dumps(["stdin", befehl + "; echo ENDE-$((6*7))\r"]))
        ausgabe, ende = "", time.monotonic() + frist
        while time.monotonic() < ende and "ENDE-42" not in ausgabe:
            try:
                nachricht = json.loads(ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if nachricht[0] == "stdout":
                ausgabe += nachricht[1]
        return ausgabe
    finally:
        ws.close()


def _beende(prozess):
    """Beendet die ganze Prozessgruppe (make und JupyterLab) über die PID."""
    if prozess.poll() is not None:
        return
    os.killpg(prozess.pid, signal.SIGTERM)
    try:
        prozess.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(prozess.pid, signal.SIGKILL)
        prozess.wait()


def test_zweiter_aufruf_installiert_nicht_neu():
    """Ist .venv aktuell, installieren `make lab` und `make test` nichts neu (nur wenn pyproject.toml sich ändert)."""
    for ziel in ("lab", "test"):
        plan = subprocess.run(["make", "-n", "--no-print-directory", ziel], cwd=WURZEL, capture_output=True,
                              text=True, check=True).stdout
        assert "pip install" not in plan and "-m venv" not in plan, f"make {ziel} würde neu installieren:\n{plan}"
    stempel = WURZEL / ".venv" / ".installiert"
    assert stempel.stat().st_mtime >= (WURZEL / "pyproject.toml").stat().st_mtime
