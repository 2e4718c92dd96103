"""Ctrl-C while a root script is still loading ends it as Ctrl-C at its prompt does.

The aces_up spec: "Ctrl-C at any moment: status 0, nothing printed"; the other scripts end
with status 130 and nothing on stderr.  Each script sets its handler before it imports the
package; to hit that window every time, the import of the package is slowed down here.
"""

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Runs a root script as __main__, its first import of the package taking a second.
SLOW_IMPORT = """
import builtins, runpy, sys, time
real_import = builtins.__import__
def slow_import(name, *args, **kwargs):
    if name.startswith("cardgames") and not getattr(slow_import, "slept", False):
        slow_import.slept = True
        print("loading", file=sys.stderr, flush=True)
        time.sleep(1)
    return real_import(name, *args, **kwargs)
builtins.__import__ = slow_import
sys.argv = [sys.argv[1]]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("script, status", [("aces_up.py", 0), ("solitaire_1.py", 130),
                                            ("solitaire_2.py", 130), ("twenty_four.py", 130)])
def test_ctrl_c_while_loading_ends_quietly(script, status):
    process = subprocess.Popen([sys.executable, "-S", "-c", SLOW_IMPORT, script], cwd=ROOT,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stderr.readline() == b"loading\n"   # inside the package's first import
    time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert (process.returncode, out, err) == (status, b"", b"")
