"""atheris harnesses for the notation, meld and record parsers.

Each target takes fuzzer bytes and feeds them to one parser; the contract is the one of
the whole library: a result, or an ``IppatsuError`` (a ``ValueError`` with a code). Any
other exception, a crash or a sanitizer report is a finding.

Run one (needs ``pip install atheris``; see README.md)::

    python tests/fuzz/harness.py notation -atheris_runs=200000
    python tests/fuzz/harness.py mjlog -max_total_time=600 corpus_dir/
"""
from __future__ import annotations

import sys

TARGETS = ("notation", "meld", "hand", "mjlog", "tenhou6", "mjai_tile", "meld_code")


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace")


def one_input(target: str, data: bytes) -> None:
    """Run one fuzzer input through ``target`` (a name of TARGETS)."""
    from ippatsu.errors import IppatsuError

    try:
        if target == "notation":
            from ippatsu.tiles import parse_counts, parse_tiles

            s = _text(data)
            parse_tiles(s)
            c = parse_counts(s)
            import ippatsu

            if sum(c) in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
                ippatsu.shanten(c)
                ippatsu.is_agari(s)
        elif target == "meld":
            from ippatsu.hand import Meld

            Meld.parse(_text(data))
        elif target == "hand":
            from ippatsu.hand import Hand

            Hand.parse(_text(data))
        elif target == "mjlog":
            from ippatsu.io import load_mjlog

            load_mjlog(bytes(data), max_bytes=1 << 20)
        elif target == "tenhou6":
            from ippatsu.io import load_tenhou6

            load_tenhou6(bytes(data), max_bytes=1 << 20, strict=bool(data[:1] == b"{"))
        elif target == "mjai_tile":
            from ippatsu.tiles import mjai_to_id, tenhou6_to_id

            mjai_to_id(_text(data))
            tenhou6_to_id(_text(data))
        elif target == "meld_code":
            from ippatsu.io import decode_meld

            decode_meld(int.from_bytes(data[:3], "little"))
        else:
            raise SystemExit(f"unknown target {target!r}: one of {', '.join(TARGETS)}")
    except IppatsuError as e:
        assert isinstance(e, ValueError) and e.code


def main(argv=None) -> None:
    import atheris

    argv = list(sys.argv if argv is None else argv)
    if len(argv) < 2 or argv[1] not in TARGETS:
        raise SystemExit(f"usage: {argv[0]} TARGET [libFuzzer options]; TARGET one of "
                         f"{', '.join(TARGETS)}")
    target = argv.pop(1)
    with atheris.instrument_imports():
        import ippatsu  # noqa: F401
        import ippatsu.hand  # noqa: F401
        import ippatsu.io  # noqa: F401
        import ippatsu.tiles  # noqa: F401
    atheris.Setup(argv, lambda data: one_input(target, data))
    atheris.Fuzz()


if __name__ == "__main__":
    main()
