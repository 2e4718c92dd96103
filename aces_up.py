import _signal, sys  # both loaded with the interpreter already: the handler comes first
if __name__ == "__main__" and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    # Ctrl-C while the program loads ends it as Ctrl-C at its prompt does (unless ignored)
    _signal.signal(_signal.SIGINT, lambda *_: sys.exit(0))
import os  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from cardgames.aces_up.course.program import (  # noqa: E402,F401
    Card, Deck, MENU, RULES, init_game, deal_to_tableau, display, get_option,
    validate_move_to_foundation, move_to_foundation, validate_move_within_tableau,
    move_within_tableau, check_for_win, main, run_program)
if __name__ == "__main__":
    sys.exit(run_program(sys.argv[1:]))
