"""Exact, mergeable accumulators and the 95 % intervals built from them.

Every quantity a study estimates is a count or a sum of integers (wins, placements, score
changes in points), so the accumulators hold Python integers: merging is exact and its
order cannot change a single bit of the result. That is what makes a study give the same
answer whatever the backend and the number of workers.

* :class:`Tally` — ``n`` trials with ``k`` successes: a proportion, Wilson interval.
* :class:`Moments` — ``n`` integer values, their sum and sum of squares: a mean with a
  Student-t interval (and a paired difference is just ``Moments`` of the
  per-sample differences).

>>> t = Tally(); t.add(1); t.add(0); t.add(1); t.n, t.k
(3, 2)
>>> m = Moments(); m.add_many([1, 2, 3]); m.mean, round(m.sd, 3)
(2.0, 1.0)
"""
from __future__ import annotations

import math
from typing import Iterable, Optional, Tuple

__all__ = ["Z95", "Tally", "Moments", "wilson", "p_value", "t_quantile", "significance"]

#: two-sided 95 % normal quantile
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> Tuple[float, float]:
    """Wilson score interval of ``k`` successes in ``n`` trials ((nan, nan) when n = 0).

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    if n <= 0:
        return (math.nan, math.nan)
    p = k / n
    z2 = z * z
    den = 1 + z2 / n
    mid = (p + z2 / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def p_value(z: float, df: Optional[int] = None) -> float:
    """Two-sided p-value of a statistic that is standard normal, or Student's t with
    ``df`` degrees of freedom (for small samples).

    >>> round(p_value(1.959963984540054), 4), round(p_value(2.262157, df=9), 4)
    (0.05, 0.05)
    """
    if z != z:
        return math.nan
    if math.isinf(z):
        return 0.0
    if df is None or df > 1000:
        return math.erfc(abs(z) / math.sqrt(2.0))
    return _betai(df / 2.0, 0.5, df / (df + z * z))


def t_quantile(df: int) -> float:
    """The two-sided 95 % quantile of Student's t (the normal 1.96 beyond 1000 d.f.).

    >>> round(t_quantile(9), 4), round(t_quantile(30), 4)
    (2.2622, 2.0423)
    """
    if df > 1000:
        return Z95
    q = _TQ.get(df)
    if q is None:
        lo, hi = Z95, 1000.0
        for _ in range(200):  # bisection on the p-value (monotone in the statistic)
            mid = (lo + hi) / 2
            if p_value(mid, df) > 0.05:
                lo = mid
            else:
                hi = mid
        q = _TQ[df] = (lo + hi) / 2
    return q


_TQ: dict = {}


def _betai(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b) (continued fraction, Lentz's method)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
    front = math.exp(lbeta + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1.0) / (a + b + 2.0):
        return 1.0 - _betai(b, a, 1.0 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 500):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return front * f / a


class Tally:
    """Successes ``k`` out of ``n`` trials."""

    __slots__ = ("n", "k")

    def __init__(self, n: int = 0, k: int = 0):
        self.n = n
        self.k = k

    def add(self, success) -> None:
        self.n += 1
        self.k += 1 if success else 0

    def merge(self, other: "Tally") -> None:
        self.n += other.n
        self.k += other.k

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else math.nan

    def interval(self) -> Tuple[float, float]:
        return wilson(self.k, self.n)

    def to_dict(self) -> dict:
        lo, hi = self.interval()
        return {"n": self.n, "k": self.k, "rate": self.rate, "ci95": [lo, hi]}

    def state(self) -> list:
        return [self.n, self.k]

    @classmethod
    def from_state(cls, s) -> "Tally":
        return cls(int(s[0]), int(s[1]))

    def __eq__(self, other) -> bool:
        return isinstance(other, Tally) and self.state() == other.state()

    def __repr__(self) -> str:
        return f"Tally(n={self.n}, k={self.k})"


class Moments:
    """Count, sum and sum of squares of integer values (exact)."""

    __slots__ = ("n", "s", "ss")

    def __init__(self, n: int = 0, s: int = 0, ss: int = 0):
        self.n = n
        self.s = s
        self.ss = ss

    def add(self, x: int) -> None:
        self.n += 1
        self.s += x
        self.ss += x * x

    def add_many(self, xs: Iterable[int]) -> None:
        for x in xs:
            self.add(x)

    def merge(self, other: "Moments") -> None:
        self.n += other.n
        self.s += other.s
        self.ss += other.ss

    @property
    def mean(self) -> float:
        return self.s / self.n if self.n else math.nan

    @property
    def var(self) -> float:
        """Sample variance (n − 1 in the denominator), computed exactly then rounded."""
        n = self.n
        if n < 2:
            return math.nan
        return (n * self.ss - self.s * self.s) / (n * (n - 1))

    @property
    def sd(self) -> float:
        v = self.var
        return math.sqrt(v) if v == v and v >= 0 else math.nan

    @property
    def se(self) -> float:
        return self.sd / math.sqrt(self.n) if self.n >= 2 else math.nan

    def interval(self, scale: float = 1.0) -> Tuple[float, float]:
        """95 % interval of the mean (Student's t with n − 1 d.f.), each end times
        ``scale``."""
        m, se = self.mean, self.se
        if not (se == se):
            return (math.nan, math.nan)
        q = t_quantile(self.n - 1)
        return ((m - q * se) * scale, (m + q * se) * scale)

    def z(self) -> float:
        """The mean over its standard error (the test of mean = 0)."""
        se = self.se
        if not (se == se):
            return math.nan
        if se == 0:
            return math.inf if self.s else 0.0
        return self.mean / se

    def to_dict(self, scale: float = 1.0) -> dict:
        lo, hi = self.interval(scale)
        return {"n": self.n, "mean": self.mean * scale, "sd": self.sd * scale,
                "ci95": [lo, hi]}

    def state(self) -> list:
        return [self.n, self.s, self.ss]

    @classmethod
    def from_state(cls, s) -> "Moments":
        return cls(int(s[0]), int(s[1]), int(s[2]))

    def __eq__(self, other) -> bool:
        return isinstance(other, Moments) and self.state() == other.state()

    def __repr__(self) -> str:
        return f"Moments(n={self.n}, s={self.s}, ss={self.ss})"


def fmt_ci(lo: float, hi: float, digits: int = 3, pct: bool = False) -> str:
    """``[lo, hi]`` for tables."""
    if pct:
        return f"[{100 * lo:.1f}, {100 * hi:.1f}]"
    return f"[{lo:.{digits}f}, {hi:.{digits}f}]"


def significance(m: Optional[Moments]) -> dict:
    """Paired-difference summary: mean, interval, z, p, significant at 5 %."""
    if m is None:
        return {}
    z = m.z()
    p = p_value(z, m.n - 1) if z == z else math.nan
    return {**m.to_dict(), "z": z, "p": p, "significant": bool(p == p and p < 0.05)}
