"""The Dask scheduler of ``--scheduler``: its address read, then a connection that either
succeeds or fails within a time limit, with one line that says why.

Dask's ``Client(address, timeout=...)`` bounds only the opening of the connection: a port
that accepts and never answers keeps it waiting for ever (the handshake is read without a
time limit), bytes that are not Dask's can make it try to allocate exabytes, and a
malformed address raises from deep inside.  So the address is read here first, and its
host looked up (a name that cannot be found is said at once: Dask would try it again until
the time limit, then say only "no answer"); then the scheduler is asked who it is, in an
event loop of this module's own under one deadline that cancels whatever is still waiting;
only a scheduler that has answered gets a Client.

Needs the 'distributed' extra; nothing here is imported without ``--scheduler``.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import threading
from typing import Any

#: Seconds allowed to reach the scheduler and hear from it.
TIMEOUT = 10.0

#: Schemes that name a scheduler inside one process, which a command cannot reach.
_IN_PROCESS = {"inproc"}
#: Schemes that need Dask's TLS settings.
_TLS = {"tls", "wss"}
_PORT = re.compile(r"[0-9]{1,5}")
EXAMPLE = "tcp://host:8786"


class SchedulerError(Exception):
    """The scheduler cannot be used.  The message is one line; ``status`` is the exit status:
    2 for an address or a configuration that cannot work, 1 for a scheduler not reached."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(" ".join(message.split()))
        self.status = status


def check_address(address: str) -> str:
    """The address's scheme, if ``address`` is ``[scheme://]host:port`` and can be reached
    from this process; else SchedulerError with status 2 (``host_and_port`` reads both).

    The port follows the integer syntax of every option (ASCII digits), from 1 to 65535.
    """
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    def malformed(why: str) -> SchedulerError:
        return SchedulerError(f"--scheduler {address!r}: {why} (an address is like {EXAMPLE})",
                              status=2)

    if not address.strip():
        raise malformed("no address")
    if not address.isprintable() or any(char.isspace() for char in address):
        raise malformed("blanks or control characters")
    scheme: str  # Dask is not type-checked (pyproject.toml): its results are typed here
    location: str
    scheme, location = parse_address(address)
    if scheme in _IN_PROCESS:
        raise malformed(f"{scheme}:// names a scheduler inside one process")
    try:
        backend = get_backend(scheme)
        host, _ = backend.get_address_host_port(location)
    except (ValueError, NotImplementedError, ImportError) as error:  # ucx: not installed
        raise malformed(str(error) or f"this Dask cannot use {scheme}:// addresses") from None
    port = location.rpartition(":")[2]
    if not host or _PORT.fullmatch(port) is None or not 1 <= int(port) <= 65535:
        raise malformed("it needs a host and a port from 1 to 65535")
    if scheme in _TLS and _connection_args().get("ssl_context") is None:
        raise SchedulerError(f"--scheduler {address}: {scheme}:// needs Dask's TLS settings "
                             "(distributed.comm.tls.ca-file, .client.cert, .client.key)",
                             status=2)
    return scheme


def connect(address: str, timeout: float | None = None) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address``, reached within ``timeout``
    seconds (default TIMEOUT); else SchedulerError, whatever answers or fails to."""
    from distributed import Client

    timeout = TIMEOUT if timeout is None else timeout
    check_address(address)
    cannot = f"cannot use the scheduler {address}"
    _look_up(*host_and_port(address), timeout, cannot)
    identity = _identity(address, timeout, cannot)
    kind = identity.get("type") if isinstance(identity, dict) else None
    if kind != "Scheduler":
        what = f"a Dask {kind}" if isinstance(kind, str) and kind.isidentifier() else \
            "not Dask"
        raise SchedulerError(f"{cannot}: what answers there is {what}, not a Dask scheduler")
    try:
        return Client(address, timeout=timeout)
    except (OSError, ImportError) as error:  # it went away since; ImportError: versions
        raise SchedulerError(f"{cannot}: {error}") from None


def client_of(address: str) -> Any:
    """``connect(address)``, and first SchedulerError (status 2) when Dask is not installed
    here (the 'distributed' extra).  Dask's own logs are silenced in this process: when the
    scheduler goes away they print tracebacks, and the commands say what happened in one
    line instead."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise SchedulerError("--scheduler needs Dask: pip install 'cardgames[distributed]'",
                             status=2) from None
    _silence_dask()
    return connect(address)


