"""The engine driver every environment shares: one game, its seats' observations, masks
and the factorised decisions in progress.

A `Table` knows no game and no RL library but numpy: the PettingZoo environments and the
Gymnasium wrapper are thin adapters over it. A seat's observation comes from its view
alone (`GameSpec.view`, or the lean view where the encoding reads no log) and its mask
from its own legal actions, so nothing another seat hides can reach it. With
simultaneous moves (Aquawar's picks, the Tactics draft) the seats to move are asked one
after another; the first one's choice is applied to the engine at once, which shows the
second nothing (the game's views never show a pick before both are in).
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt

from sparring.core.errors import IllegalAction
from sparring.core.game import GameSpec, ViewFunction

from .encoding import CONTINUE, Encoding, Menu, Observer, Vector


class Table:
    """One game in progress, seen seat by seat through an `Encoding`."""

    __slots__ = (
        "_features",
        "_legal",
        "_menus",
        "_movers",
        "_observations",
        "_views",
        "encoding",
        "observer",
        "options",
        "paths",
        "spec",
        "state",
        "view_of",
    )

    def __init__(self, spec: GameSpec, options: Any, encoding: Encoding) -> None:
        self.spec = spec
        self.options = options
        self.encoding = encoding
        self.observer = Observer(encoding)
        lean = spec.search.lean_view
        self.view_of: ViewFunction = spec.view if encoding.reads_log or lean is None else lean
        self.state: Any = None
        self.paths: list[tuple[int, ...]] = []
        self._menus: dict[int, Menu] = {}
        self._views: dict[int, Any] = {}
        self._legal: dict[int, Any] = {}
        self._movers: tuple[int, ...] | None = None
        self._features: dict[int, Vector] = {}
        self._observations: dict[int, dict[str, npt.NDArray[Any]]] = {}

    @property
    def num_players(self) -> int:
        return int(self.state.num_players)

    def start(self, seed: int) -> None:
        """A new game from `seed`."""
        self.resume(self.spec.new_game(seed, self.options))

    def resume(self, state: Any) -> None:
        """Play on from `state` (a position set up elsewhere: a test's, a scenario's)."""
        self.state = state
        self.paths = [() for _ in range(state.num_players)]
        self._changed()

    def _changed(self) -> None:
        """Forget the seats to move, menus, views, legal actions, features and observations
        worked out for the game as it was."""
        self._movers = None
        self._menus = {}
        self._views = {}
        self._legal = {}
        self._features = {}
        self._observations = {}

    def _stepped(self, seat: int) -> None:
        """Forget what `seat`'s path changes: its menu and its observation (its view, legal
        actions and features stay: the game has not moved)."""
        self._menus.pop(seat, None)
        self._observations.pop(seat, None)

    def view(self, seat: int) -> Any:
        """`seat`'s view now, made once per change of the game (the menu and the features
        both read it)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.view_of(self.state, seat)
        return view

    def legal(self, seat: int) -> Any:
        """`seat`'s legal actions now, listed once per change of the game (every step of a
        factorised decision reads the same list)."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.state.legal_actions(seat)
        return legal

    def to_move(self) -> tuple[int, ...]:
        """The seats to decide now (empty once the game is over), asked of the game once per
        change (every step and every menu asks)."""
        movers = self._movers
        if movers is None:
            movers = self._movers = tuple(self.state.to_move())
        return movers

    def is_over(self) -> bool:
        return bool(self.state.is_terminal())

    def returns(self) -> tuple[float, ...]:
        return tuple(float(value) for value in self.state.returns())

    def menu(self, seat: int) -> Menu:
        """`seat`'s open entries now (empty when it is not to move). Where the only open
        entry would continue the decision, the table takes it for the seat (its path
        shows it), so no step is spent on a choice there is none of."""
        menu = self._menus.get(seat)
        if menu is None:
            menu = {}
            if seat in self.to_move():
                view, legal = self.view(seat), self.legal(seat)
                menu = self.encoding.menu(view, legal, self.paths[seat])
                while len(menu) == 1 and next(iter(menu.values())) is CONTINUE:
                    self.paths[seat] = (*self.paths[seat], *menu)
                    menu = self.encoding.menu(view, legal, self.paths[seat])
            self._menus[seat] = menu
        return menu

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """`seat`'s observation: its encoded view (with its decision's path so far) and the
        mask of the entries open to it, made once per step (asked again before the next
        step, the same arrays are returned)."""
        observation = self._observations.get(seat)
        if observation is None:
            mask = self.observer.mask(self.menu(seat))  # first: it may take a forced step
            observation = {"observation": self.features(seat), "action_mask": mask}
            self._observations[seat] = observation
        return observation

    def features(self, seat: int) -> Vector:
        """`seat`'s encoded view, written once per change of the game, with its path."""
        features = self._features.get(seat)
        if features is None:
            features = self._features[seat] = self.observer.features(self.view(seat), seat)
        return self.observer.with_path(features, self.paths[seat])

    def choose(self, seat: int, index: int) -> None:
        """`seat` chooses entry `index`: the action it plays, or one more index of the
        seat's path in a factorised decision. An entry the mask closes is refused with the
        reason, the game untouched."""
        menu = self.menu(seat)
        entry = menu.get(int(index))
        if entry is None:
            names = self.encoding.action_names
            what = names[index] if 0 <= index < len(names) else "out of range"
            raise IllegalAction(
                f"seat {seat}: action {index} ({what}) is not open now; "
                f"open: {sorted(menu)[:20]}{' ...' if len(menu) > 20 else ''}"
            )
        if entry is CONTINUE:
            self._stepped(seat)
            self.paths[seat] = (*self.paths[seat], int(index))
            return
        self.paths[seat] = ()
        self.play(seat, entry)

    def play(self, seat: int, action: Any) -> None:
        """`seat` plays `action` (chosen through the encoding, or by an opponent that
        reads views and legal actions directly); the engine refuses an illegal one."""
        self.state.apply(action, seat)
        self._changed()

    def penalise(self, seat: int, reason: str) -> None:
        """What an illegal answer costs `seat`: the game's price of a referee's IA verdict
        (most games: the whole game; 5×5 Tactics: hero HP and the activation)."""
        self.paths[seat] = ()
        self.spec.apply_verdict(self.state, seat, "IA", reason)
        self._changed()
