"""What is being resolved, as plain JSON data: the steps still waiting on the step machine's
stack and how a parked decision resumes, so a view can show them and determinization can
rebuild them exactly.

Everything on the stack is public at the table: the cards played, the traps sprung, the
abilities triggered and the operations their printed text lists. A step is written
``[name, *args]``: the name is ``module.function`` of the step (every function of the rule
modules below may be one), an argument is a number, a string, a boolean or null as it is,
and the engine's composite values are tagged so that reading them back gives equal values:
``{"op": {...}}`` (an operation, its non-default fields), ``{"ctx": [...]}`` (an effect's
context) and ``{"tuple": [...]}`` (any other tuple, such as an effect's operations).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import Any

from sparring.core.errors import BadInput

from . import combat, damage, operations, plays, resolution, turn, zones
from .cards import Op
from .targets import Ctx

Step = tuple[Callable[..., None], tuple[Any, ...]]

_MODULES: tuple[ModuleType, ...] = (combat, damage, operations, plays, resolution, turn, zones)


def _functions() -> dict[str, Callable[..., None]]:
    """Every function defined in a rule module, by ``module.function``."""
    found: dict[str, Callable[..., None]] = {}
    for module in _MODULES:
        short = module.__name__.rsplit(".", 1)[1]
        for name, value in vars(module).items():
            # A rule module compiled with mypyc (the compiled build) holds builtin functions.
            function = isinstance(value, FunctionType | BuiltinFunctionType)
            if function and value.__module__ == module.__name__:
                found[f"{short}.{name}"] = value
    return found


STEPS: dict[str, Callable[..., None]] = _functions()
_NAMES: dict[Callable[..., None], str] = {function: name for name, function in STEPS.items()}
_OP_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Op)}


def _op_json(op: Op) -> dict[str, Any]:
    fields = {}
    for name, default in _OP_DEFAULTS.items():
        value = getattr(op, name)
        if value != default:
            fields[name] = _value_json(value)
    return {"op": fields}


def _value_json(value: Any) -> Any:
    if isinstance(value, Op):
        return _op_json(value)
    if isinstance(value, Ctx):
        return {"ctx": list(value)}
    if isinstance(value, tuple):
        return {"tuple": [_value_json(item) for item in value]}
    if value is None or isinstance(value, int | str):
        return value
    raise TypeError(f"a step argument of type {type(value).__name__} has no JSON form")


def _value(data: Any) -> Any:
    if isinstance(data, dict):
        ((tag, inner),) = data.items()
        if tag == "op":
            return Op(**{name: _value(item) for name, item in inner.items()})
        if tag == "ctx":
            return Ctx(*inner)
        if tag == "tuple":
            return tuple(_value(item) for item in inner)
        raise BadInput(f"unknown tag {tag!r} in a resolution step")
    return data


def step_json(function: Callable[..., None], args: tuple[Any, ...]) -> list[Any]:
    """A step (or a decision's resume: its function and the arguments after the answer)
    as ``[name, *args]``."""
    return [_NAMES[function], *(_value_json(arg) for arg in args)]


def step_from_json(data: list[Any]) -> Step:
    """The step `step_json` wrote."""
    name, *args = data
    function = STEPS.get(name)
    if function is None:
        raise BadInput(f"unknown resolution step {name!r}")
    return function, tuple(_value(arg) for arg in args)
