"""Die gebaute Seite lokal ausliefern: ``python -m lite.server [--port 8888]`` (oder ``make lite-serve``).

Wie ``python -m http.server``, aber nur auf 127.0.0.1 und mit den richtigen MIME-Typen für
WebAssembly (``.wasm``) und JavaScript-Module (``.mjs``), die manche Systeme nicht kennen.
"""

from __future__ import annotations

import argparse
import sys
import time

from lite.baue import AUSGABE
from lite.browser import Webserver


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lite.server", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8888)
    parser.add_argument("--ordner", default=str(AUSGABE / "site"), help="Ordner der gebauten Seite")
    args = parser.parse_args(argv)
    server = Webserver(args.ordner, port=args.port)
    print(f"Kurs im Browser: {server.url}/lab/index.html?path=course/00_einstieg.ipynb  (Beenden mit Strg+C)",
          flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
