"""The one exception hierarchy of ippatsu.

Every error a user can cause is an :class:`IppatsuError`, itself a :class:`ValueError`,
carrying a stable machine-readable ``code`` string (documented here, never renamed) and a
message that names the problem. Kernels return codes; only the Python layer raises.

Every code that ippatsu raises is declared in :data:`CODES` with what it means
(the project's test suite checks that each raised code is declared here and listed in
``docs/errors.md``: ``ippatsu docs errors``).
"""
from __future__ import annotations

__all__ = [
    "CODES",
    "IppatsuError",
    "NotationError",
    "TileCountError",
    "MeldError",
    "HandSizeError",
    "NotAgariError",
    "NoYakuError",
    "IllegalActionError",
    "StudyError",
    "SituationError",
    "RecordError",
    "DatasetError",
]


class IppatsuError(ValueError):
    """Base class. ``code`` is a stable identifier such as ``"fifth_copy"``."""

    code: str = "invalid"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        if code is not None:
            self.code = code


class NotationError(IppatsuError):
    """Malformed tile notation: unknown character, a suit letter with no digits, ..."""

    code = "bad_notation"


class TileCountError(IppatsuError):
    """Too many copies: a fifth copy of a kind, a second red five of a suit."""

    code = "fifth_copy"


class MeldError(IppatsuError):
    """An impossible meld: a chi of honors, a run that wraps, a pon of different kinds."""

    code = "bad_meld"


class HandSizeError(IppatsuError):
    """A tile count that no legal hand has for its number of declared melds."""

    code = "bad_hand_size"


class NotAgariError(IppatsuError):
    """Scoring was asked for a hand that is not complete."""

    code = "not_agari"


class NoYakuError(IppatsuError):
    """A complete hand with no yaku (dora are not yaku)."""

    code = "no_yaku"


class IllegalActionError(IppatsuError):
    """An action that is not legal at this point of the game."""

    code = "illegal_action"


class StudyError(IppatsuError):
    """A Monte Carlo study that cannot run as asked: ``n <= 0``, an unknown backend or
    policy, an agent that is not a callable, an optional dependency (Ray, pyarrow,
    matplotlib) that is not installed, a resume folder written by another study."""

    code = "bad_study"


class SituationError(IppatsuError):
    """Situation flags that cannot happen together: riichi on an open hand, ippatsu without
    riichi, rinshan without a kan or without tsumo, haitei on a ron, houtei or chankan on
    a tsumo, tenhou for a non-dealer or after a call or kan, ... A caller's bug: the flag
    is never dropped silently."""

    code = "bad_situation"


class RecordError(IppatsuError):
    """A game record (mjlog, tenhou.net/6, mjai) that cannot be read: missing or empty
    file, corrupt gzip, bad encoding, malformed XML / JSON, fields of the wrong type, a
    record above the size limit (code ``record_too_large``). ``path`` names the file
    (None for in-memory input); the message names it too."""

    code = "bad_record"

    def __init__(self, message: str, code: str | None = None, path=None):
        super().__init__(message, code)
        self.path = path


class DatasetError(IppatsuError):
    """A dataset that cannot be built or read as asked (:mod:`ippatsu.dataset`): a bad
    option, no record among the sources, an output folder that holds another build, a
    folder that is not a dataset."""

    code = "bad_dataset"


