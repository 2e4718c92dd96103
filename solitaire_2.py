import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from cardgames.console import run
from cardgames.solitaire_sevens.program import main, simulate
if __name__ == "__main__":
    sys.exit(run(main))
