import _signal, sys  # both loaded with the interpreter already: the handler comes first
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Ctrl-C while the program loads ends it as Ctrl-C at its prompt does (unless ignored)
    _signal.signal(_signal.SIGINT, lambda *_: sys.exit(130))
import os  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
import itertools  # noqa: E402,F401  (spec §6: the module imports Fraction and itertools)
from fractions import Fraction  # noqa: E402,F401
from cardgames.twenty_four.program import ops, d, ListStack, evaluate, evaluate_all_ops, main  # noqa: E402,F401
if __name__ == "__main__":
    sys.exit(main())