def _silence_dask() -> None:
    """Set Dask's loggers (and Tornado's, under them) to critical errors only; Dask's
    configuration gives some of them levels of their own, so each is set."""
    names = [name for name in logging.root.manager.loggerDict
             if name.split(".")[0] in ("distributed", "tornado")]
    for name in {"distributed", "tornado", *names}:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def host_and_port(address: str) -> tuple[str, int]:
    """The host and the port of an address that ``check_address`` accepts."""
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    scheme: str
    location: str
    scheme, location = parse_address(address)
    host: str
    port: int
    host, port = get_backend(scheme).get_address_host_port(location)
    return host, port


def _look_up(host: str, port: int, timeout: float, cannot: str) -> None:
    """Find ``host`` (the name service's answer, within ``timeout`` seconds): a host that
    cannot be found is said at once, as Dask would try it again until its time is up."""
    outcome: dict[str, OSError | None] = {}

    def look_up() -> None:
        try:
            socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            outcome["error"] = None
        except OSError as error:
            outcome["error"] = error

    thread = threading.Thread(target=look_up, name="cardgames-scheduler-lookup", daemon=True)
    thread.start()
    thread.join(timeout)
    if "error" not in outcome:
        raise SchedulerError(f"{cannot}: the host {host} was not found within {timeout:g} s")
    error = outcome["error"]
    if isinstance(error, socket.gaierror):
        raise SchedulerError(f"{cannot}: the host {host} cannot be found "
                             f"({error.strerror or error})")


def _connection_args() -> dict[str, Any]:
    """What Dask's Client passes to a connection: the TLS settings of Dask's configuration."""
    from distributed.security import Security

    args: dict[str, Any] = Security().get_connection_args("client")
    return args


def _identity(address: str, timeout: float, cannot: str) -> object:
    """The scheduler's answer to Dask's ``identity`` request, heard within ``timeout`` s.

    The exchange runs in an event loop of its own, on a thread of its own (the caller may be
    inside an event loop already); at the deadline the loop cancels it, so nothing is left
    waiting on the socket.
    """
    from distributed.comm import connect as open_comm

    async def ask() -> object:
        comm = await open_comm(address, timeout=timeout, **_connection_args())
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def within_deadline() -> object:
        return await asyncio.wait_for(ask(), timeout)

    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["answer"] = asyncio.run(within_deadline())
        except BaseException as error:  # noqa: BLE001 - reported by the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=run, name="cardgames-scheduler-probe", daemon=True)
    thread.start()
    thread.join(timeout + 5)  # the loop's own deadline ends it sooner
    if "answer" in outcome:
        return outcome["answer"]
    error = outcome.get("error")
    if error is None or (isinstance(error, asyncio.TimeoutError) and not str(error)):
        raise SchedulerError(f"{cannot}: no answer within {timeout:g} s")
    if isinstance(error, OSError):  # refused, unreachable, closed, or Dask's own time limit
        raise SchedulerError(f"{cannot}: {error}")
    if isinstance(error, Exception):  # undecodable bytes: MemoryError, ValueError, ...
        raise SchedulerError(f"{cannot}: what answers there does not speak Dask's protocol")
    raise error


def await_worker(client: Any, address: str, timeout: float | None = None) -> None:
    """Return once the scheduler has a worker (within ``timeout`` seconds, default
    TIMEOUT); else SchedulerError: work sent to a cluster without workers waits for ever."""
    timeout = TIMEOUT if timeout is None else timeout
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (TimeoutError, asyncio.TimeoutError):
        raise SchedulerError(f"cannot use the scheduler {address}: it has no worker "
                             f"(none came within {timeout:g} s; start one with "
                             f"dask worker {address})") from None
    except OSError as error:
        raise SchedulerError(f"cannot use the scheduler {address}: {error}") from None


def lost_cluster(error: BaseException) -> str | None:
    """What ``error``, raised while a cluster worked, says of the cluster, in one line: its
    scheduler went away, or a worker died (Dask gives up on a piece of work whose workers
    keep dying: out of memory?); None when it is not the cluster's failure."""
    from concurrent.futures import CancelledError

    from distributed import KilledWorker

    if isinstance(error, KilledWorker):
        return "a worker died while it worked (out of memory?)"
    if isinstance(error, CancelledError):   # what a client's futures become without it
        return "the scheduler went away (the work it held is lost)"
    if isinstance(error, OSError):
        return f"the scheduler went away ({error})"
    return None
