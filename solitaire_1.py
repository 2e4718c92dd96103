import _signal, sys  # both loaded with the interpreter already: the handler comes first
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Ctrl-C while the program loads ends it as Ctrl-C at its prompt does (unless ignored)
    _signal.signal(_signal.SIGINT, lambda *_: sys.exit(130))
import os  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from cardgames.streams import run  # noqa: E402
from cardgames.solitaire_aces.program import main, simulate  # noqa: E402,F401

if __name__ == "__main__":
    sys.exit(run(main))
