"""Every tier is the standard library's seeded shuffle, bit for bit, and the choice of tier
changes no output: the adversarial seeds of the tiers' contract, then the tables and
the ways of choosing a tier."""

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import examples
from tier_helpers import needs, random_decks

from cardgames import cli, fastshuffle, tiers
from cardgames.solitaire_aces import program as aces
from cardgames.solitaire_sevens import program as sevens

ROOT = Path(__file__).parent.parent
GOLDEN = Path(__file__).parent / "golden"
FASTER = [tiers.NUMPY, tiers.NUMBA]


def permutations(tier, size, seeds):
    """The shuffled decks of a faster tier, as lists."""
    if tier == tiers.NUMPY:
        return fastshuffle.permutations(size, seeds).tolist()
    from cardgames import jitshuffle

    return jitshuffle.permutations(size, seeds).tolist()


@cache
def reference_cached(size, seeds):
    return random_decks(size, seeds)


ADVERSARIAL = [
    range(0, 10**5),                                   # every seed from 0 to 10**5
    range(-5000, 0),                                   # negative seeds: the key is |s|
    range(2**32 - 3000, 2**32 + 3000),                 # one-word keys meet two-word keys
    range(2**64 - 3000, 2**64 + 3000),                 # two words meet three
    range(-(2**64) - 500, -(2**64) + 500),
    range(2**63 - 200, 2**63 + 200),                   # past NumPy's int64
    range(2**(32 * 624) - 40, 2**(32 * 624) + 40),     # 624-word keys meet 625-word keys
    range(-(2**(32 * 700)), -(2**(32 * 700)) + 30),    # keys longer than the state
    range(10**6, 10**9, 99_991),                       # a stride
]


@pytest.mark.parametrize("tier", FASTER)
@pytest.mark.parametrize("seeds", ADVERSARIAL, ids=lambda seeds: f"{seeds.start.bit_length()}-bit")
@pytest.mark.parametrize("size", [32, 48])
def test_every_tier_shuffles_as_random_does(tier, seeds, size):
    needs(tier)
    assert permutations(tier, size, seeds) == reference_cached(size, seeds)


@pytest.mark.parametrize("tier", FASTER)
@given(seed=st.integers(min_value=-(2**2000), max_value=2**2000), size=st.integers(1, 80))
@examples(120, deadline=None)
def test_every_tier_shuffles_any_seed_and_size(tier, seed, size):
    needs(tier)
    seeds = range(seed, seed + 3)
    assert permutations(tier, size, seeds) == random_decks(size, seeds)


@pytest.mark.parametrize("tier", FASTER)
@pytest.mark.parametrize("size", [300, 1300])
def test_a_game_that_runs_past_the_first_twist_is_still_exact(tier, size):
    # 300 cards need about 340 words, past the 227 the NumPy tier twists at once; 1,300 need
    # more than 624, a second twist of the whole state
    needs(tier)
    seeds = range(-20, 20)
    assert permutations(tier, size, seeds) == random_decks(size, seeds)


@pytest.mark.parametrize("tier", tiers.TIERS)
@pytest.mark.parametrize("module, golden", [(aces, "solitaire_1/sim_n1000_i0.out"),
                                            (sevens, "solitaire_2/sim_n1000_i0.out")])
def test_simulate_prints_the_golden_table_on_every_tier(tier, module, golden, capsysbinary):
    needs(tier)
    module.simulate(1000, 0, tier=tier)
    assert capsysbinary.readouterr().out == (GOLDEN / golden).read_bytes()


@pytest.mark.parametrize("game", ["solitaire-1", "solitaire-2"])
def test_the_cardgames_tables_are_the_same_on_every_tier(game, capsys):
    seen = {}
    for tier in tiers.TIERS:
        if tiers.installed(tier):
            assert cli.main([game, "--games", "30000", "--seed", str(2**32 - 10_000),
                             "--tier", tier]) == 0
            seen[tier] = capsys.readouterr().out
    assert len(set(seen.values())) == 1 and tiers.STDLIB in seen


def test_auto_takes_the_fastest_tier_worth_loading(monkeypatch):
    monkeypatch.delenv(tiers.ENVIRONMENT, raising=False)
    here = [tier for tier in tiers.TIERS if tiers.installed(tier)]
    assert tiers.choose(None, 10**9) == here[-1]
    small = tiers.NUMPY if tiers.NUMPY in here else tiers.STDLIB
    assert tiers.choose("auto", tiers.NUMBA_WORTH - 1) == small


def test_the_environment_forces_a_tier(monkeypatch):
    monkeypatch.setenv(tiers.ENVIRONMENT, tiers.STDLIB)
    assert tiers.choose(None, 10**9) == tiers.STDLIB
    assert tiers.choose(tiers.STDLIB) == tiers.STDLIB
    monkeypatch.setenv(tiers.ENVIRONMENT, "quantum")
    with pytest.raises(tiers.TierError, match="unknown tier 'quantum'"):
        tiers.choose()


