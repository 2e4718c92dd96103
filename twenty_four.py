import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from cardgames.twenty_four.program import ops, d, ListStack, evaluate, evaluate_all_ops, main
if __name__ == "__main__":
    sys.exit(main())
