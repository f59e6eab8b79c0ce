#!/bin/sh
# Terminal in JupyterLab (make lab): eine gewöhnliche Login-Shell, danach stehen die Befehle des Kurses
# (pruefe, nbgrader, jupyter) vorn im PATH. Eine Login-Shell setzt den PATH sonst neu, und `pruefe` fehlte.
exec "${SHELL:-/bin/sh}" -l -c 'export PATH="$KURS_BIN:$PATH"; exec "${SHELL:-/bin/sh}" -i'