def test_a_tier_that_is_not_installed_is_refused_with_its_extra(monkeypatch):
    monkeypatch.setattr(tiers, "_NUMBA_AVAILABLE", False)
    monkeypatch.setattr(tiers, "_importable", lambda module: False)
    with pytest.raises(tiers.TierError, match=r"pip install 'cardgames\[jit\]'"):
        tiers.choose(tiers.NUMBA)
    assert tiers.choose(tiers.AUTO, 10**9) != tiers.NUMBA


def test_a_faster_tier_that_disagrees_with_random_is_not_used(monkeypatch):
    monkeypatch.setattr(fastshuffle, "_AVAILABLE", None)
    monkeypatch.setattr(fastshuffle, "agrees_with_random", lambda shuffles: False)
    monkeypatch.setattr(tiers, "_NUMBA_AVAILABLE", None)
    assert not tiers.installed(tiers.NUMPY) and not tiers.installed(tiers.NUMBA)
    assert tiers.choose(None, 10**9) == tiers.STDLIB
    if tiers._importable("numpy"):
        with pytest.raises(tiers.TierError, match="does not shuffle as random.shuffle does"):
            tiers.choose(tiers.NUMPY)


def run_script(args, tier):
    environment = {**os.environ, tiers.ENVIRONMENT: tier}
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_a_root_script_with_an_unknown_tier_says_so_in_one_line():
    done = run_script(["solitaire_1.py", "1000", "0"], "quantum")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("solitaire_1.py: unknown tier 'quantum': "
                           "choose one of auto, stdlib, numpy, numba\n")


@pytest.mark.parametrize("tier", tiers.TIERS)
def test_the_environment_picks_the_tier_of_a_root_script(tier):
    needs(tier)
    loaded = ("import sys, solitaire_2; solitaire_2.simulate(1000, 0); "
              "print(sorted({'numpy', 'numba'} & set(sys.modules)), file=sys.stderr)")
    done = run_script(["-c", loaded], tier)
    assert done.returncode == 0
    assert done.stdout.encode() == (GOLDEN / "solitaire_2" / "sim_n1000_i0.out").read_bytes()
    expected = {tiers.STDLIB: [], tiers.NUMPY: ["numpy"], tiers.NUMBA: ["numba", "numpy"]}
    assert done.stderr == f"{expected[tier]}\n"


@pytest.mark.parametrize("args, message", [
    (["solitaire-2", "--tier", "numpy"], "--tier goes with --games N"),
    (["solitaire-1", "--games", "10", "--tier", "fast"],
     "--tier can be auto, stdlib, numpy or numba, not 'fast'"),
])
def test_cardgames_refuses_a_tier_it_cannot_use(args, message, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(args)
    assert stopped.value.code == 2 and message in capsys.readouterr().err


def test_cardgames_names_the_extra_of_a_missing_tier(monkeypatch, capsys):
    monkeypatch.setattr(tiers, "_NUMBA_AVAILABLE", False)
    monkeypatch.setattr(tiers, "_importable", lambda module: False)
    assert cli.main(["solitaire-2", "--games", "10", "--tier", "numba"]) == 2
    assert capsys.readouterr().err == ("cardgames: the numba tier is not installed here: "
                                       "pip install 'cardgames[jit]'\n")


class Kernel:
    """A stand-in for a compiled kernel: counts its recompilations."""

    def __init__(self):
        self.recompiled = 0

    def recompile(self):
        self.recompiled += 1


def test_a_stale_compiled_kernel_is_compiled_again():
    pytest.importorskip("numba")
    from cardgames import jitshuffle

    kernel = Kernel()
    jitshuffle.refresh([kernel], lambda: [1, 2, 3], [1, 2, 3])      # agrees: left alone
    assert kernel.recompiled == 0
    jitshuffle.refresh([kernel], lambda: [1, 2, 3 + kernel.recompiled], [1, 2, 4])
    assert kernel.recompiled == 1                                     # stale: compiled again
    with pytest.raises(RuntimeError, match="disagrees with the rules"):
        jitshuffle.refresh([kernel], lambda: [0], [1])               # wrong even when fresh


def test_a_failed_load_check_recompiles_every_function_once_and_asks_again():
    order = []

    class Function:
        def __init__(self, name):
            self.name = name

        def recompile(self):
            order.append(self.name)

    answers = iter([False, True])
    assert tiers.agrees_or_recompiled(lambda: next(answers), [Function("a"), Function("b")])
    assert order == ["a", "b"]
    assert not tiers.agrees_or_recompiled(lambda: False, [Function("c")]) and order[-1] == "c"
    assert tiers.agrees_or_recompiled(lambda: True, [Function("d")]) and "d" not in order
