"""Which engine code implements which Comprehensive Rule.

Every function that enforces a rule is decorated with `@implements("302.6", ...)`.
The decorator does three things:

* registers the rule, so `implemented_rules()` can list what the engine covers;
* records, in a context-local tracker, that the rule's code ran (so an example
  that claims a rule it never exercised can be caught);
* lets the rule be switched off (`ablated({"302.6"})`): the decorated function is
  then replaced by its `when_ablated` fallback, which must behave as if the rule
  did not exist (a check that checks nothing, an identity that never changes …).
  Ablation is how we prove that an example really depends on the rule it names.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from kb.engine.errors import UnknownRule

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class RuleImplementation:
    """One decorated function and the rule it implements."""

    rule: str
    summary: str
    function: str  # module.qualname, for the coverage page


_REGISTRY: dict[str, list[RuleImplementation]] = {}
_ABLATED: ContextVar[frozenset[str]] = ContextVar("kb_engine_ablated", default=frozenset())
_EXERCISED: ContextVar[set[str] | None] = ContextVar("kb_engine_exercised", default=None)


def _nothing(*_args: Any, **_kwargs: Any) -> None:
    """The default fallback of an ablated rule: a check that checks nothing."""
    return None


def implements(
    rule: str, summary: str, *, when_ablated: Callable[..., Any] = _nothing
) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Mark a function as the implementation of `rule` (see the module docstring)."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        name = f"{function.__module__}.{function.__qualname__}"
        _REGISTRY.setdefault(rule, []).append(RuleImplementation(rule, summary, name))

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            exercised = _EXERCISED.get()
            if exercised is not None:
                exercised.add(rule)
            if rule in _ABLATED.get():
                return when_ablated(*args, **kwargs)  # type: ignore[no-any-return]
            return function(*args, **kwargs)

        return wrapper

    return decorate


def implemented_rules() -> dict[str, str]:
    """Rule number -> short description of what the engine implements, sorted by rule."""
    _load_all_modules()
    return {rule: impls[0].summary for rule, impls in sorted(_REGISTRY.items(), key=lambda item: _rule_sort_key(item[0]))}


@contextmanager
def ablated(rules: Iterable[str]) -> Iterator[None]:
    """Switch off the implementation of `rules` inside the block."""
    wanted = frozenset(rules)
    unknown = wanted - set(implemented_rules())
    if unknown:
        raise UnknownRule(unknown)
    token = _ABLATED.set(_ABLATED.get() | wanted)
    try:
        yield
    finally:
        _ABLATED.reset(token)


@contextmanager
def tracking() -> Iterator[set[str]]:
    """Collect, in the yielded set, every rule whose implementation ran inside the block."""
    exercised: set[str] = set()
    token = _EXERCISED.set(exercised)
    try:
        yield exercised
    finally:
        _EXERCISED.reset(token)


def _rule_sort_key(rule: str) -> tuple[int, int, str]:
    section, _, rest = rule.partition(".")
    digits = "".join(ch for ch in rest if ch.isdigit())
    letters = "".join(ch for ch in rest if ch.isalpha())
    return (int(section), int(digits or 0), letters)


def _load_all_modules() -> None:
    """Import every engine module so that all decorators have registered."""
    import kb.engine  # noqa: F401  (the package imports all its modules)
