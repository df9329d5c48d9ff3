"""A minimal mjai bot for the tests (standard library only, mjai.app dialect): it discards
the tile it draws and answers none to everything else, until its ``--at``-th decision,
where it misbehaves as ``--mode`` says. It writes a marker line to standard error first.

modes: none (never misbehaves), garbage, silence, exit, flood, wrong_seat, twice (two
answers to one message), illegal (a win it does not have), pass_turn (none at its turn),
flood_lines (endless lines), no_newline (a long line that never ends)."""
import json
import sys
import time


def main() -> None:
    args = sys.argv[1:]
    mode = args[args.index("--mode") + 1] if "--mode" in args else "none"
    at = int(args[args.index("--at") + 1]) if "--at" in args else 1
    seat = None
    n = 0
    print(f"tsumogiri bot starting, mode {mode}", file=sys.stderr, flush=True)
    out = sys.stdout
    for line in sys.stdin:
        events = json.loads(line)
        answer = {"type": "none"}
        asked = False
        for e in events:
            if e["type"] == "start_game":
                seat = e.get("id", seat)
        last = events[-1] if events else {}
        if last.get("type") == "tsumo" and last.get("actor") == seat:
            answer = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
            asked = True
        elif last.get("type") in ("dahai", "kakan", "ankan", "nukidora"):
            asked = True
        if asked:
            n += 1
        if asked and n == at and mode != "none":
            if mode == "garbage":
                out.write("this is not json\n")
            elif mode == "silence":
                time.sleep(60)
            elif mode == "exit":
                print("tsumogiri bot: exiting on purpose", file=sys.stderr, flush=True)
                sys.exit(3)
            elif mode == "flood_lines":
                while True:
                    out.write('{"type":"none"}\n')
            elif mode == "no_newline":
                while True:
                    out.write("x" * 65536)
            elif mode == "wrong_seat":
                other = (seat + 1) % 4
                out.write(json.dumps({"type": "dahai", "actor": other, "pai": "1m",
                                      "tsumogiri": False}) + "\n")
            elif mode == "twice":
                out.write(json.dumps(answer) + "\n")
                out.write(json.dumps(answer) + "\n")
            elif mode == "illegal":
                out.write(json.dumps({"type": "hora", "actor": seat, "target": seat,
                                      "pai": "1m"}) + "\n")
            elif mode == "pass_turn":
                out.write('{"type":"none"}\n')
            out.flush()
            continue
        out.write(json.dumps(answer) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
