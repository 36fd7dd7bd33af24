"""Every table the server runs: creating them, playing their machine seats, taking people's
moves, storing each decision before anyone is told, and sending each socket its frames.

One asyncio task per unfinished table (its driver) asks the table's built-in agents and
bots for their decisions, each in a worker thread so the event loop never waits on one,
and enforces the people's clocks. Everything that reads or changes a table's state holds
the table's lock, so the order of decisions is the order of the stored rows, and every
socket of the table gets every frame, in `seq` order, from its own queue.

A decision goes: applied to the engine's state (the engine refuses an illegal action and
changes nothing), stored as a row in its own transaction, then recorded in the table's
trace and log, then acknowledged to the person who made it, then broadcast. If storing
fails the table is rebuilt from the store, so memory never runs ahead of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime as dt
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from sparring.arena.process import BotFailure
from sparring.arena.protocol import chosen_action
from sparring.arena.seats import BuiltinSeat, Seat
from sparring.arena.store import MatchRecord
from sparring.core.errors import BadInput, IllegalAction
from sparring.core.game import GameSpec, ViewFunction
from sparring.core.replay import OK, options_json
from sparring.core.verdicts import IA, RE, TLE

from .config import ServerConfig
from .records import StoredAction, TableSetup, WebStore
from .seating import CORRESPONDENCE, PERSON, checked_seat, machine_seat
from .tables import LiveTable

log = logging.getLogger(__name__)

MAX_SEED = 2**63
TOKEN_BYTES = 32
TABLE_ID_BYTES = 9
#: Seconds before a machine seat is asked again after its decision could not be stored.
RETRY_SECONDS = 1.0


def new_token() -> str:
    """An unguessable seat token (256 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Refused(Exception):
    """A client's message the server refuses; the message says why. Nothing changed."""


class Subscriber:
    """One socket's place at a table: who it is (a seat, or None: a spectator) and its
    queue of messages, sent in order by the socket's own writer."""

    def __init__(self) -> None:
        self.viewer: int | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue()

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else encode(message)
        self.queue.put_nowait(text)


def encode(message: dict[str, Any]) -> str:
    return msgspec.json.encode(message).decode()


@dataclass
class Running:
    """A table the hub holds: its game, lock, sockets and machine seats."""

    live: LiveTable
    seats: list[Seat | None]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    subscribers: set[Subscriber] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.live.setup.id


class Hub:
    """The server's tables (see the module docstring). `games` finds a game's spec by
    name and `board` the URL of its board module; `pace` is a pause before each machine
    decision, so people can follow a game between machines."""

    def __init__(
        self,
        store: WebStore,
        config: ServerConfig,
        games: Callable[[str], GameSpec],
        board: Callable[[GameSpec], str],
        pace: float = 0.0,
    ) -> None:
        self.store = store
        self.config = config
        self.games = games
        self.board = board
        self.pace = pace
        self.tables: dict[str, Running] = {}
        self._loading = asyncio.Lock()

    # ------------------------------------------------------------------ lifetime

    async def start(self) -> None:
        """Resume every unfinished table from the store."""
        setups = await asyncio.to_thread(self.store.tables, "playing")
        for setup in setups:
            try:
                await self._load(setup)
            except Exception:  # one broken table must not keep the others from resuming
                log.exception("table %s could not be resumed", setup.id)

    async def stop(self) -> None:
        for running in self.tables.values():
            if running.driver is not None:
                running.driver.cancel()
        for running in list(self.tables.values()):
            if running.driver is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await running.driver
            await asyncio.to_thread(_close_seats, running.seats)

    async def _load(self, setup: TableSetup) -> Running:
        spec = self.games(setup.game)
        actions = await asyncio.to_thread(self.store.actions, setup.id)
        live = LiveTable(setup, spec, time.time())
        live.rebuild(actions)
        # A live clock starts afresh after a restart (the pause was the server's, not the
        # player's); a correspondence deadline stands.
        since = actions[-1].at if actions else setup.created_at.timestamp()
        _resume_clocks(live, since, time.time())
        running = Running(live, self._machines(live))
        self.tables[setup.id] = running
        if live.finished:
            if live.match_id is None:
                await self._finish(running)
        else:
            running.driver = asyncio.create_task(self._drive(running))
        return running

    def _machines(self, live: LiveTable) -> list[Seat | None]:
        return [
            machine_seat(seat, live.spec, index, live.setup.seed, self.config)
            for index, seat in enumerate(live.setup.seats)
        ]

    async def table(self, table_id: str) -> Running | None:
        """The table `table_id`, loaded from the store if it is not held (a finished one)."""
        running = self.tables.get(table_id)
        if running is not None:
            return running
        async with self._loading:
            if table_id in self.tables:
                return self.tables[table_id]
            setup = await asyncio.to_thread(self.store.table, table_id)
            if setup is None:
                return None
            return await self._load(setup)

    # ------------------------------------------------------------------ the lobby

    async def create(
        self, game: str, options: Any, seed: Any, seats: Any
    ) -> tuple[Running, list[str | None]]:
        """A new table; returns it and each person seat's token (None for machines)."""
        spec = self.games(game)
        if not isinstance(seats, list) or not seats:
            raise BadInput("seats is a list with one entry per seat")
        plans = [checked_seat(data, spec, index, self.config) for index, data in enumerate(seats)]
        rules = _rules(spec, options, len(plans))
        table_seed = _seed(seed)
        players = spec.new_game(table_seed, rules).num_players
        if players != len(plans):
            raise BadInput(f"{spec.name} with these options has {players} seats, not {len(plans)}")
        if any(plan["kind"] == "bot" for plan in plans) and self.config.sandbox:
            from sparring.arena.sandbox import check_available

            check_available()
        tokens = [new_token() if plan["kind"] == PERSON else None for plan in plans]
        setup = TableSetup(
            id=secrets.token_urlsafe(TABLE_ID_BYTES),
            game=spec.name,
            options=options_json(rules),
            seed=table_seed,
            seats=plans,
            token_hashes=[None if token is None else token_hash(token) for token in tokens],
            created_at=dt.datetime.now(dt.UTC),
        )
        await asyncio.to_thread(self.store.create_table, setup)
        return await self._load(setup), tokens

    async def join(self, running: Running, seat: int) -> str:
        """Take an open person seat from the lobby: a fresh token for it, and the seat is
        no longer open (the invitation's token stops working)."""
        async with running.lock:
            seats = running.live.setup.seats
            if not 0 <= seat < len(seats):
                raise BadInput(f"this table has no seat {seat}")
            plan = seats[seat]
            if plan["kind"] != PERSON or not plan.get("open") or plan.get("taken"):
                raise BadInput(f"seat {seat} is not open to join")
            token = new_token()
            await asyncio.to_thread(self.store.replace_token, running.id, seat, token_hash(token))
            taken = [dict(each) for each in seats]
            taken[seat]["taken"] = True
            hashes = list(running.live.setup.token_hashes)
            hashes[seat] = token_hash(token)
            running.live.setup = dataclasses.replace(
                running.live.setup, seats=taken, token_hashes=hashes
            )
            return token

    def summaries(self) -> list[dict[str, Any]]:
        return [running.live.summary() for running in self.tables.values()]

    # ------------------------------------------------------------------ sockets

    def seat_of(self, running: Running, token: Any) -> int | None:
        """The seat `token` opens at this table (None: no token, a spectator); a token
        that opens no seat here is refused."""
        if token is None:
            return None
        if not isinstance(token, str) or len(token) > 200:
            raise Refused("a seat token is a string")
        digest = token_hash(token)
        for seat, expected in enumerate(running.live.setup.token_hashes):
            if expected is not None and hmac.compare_digest(digest, expected):
                return seat
        raise Refused("this token opens no seat at this table")

    async def subscribe(self, running: Running, subscriber: Subscriber, viewer: int | None) -> None:
        """Send `hello` and the current frame (with the whole log so far), then every
        frame that follows."""
        async with running.lock:
            live = running.live
            subscriber.viewer = viewer
            subscriber.send(live.hello(viewer, self.board(live.spec)))
            lines = list(live.audiences[viewer].lines)
            subscriber.send(live.frame(viewer, lines, time.time()))
            running.subscribers.add(subscriber)

    def unsubscribe(self, running: Running, subscriber: Subscriber) -> None:
        running.subscribers.discard(subscriber)

    async def act(self, running: Running, subscriber: Subscriber, message: dict[str, Any]) -> None:
        """A person's move (`{"type": "act", "action": ...}` or `"index"`), checked as a
        bot's reply is; `Refused` if it is not theirs to make or not legal."""
        seat = subscriber.viewer
        if seat is None:
            raise Refused("spectators cannot act")
        async with running.lock:
            live = running.live
            if live.finished:
                raise Refused("the game is over")
            if seat not in live.to_move():
                raise Refused("it is not your turn")
            decision = message.get("decision")
            if decision is not None and decision != live.next_decision(seat):
                raise Refused(f"decision {decision!r} is not yours to make now")
            legal = live.state.legal_actions(seat)
            reply: dict[str, Any] = {k: message[k] for k in ("action", "index") if k in message}
            try:
                action = chosen_action(live.spec, reply, legal)
            except BotFailure as failure:
                raise Refused(failure.detail) from None
            if not _may_be_legal(action, legal):
                raise Refused(f"{_shown(action)} is not one of your legal actions")
            try:
                live.state.apply(action, seat)
            except IllegalAction as error:
                raise Refused(str(error) or "illegal action") from None
            spent = max(0.0, time.time() - live.turn_started)
            await self._commit(running, seat, action, OK, None, spent, subscriber)

    # ------------------------------------------------------------------ deciding

    async def _commit(
        self,
        running: Running,
        seat: int,
        action: Any,
        verdict: str,
        reason: str | None,
        spent: float,
        acting: Subscriber | None = None,
    ) -> None:
        """Store a decision already applied to the state, then record, acknowledge and
        broadcast it (see the module docstring). Called with the table's lock held."""
        live = running.live
        stored = StoredAction(
            number=live.decisions + 1,
            seat=seat,
            action=None if action is None else action.to_json(),
            verdict=verdict,
            reason=reason,
            spent=round(spent, 6),
            at=time.time(),
        )
        try:
            await asyncio.to_thread(self.store.add_action, running.id, stored)
        except Exception as error:
            log.exception("table %s: decision %d not stored", running.id, stored.number)
            await self._reload(running)
            raise Refused(f"the move could not be stored, so it was not made: {error}") from None
        live.record(stored, action)
        if live.finished:
            await self._finish(running)
        if acting is not None:
            acting.send({"type": "ack", "seq": live.seq})
        self._broadcast(running)
        running.wake.set()

    async def _reload(self, running: Running) -> None:
        """Rebuild the table's state from the store (after a failed write)."""
        setup = await asyncio.to_thread(self.store.table, running.id)
        actions = await asyncio.to_thread(self.store.actions, running.id)
        assert setup is not None
        live = LiveTable(setup, running.live.spec, time.time())
        live.rebuild(actions)
        running.live = live

    async def _finish(self, running: Running) -> None:
        live = running.live
        live.trace.finish(live.state)
        record = MatchRecord.from_trace(live.trace)
        try:
            live.match_id = await asyncio.to_thread(self.store.finish_table, running.id, record)
        except Exception:  # stored on the next start, from the actions: nothing is lost
            log.exception("table %s: the finished match was not stored", running.id)

    def _broadcast(self, running: Running) -> None:
        live = running.live
        fresh = live.take_fresh()
        now = time.time()
        encoded: dict[int | None, str] = {}
        for subscriber in running.subscribers:
            viewer = subscriber.viewer
            if viewer not in encoded:
                encoded[viewer] = encode(live.frame(viewer, fresh[viewer], now))
            subscriber.send(encoded[viewer])

    async def _drive(self, running: Running) -> None:
        """Play the table's machine seats and enforce the clocks until the game ends."""
        try:
            await self._start_machines(running)
            while not running.live.finished:
                try:
                    await self._step(running)
                except Refused:  # a decision not stored: the table was rebuilt; ask again
                    await asyncio.sleep(RETRY_SECONDS)
            await self._farewell(running)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s stopped", running.id)

    async def _start_machines(self, running: Running) -> None:
        live = running.live
        seconds = live.spec.referee.decision_seconds
        for index, seat in enumerate(running.seats):
            if seat is None:
                continue
            try:
                await asyncio.to_thread(
                    seat.start, live.spec, index, live.players, live.options, seconds
                )
            except Exception as error:  # a bot that cannot start gets a verdict, as ever
                failure = _as_failure(error)
                async with running.lock:
                    if running.live.finished:
                        return
                    running.live.apply_verdict(index, failure.verdict, failure.detail)
                    await self._commit(running, index, None, failure.verdict, failure.detail, 0.0)

    async def _step(self, running: Running) -> None:
        """One decision of a machine seat, or a wait for the people to move (or time out)."""
        async with running.lock:
            live = running.live
            if live.finished:
                return
            movers = live.to_move()
            machine = next((seat for seat in movers if running.seats[seat] is not None), None)
            number = live.decisions
            if machine is None:
                due, late = min((live.deadline(seat), seat) for seat in movers)
                running.wake.clear()
            else:
                asked = _ask(live, running.seats[machine], machine)
        if machine is None:
            await self._wait_for_people(running, number, due, late)
        else:
            await self._machine_decides(running, machine, number, asked)

    async def _wait_for_people(self, running: Running, number: int, due: float, late: int) -> None:
        waiting = due - time.time()
        if waiting > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(running.wake.wait(), waiting)
            return
        async with running.lock:
            live = running.live
            if live.decisions != number or late not in live.to_move():
                return
            reason = "no move before the deadline"
            live.apply_verdict(late, TLE, reason)
            await self._commit(running, late, None, TLE, reason, time.time() - live.turn_started)

    async def _machine_decides(
        self,
        running: Running,
        seat: int,
        number: int,
        decide: Callable[[], Any],
    ) -> None:
        if self.pace > 0:
            await asyncio.sleep(self.pace)
        started = time.monotonic()
        failure: BotFailure | None = None
        action: Any = None
        try:
            action = await asyncio.to_thread(decide)
        except Exception as error:  # a crash is the seat's failure, never the server's
            failure = _as_failure(error)
        spent = time.monotonic() - started
        async with running.lock:
            live = running.live
            if live.decisions != number or live.finished:
                return  # the table moved on (a person's time-out, a rebuild)
            if failure is not None:
                live.apply_verdict(seat, failure.verdict, failure.detail)
                await self._commit(running, seat, None, failure.verdict, failure.detail, spent)
                return
            try:
                live.state.apply(action, seat)
            except IllegalAction as error:
                detail = f"{_shown(action)}: {error}"
                live.apply_verdict(seat, IA, detail)
                await self._commit(running, seat, action, IA, detail, spent)
                return
            await self._commit(running, seat, action, OK, None, spent)

    async def _farewell(self, running: Running) -> None:
        """Tell the machine seats the result, as the referee does, and close them."""
        live = running.live
        result = live.result() or {}
        for index, seat in enumerate(running.seats):
            if seat is None:
                continue
            view = _view_function(live.spec, seat)
            shown = None if view is None else view(live.state, index)
            with contextlib.suppress(Exception):
                await asyncio.to_thread(seat.finish, shown, result)
        await asyncio.to_thread(_close_seats, running.seats)


def _as_failure(error: Exception) -> BotFailure:
    """A machine seat's failure as the referee's verdict: a bot's own, or RE for any
    other exception (a built-in agent's bug must not stop the table, let alone the
    server)."""
    if isinstance(error, BotFailure):
        return error
    return BotFailure(RE, f"{type(error).__name__}: {error}")


def _ask(live: LiveTable, seat: Seat | None, index: int) -> Callable[[], Any]:
    """What a machine seat is asked, made under the table's lock: its view and legal
    actions now, and its clock; the asking itself runs later, in a worker thread."""
    assert seat is not None
    view_function = _view_function(live.spec, seat)
    view = None if view_function is None else view_function(live.state, index)
    legal = live.state.legal_actions(index)
    seconds = live.clock_seconds(index)
    return lambda: seat.decide(view, legal, seconds)


def _view_function(spec: GameSpec, seat: Seat) -> ViewFunction | None:
    """As the referee serves them: an in-process agent only what it reads, a bot the
    full view."""
    if isinstance(seat, BuiltinSeat):
        return spec.view_for(seat.agent)
    return spec.view


def _close_seats(seats: Iterable[Seat | None]) -> None:
    for seat in seats:
        if seat is not None:
            with contextlib.suppress(Exception):
                seat.close()


def _resume_clocks(live: LiveTable, since: float, now: float) -> None:
    """The clocks of a table (re)loaded now, whose last decision was at `since`: a
    correspondence deadline stands, so those clocks run from `since`; every other clock
    starts afresh (a pause while the server was down was not the player's)."""
    movers = live.to_move()
    corresponding = any(
        live.setup.seats[seat]["kind"] == PERSON
        and live.setup.seats[seat]["clock"] == CORRESPONDENCE
        for seat in movers
    )
    live.turn_started = since if corresponding else now


def _may_be_legal(action: Any, legal: Any) -> bool:
    """False only when `legal` can say for sure that `action` is not in it."""
    try:
        return bool(action in legal)
    except Exception:  # a compact form that cannot answer: the engine's apply decides
        return True


def _shown(action: Any) -> str:
    to_json = getattr(action, "to_json", None)
    return str(to_json() if to_json is not None else action)


def _rules(spec: GameSpec, options: Any, seats: int) -> Any:
    """The table's rule options, checked by the game; a game with a player count takes
    it from the number of seats unless the options give it."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadInput("options is a JSON object of the game's rule options")
    data = dict(options)
    if hasattr(spec.options_from_json(None), "players") and "players" not in data:
        data["players"] = seats
    return spec.options_from_json(data or None)


def _seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise BadInput("seed is a whole number from 0 to 2**63 - 1, or null for a random one")
    return seed
