"""``python -m ippatsu`` and the ``ippatsu`` console script (see :mod:`ippatsu.cli`)."""
from __future__ import annotations

import sys
from typing import Optional, Sequence

__all__ = ["main"]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """main(argv=None) -> int: run the command line with ``argv`` (default ``sys.argv[1:]``)."""
    from .cli import main as _main

    return _main(argv)


if __name__ == "__main__":
    sys.exit(main())
