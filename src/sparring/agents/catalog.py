"""The built-in agents of a game, by the text that names one: the game's own agents, then
the generic agents every game that supports them gets (`GENERIC`).

An agent is named ``NAME`` or ``NAME?KEY=VALUE,KEY=VALUE`` (the part after ``builtin:`` in
a seat, or ``--p0``/``--agent`` of `sparring play`): e.g. ``ismcts?think=0.2`` or
``ismcts?iterations=500,c=0.7``. Only a generic agent takes parameters; an unknown name,
an unknown key or a bad value is refused with one line that names the known ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sparring.core.errors import BadInput
from sparring.core.game import Agent, GameSpec

from .ismcts import UNIFORM, ISMCTSAgent


@dataclass(frozen=True)
class Parameter:
    """One parameter of a generic agent: ``read`` turns its text into its value (a
    `ValueError` if it cannot), ``means`` says in words what a good value is."""

    read: Callable[[str], Any]
    means: str


@dataclass(frozen=True)
class GenericAgent:
    """An agent any game can have: ``offered(spec)`` says whether this game can, ``build(
    spec, seat, seed, parameters)`` makes one from its read `parameters`."""

    offered: Callable[[GameSpec], bool]
    build: Callable[[GameSpec, int, int, dict[str, Any]], Agent]
    parameters: Mapping[str, Parameter]


def _within(kind: Callable[[str], float], low: float, high: float) -> Callable[[str], Any]:
    """A reader of a number of `kind` (int or float) from `low` to `high`."""

    def read(text: str) -> Any:
        value = kind(text)
        if not low <= value <= high:
            raise ValueError(text)
        return value

    return read


def _name(text: str) -> str:
    return text.strip().lower()


def _build_ismcts(spec: GameSpec, seat: int, seed: int, parameters: dict[str, Any]) -> Agent:
    rollout = parameters.get("rollout")
    if rollout is not None and rollout != UNIFORM and not _plays_rollouts(spec, rollout):
        names = [name for name in sorted(spec.agents) if _plays_rollouts(spec, name)]
        raise BadInput(
            f"ismcts: rollout {rollout!r} is not an agent of {spec.name} that plays on its "
            f"own; known: {', '.join([UNIFORM, *names])}"
        )
    return ISMCTSAgent(spec, seat, seed, **parameters)


def _plays_rollouts(spec: GameSpec, name: str) -> bool:
    """Whether the game's agent `name` can play rollouts: any but a person at a terminal."""
    from .terminal import TerminalAgent

    factory = spec.agents.get(name)
    return factory is not None and not isinstance(factory(0, 0), TerminalAgent)


GENERIC: dict[str, GenericAgent] = {
    "ismcts": GenericAgent(
        offered=lambda spec: spec.search.determinize is not None,
        build=_build_ismcts,
        parameters={
            "think": Parameter(_within(float, 0.001, 3600), "seconds, from 0.001 to 3600"),
            "iterations": Parameter(_within(int, 1, 10**9), "a whole number, at least 1"),
            "c": Parameter(_within(float, 0, 100), "a number from 0 to 100"),
            "rollout": Parameter(_name, "an agent name"),
        },
    ),
}


def agent_names(spec: GameSpec) -> list[str]:
    """Every built-in agent `spec`'s game offers, sorted: its own and the generic ones."""
    generic = [name for name, agent in GENERIC.items() if agent.offered(spec)]
    return sorted({*spec.agents, *generic})


def parse_agent(text: str) -> tuple[str, dict[str, str]]:
    """``NAME?KEY=VALUE,...`` as the lower-case name and its raw parameters."""
    name, _, query = text.strip().partition("?")
    parameters: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in query.split(","))):
        key, equals, value = item.partition("=")
        key = key.strip().lower()
        if not equals or not key or not value.strip():
            raise BadInput(f"agent {text!r}: write parameters as KEY=VALUE, not {item!r}")
        if key in parameters:
            raise BadInput(f"agent {text!r}: {key} is given twice")
        parameters[key] = value.strip()
    return name.strip().lower(), parameters


def make_agent(spec: GameSpec, text: str, seat: int, seed: int) -> Agent:
    """The agent `text` names for `seat` of `spec`'s game (see the module docstring)."""
    name, raw = parse_agent(text)
    factory = spec.agents.get(name)
    if factory is not None:
        if raw:
            raise BadInput(f"agent {name} of {spec.name} takes no parameters (given: {text!r})")
        return factory(seat, seed)
    generic = GENERIC.get(name)
    if generic is None or not generic.offered(spec):
        known = ", ".join(agent_names(spec)) or "none"
        raise BadInput(f"unknown {spec.name} agent {name!r}; known: {known}")
    return generic.build(spec, seat, seed, _read(name, generic, raw))


def _read(name: str, generic: GenericAgent, raw: dict[str, str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, text in raw.items():
        parameter = generic.parameters.get(key)
        if parameter is None:
            known = ", ".join(generic.parameters)
            raise BadInput(f"agent {name} has no parameter {key!r}; known: {known}")
        try:
            values[key] = parameter.read(text)
        except ValueError:
            raise BadInput(f"agent {name}: {key}={text!r} must be {parameter.means}") from None
    return values