#: Every error code ippatsu raises -> what it means (the raising class in brackets when it
#: is not obvious). Codes are stable: a code is added here, never renamed.
CODES: dict = {
    # ---------------------------------------------------------------- class defaults
    "invalid": "IppatsuError's default: an argument of the wrong type or range.",
    "bad_study": "StudyError's default: a Monte Carlo study that cannot run as asked.",
    "bad_record": "RecordError's default: a game record that cannot be read (replay of an "
                  "mjai log that cannot be opened).",
    "bad_dataset": "DatasetError's default: a dataset that cannot be built or read.",
    # ---------------------------------------------------------------- hands, counts, tiles
    "bad_count": "A count that is not an integer 0-4 (bool, float, NaN, str), or "
                 "`visible` given as notation instead of 34 counts.",
    "bad_count_type": "A study's count that is not an integer (TileCountError).",
    "bad_hand_type": "A hand that is not a Hand, notation, bytes, 34 counts or 136-ids.",
    "bad_counts_length": "Counts that are not 34 values.",
    "bad_counts": "Counts of the wrong length or type where exactly 34 are needed "
                  "(format_counts, Hand.from_counts, study counts).",
    "fifth_copy": "A fifth copy of a kind: the hand, its melds, `visible` and the "
                  "indicators together hold more than four (TileCountError's default).",
    "negative_count": "A count below zero.",
    "bad_hand_size": "A tile count that no hand has for its number of melds, or a "
                     "function given a hand of the wrong size (waits need 3k+1 tiles).",
    "form_not_applicable": "shanten(form=...) of a form the hand cannot take (kokushi or "
                           "chiitoitsu need 13 or 14 concealed tiles).",
    "bad_form": "An unknown form name (standard, chiitoitsu, kokushi; min or None).",
    "bad_players": "A number of players that is not 4 or 3.",
    "sanma_tile": "A tile 2m-8m in three-player mahjong (the 108-tile set has none).",
    "bad_dtype": "A batch array that does not hold integers (floats or bools).",
    "bad_shape": "A batch array of the wrong shape (not (N, 34)); a position array of the "
                 "wrong shape.",
    "bad_out": "An `out=` array that is not a writeable C-contiguous array of the right "
               "dtype and shape.",
    "bad_threads": "threads that is not None or an integer 1-1024.",
    "bad_allowed": "efficiency_discard(allowed=...) that is not a bit mask or kinds 0-33.",
    "no_allowed_discard": "efficiency_discard: none of the allowed kinds is in the hand.",
    "bad_notation": "Malformed tile notation (NotationError's default).",
    "unknown_character": "A character that is not a digit, a suit letter or a space in "
                         "tile notation.",
    "bare_suit": "A suit letter with no digits before it.",
    "missing_suit": "Digits not closed by a suit letter.",
    "bad_digit": "A digit that no tile of its suit has (8z, 0z).",
    "not_one_tile": "parse_tile given text that is not exactly one tile.",
    "bad_hand_text": "Hand text that is not a str.",
    "bad_tile_id": "A 136-id that is not an integer 0-135.",
    "bad_kind": "A kind that is not an integer 0-33.",
    "bad_mjai": "An unknown mjai tile name.",
    "bad_tenhou6": "An unknown tenhou.net/6 tile code (11-19, 21-29, 31-39, 41-47, "
                   "51-53 are the codes).",
    "second_red": "A second red five of a suit.",
    "duplicate_id": "The same 136-id twice (in a hand, its melds and indicators given as "
                    "ids, or a position).",
    # ---------------------------------------------------------------- melds
    "bad_meld_text": "Meld text that cannot be read (no tiles, a bad called mark).",
    "bad_meld_type": "An unknown meld type word (chi, pon, kan, ankan, kakan, ...).",
    "bad_meld": "An impossible meld: the wrong shape or type for score(melds=) and "
                "analyze (MeldError's default).",
    "chi_honor": "A chi of honors.",
    "chi_wraps": "A chi that wraps around (8-9-1).",
    "chi_mixed_suits": "A chi of tiles from different suits.",
    "chi_not_run": "A chi whose tiles are not three consecutive ranks.",
    "chi_not_from_left": "A chi called from another seat than the left.",
    "sanma_chi": "A chi in three-player mahjong (there is no chi with three players).",
    "mixed_kinds": "A pon or kan of different kinds.",
    "meld_size": "A meld with the wrong number of tiles.",
    "called_on_ankan": "A closed kan with a called tile.",
    "added_not_kakan": "An added tile on a meld that is not an added kan.",
    "added_is_called": "An added kan whose added tile is the called one.",
    "bad_from_who": "A meld's `from_who` that is not a seat it can come from.",
    "too_many_melds": "More than four melds.",
    # ---------------------------------------------------------------- scoring
    "not_agari": "Scoring a hand that is not complete (NotAgariError's default).",
    "missing_win_tile": "score(Hand) without a winning tile.",
    "no_yaku": "A complete hand without yaku (NoYakuError's default).",
    "bad_situation": "Situation flags that cannot happen together (SituationError's "
                     "default).",
    "nukidora_four_players": "nukidora given in a four-player game.",
    "nukidora_off": "nukidora given under rules without nukidora.",
    "flowers_off": "flowers given to score() under rules without flower tiles.",
    "local_yaku_off": "a local yaku's situation (renhou, paarenchan, open_riichi, sashikomi) "
                      "under rules that do not have that yaku.",
    "bad_wind": "A seat or round wind that is not an integer 0-3.",
    "bad_seat": "A seat that is not 0-3 (0-2 with three players), a discarder on a "
                "tsumo, or the winner as discarder.",
    "bad_counter": "A counter (honba, deposits, kyoku, nukidora) that is not a "
                   "non-negative integer, or a table counter above 99,999.",
    "bad_rules": "rules that are not a Rules or a preset name; a Rules field out of "
                 "range.",
    "bad_input": "A batch input out of range: a meld code, flag bits, a win kind, a "
                 "seat, a red count.",
    "too_many_indicators": "More than five dora indicators.",
    # ---------------------------------------------------------------- records
    "bad_log": "A game record that cannot be read: a missing or empty file, corrupt "
               "gzip, not UTF-8, not XML / JSON, a field of the wrong type, an event or "
               "call the hand cannot make.",
    "record_too_large": "A record above the size limit (ippatsu.io.mjlog."
                        "MAX_RECORD_BYTES or max_bytes).",
    "unknown_record": "Input that is no record format ippatsu reads (load_record: not "
                      "mjlog XML, tenhou.net/6 JSON or mjai JSON lines; an empty file).",
    "three_player": "A three-player game record where only four players are supported.",
    "unsupported_rules": "A Tenhou record (mjlog, tenhou.net/6) read or written with red "
                         "fives per suit other than one each or none (aka51-aka53 in "
                         "only some suits; Rules.red_five_counts).",
    "bad_date": "Rules.tenhou(at=...) given something that is not a date, an ISO day or a "
                "Tenhou log id.",
    # ---------------------------------------------------------------- table engine
    "illegal_action": "An action that is not legal at this point (IllegalActionError's "
                      "default).",
    "not_your_turn": "An action of a player who has no decision now.",
    "missing_action": "A step without the actor's action.",
    "bad_action": "Something that is not an Action given to step.",
    "bad_action_type": "An Action whose type is not an ActionType.",
    "bad_names": "GameState(names=...) given something other than one name (a str) per "
                 "seat.",
    "bad_redeal": "GameState.redeal given tiles that are not the unseen ids it replaces "
                  "(a zone of another size, an id shown or held by the seat to move), or "
                  "called outside a turn.",
    "bad_snapshot": "GameState.from_snapshot got something that is not a snapshot of a "
                    "decision (a missing or malformed field, a tile id out of range, tiles "
                    "not conserved, a response nobody may answer).",
    "bad_action_index": "An action index outside the action space (not an int in 0-303), "
                        "or an action or mjai message that has no index.",
    "game_over": "A step after the end of the game.",
    "hand_not_over": "next_hand before the hand is over.",
    "hand_not_running": "GameState.penalize outside a hand (a penalty is given at a turn or "
                        "a response).",
    "bad_penalty": "GameState.penalize with a kind other than 'foul', 'dead_hand' or "
                   "'chombo'.",
    "wall_exhausted": "A draw from an empty wall.",
    "bad_scores": "Scores that are not four integers.",
    "bad_agents": "Agents that are not four callables.",
    "bad_wall": "A wall that is not a Wall, whose parts are not sequences of tile ids, or "
                "whose n_live is not 1-70.",
    "bad_seed": "A seed that is not an integer, a SeedSequence or None.",
    "wall_too_short": "A wall without enough tiles for the hands, the dead wall or the "
                      "draws.",
    "wall_tile_id": "A wall tile that is not a 136-id.",
    "wall_duplicate_id": "The same 136-id twice in a wall.",
    "wall_hand_size": "A wall that does not deal four start hands of 13 tiles.",
    # ---------------------------------------------------------------- mjai bots
    "bad_bot": "An mjai bot that cannot be seated: an unknown dialect or on_fault, a "
               "timeout that is not a positive number, a command that is neither a string, "
               "a list of strings nor an object with react(events), a program that cannot "
               "start, or a state that does not record its events.",
    "bot_fault": "An mjai bot's fault (a bad, illegal or missing answer, a crash) with "
                 "on_fault=\"raise\".",
    "bad_event": "An mjai event stream that a seat's view cannot follow: a start_kyoku "
                 "before the seat is known, a tile the seat does not hold, tiles that no "
                 "longer add up.",
    # ---------------------------------------------------------------- studies
    "bad_n": "A number of samples or games that is not a positive integer.",
    "bad_backend": "An unknown study backend (serial, local, ray).",
    "bad_workers": "A number of workers that is not a positive integer.",
    "bad_policy": "An unknown rollout policy, or a policy that is not a callable.",
    "bad_policy_choice": "A policy that chose a kind the hand does not hold.",
    "bad_choices": "Position-study choices that are not a non-empty list of choices.",
    "bad_resume": "A resume folder written by another study.",
    "out_not_empty": "An output folder that already holds study chunks, without "
                     "resume=True.",
    "bad_rank_points": "A match's rank_points that are not one integer per place.",
    "bad_index": "A study result asked for a slot or choice it does not have "
                 "(MatchResult.compare(0, 9), PositionResult.choice(5)), or to compare one "
                 "with itself.",
    "bad_doc": "A documentation page that does not exist (ippatsu docs NAME, "
               "ippatsu.docs.page(NAME)).",
    "bad_environment": "An environment variable with a value ippatsu does not read "
                       "(IPPATSU_PURE_PYTHON=maybe: use 1/true/yes/on or 0/false/no/off).",
    "missing_dependency": "An optional dependency (Ray, pyarrow, matplotlib) that is not "
                          "installed.",
    "bad_draws": "A number of draws that is not a non-negative integer.",
    "bad_range": "Sample indexes outside 0 <= start <= stop < 2**63.",
    "bad_key": "A rollout key outside 0..2**64-1.",
    "not_enough_unseen": "More draws than unseen tiles.",
    "bad_position": "An impossible position (PositionError's default).",
    "bad_position_text": "Position text that cannot be read.",
    "bad_cut": "A cut of a record (hand index, turn) outside the record.",
    "bad_via": "A position's `via` (how the seat came to move) that is not one of the "
               "known ways or contradicts the rivers and melds.",
    "not_turn": "A position where the seat is not to move.",
    "tile_total": "A position whose hidden tiles do not add up (hands, live wall, dead "
                  "wall).",
    "score_total": "A position whose scores and deposits do not add up to the starting "
                   "points of the four seats.",
    "too_many_kans": "A position with more kans than the rules allow.",
    "riichi_impossible": "No tenpai hand can be made from the unseen tiles for an "
                         "opponent in riichi.",
    "riichi_not_tenpai": "A position where a seat in riichi is not tenpai.",
    "riichi_open_hand": "A position where a seat with an open hand is in riichi.",
    "bad_riichi_index": "A riichi tile index outside the seat's river, or more than one "
                        "riichi tile in a river.",
    "bad_double_riichi": "Double riichi whose riichi tile is not the first discard.",
    "bad_ippatsu": "Ippatsu without riichi.",
    "bad_furiten": "Riichi furiten without riichi.",
    "bad_dora_count": "A number of dora indicators that does not match the kans.",
    "called_tile_missing": "A meld's called tile that is not marked called in the "
                           "feeder's river.",
    "called_mark_unmatched": "A called mark in a river that no meld took.",
    "illegal_choice": "A position-study choice that is not legal for the seat to move.",
    "bad_env_option": "An option of an RL environment (ippatsu.env) that is not one of "
                      "the accepted values: num_envs, rules, players, encoder, reward, "
                      "uma, episode, seat, opponents, illegal.",
    "bad_obs_buffer": "An observation encoder given an array of the wrong shape (fewer "
                      "channels than it writes, not 34 columns) or a tsumogiri list "
                      "without a bit set per seat.",
    "bad_env_actions": "VecEnv.step actions that are not one integer index per env.",
    "env_not_reset": "An RL environment stepped before reset() or after its episode "
                     "ended.",
    # ---------------------------------------------------------------- datasets, conversion
    "bad_dataset_option": "An option of ippatsu.dataset.build / load that is not one of the "
                          "accepted values: encoder, seats, rules, filters, shard_rows, "
                          "chunk_files, compression, batch_size, window, epochs, part.",
    "no_source": "dataset.build sources that name a missing path, or hold no record file.",
    "dataset_oracle_record": "dataset.build(encoder='oracle') from records: a record shows "
                             "only the tiles that were drawn, not the whole wall.",
    "dataset_out_not_empty": "A dataset output folder that already holds a build, without "
                             "resume=True.",
    "dataset_resume_mismatch": "resume=True on a folder built from other sources or "
                               "options.",
    "not_a_dataset": "dataset.load / info of a folder without a readable manifest.json of "
                     "this format version.",
    "convert_mismatch": "ippatsu convert (to mjai, mjlog or tenhou.net/6) of a record the "
                        "engine does not reproduce exactly (it is refused, not written "
                        "differently) (RecordError).",
}
