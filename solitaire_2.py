import _signal, sys  # both loaded with the interpreter already: the handler comes first
if __name__ == "__main__":  # Ctrl-C while the program loads: end as Ctrl-C at its prompt does
    _signal.signal(_signal.SIGINT, lambda *_: sys.exit(130))
import os  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from cardgames.console import run  # noqa: E402
from cardgames.solitaire_sevens.program import main, simulate  # noqa: E402,F401

if __name__ == "__main__":
    sys.exit(run(main))
