"""The outside oracle: libriichi's player state (Mortal's, shipped in the ``mjai`` package)
run over a seat's mjai event stream, its view compared with ippatsu's at every event.

Runs under an interpreter that has the ``mjai`` package (its own venv: the package pins
``mahjong~=1.2``). Reads JSON lines ``{"seat": s, "events": [...], "checks": {"i": view}}``
(``view``: ippatsu's view after the first ``i`` events at one of the seat's decisions:
``tehai`` as 34 counts, ``shanten`` (0 tenpai; at a turn after a draw, of the hand
before the draw, as libriichi keeps it), and ``can``: the libriichi flags its legal actions
set); writes one JSON line per input: the checks made, the events libriichi refused, and
the first disagreements. Every event is validated by libriichi (an event it refuses is a
disagreement), and at every event where ippatsu asks the seat nothing libriichi must not
think the seat can act (except right after its own ``reach``: ippatsu's riichi is one
decision with its discard)."""
import json
import sys

from mjai.mlibriichi.state import PlayerState  # type: ignore

FLAGS = ("can_discard", "can_riichi", "can_tsumo_agari", "can_ron_agari", "can_pon",
         "can_chi", "can_daiminkan", "can_kakan", "can_ankan", "can_ryukyoku")


def check(seat, events, checks):
    ps = PlayerState(seat)
    out = {"checks": 0, "events": 0, "bad": [], "n_bad": 0}

    def bad(i, what):
        out["n_bad"] += 1
        if len(out["bad"]) < 5:
            out["bad"].append({"seat": seat, "event": i, "what": what})

    for i, ev in enumerate(events, 1):
        try:
            cans = ps.update(json.dumps(ev))
        except Exception as e:  # noqa: BLE001 - libriichi's refusal is the finding
            bad(i, f"libriichi refused {ev}: {e}")
            return out
        out["events"] += 1
        view = checks.get(str(i))
        if view is None:
            own_reach = ev.get("type") == "reach" and ev.get("actor") == seat
            if cans.can_act and not own_reach:
                bad(i, f"libriichi may act after {ev}, ippatsu asks nothing")
            continue
        out["checks"] += 1
        if list(ps.tehai) != view["tehai"]:
            bad(i, f"hand {list(ps.tehai)} vs {view['tehai']}")
        if ps.shanten != view["shanten"]:
            bad(i, f"shanten {ps.shanten} vs {view['shanten']}")
        for f in FLAGS:
            theirs = bool(getattr(cans, f))
            if theirs != view["can"].get(f, False):
                bad(i, f"{f}: libriichi {theirs}, ippatsu {view['can'].get(f, False)} "
                       f"after {ev}")
    return out


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        res = check(msg["seat"], msg["events"], msg["checks"])
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
