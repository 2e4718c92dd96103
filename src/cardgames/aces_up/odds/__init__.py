"""The odds of winning Aces Up: with the stock known, the seeded deals of a range each solved
within a budget; without, each played by a player who never sees the stock (``players``).
Either kept in a log one line per deal, and summed up with Wilson 95% intervals.

A deal the solver settles is winnable or proved lost whatever the machine; a deal it leaves
unsettled is counted apart, and the summary bounds the share of winnable deals by counting
the unsettled ones as lost, then as won.  A budget in positions (``max_nodes``) gives the same
log on any machine at any load (the two tiers visit the same positions); a budget in seconds
depends on both.

The log starts with a header line (``# classic rules, budget ..., tier ..., memory ...``, or
``# classic rules, player NAME, tier ...``), then ``seed STATUS seconds work`` per deal, in
the order they finish.  A player's run can be compared with the solver's log of the same
deals (the share of the winnable deals it wins; a win on a deal proved lost would be a bug)
and with another player's (McNemar's test).  A solver's run can take the deals an earlier
run settled from its log and search only the others, with a larger budget, say (a settled
verdict is exact whatever the budget).  A run that stops (Ctrl-C, a kill, a power
cut) keeps every deal it finished: the same command goes on from there.  This package plays
no I/O but the log; ``cli`` prints.

The package in three modules: ``run`` (what a run does and the solving or playing of its
deals), ``log`` (its log: one line per deal, resumed after a stop) and ``summary`` (the
counts and their intervals as text).
"""

from __future__ import annotations

from cardgames.aces_up.odds.log import (
    Header,
    Log,
    LogError,
    compared_log,
    deal_line,
    header,
    parse_header,
    parse_line,
    parse_log,
    read_log,
    settled_log,
)
from cardgames.aces_up.odds.run import (
    PLAYED,
    RULES,
    WON,
    Budget,
    Deal,
    Run,
    load_tier,
    play_deal,
    solve_deal,
    solved,
)
from cardgames.aces_up.odds.summary import (
    Compared,
    Tally,
    lost_wins,
    mcnemar_p,
    played_summary,
    progress_text,
    summary,
    title,
)

__all__ = ["Header", "Log", "LogError", "compared_log", "deal_line", "header", "parse_header",
           "parse_line", "parse_log", "read_log", "settled_log",
           "PLAYED", "RULES", "WON", "Budget", "Deal", "Run", "load_tier", "play_deal",
           "solve_deal", "solved",
           "Compared", "Tally", "lost_wins", "mcnemar_p", "played_summary", "progress_text",
           "summary", "title"]
