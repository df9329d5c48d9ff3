/*
 * ippatsu scoring kernel (C, included by _core.pyx after _kernels.h).
 *
 * The C twin of ippatsu/_reference/scoring.py's evaluation (the pure-Python reference):
 * given the concealed counts with the winning tile, the winning kind, the declared melds
 * and the situation, it reads the hand every way (standard readings, seven pairs,
 * thirteen orphans), places the winning tile in every block it can complete, runs the
 * yaku checks, counts fu and points, and keeps the variant that pays most (RULES.md §2:
 * points, then yakuman multiple, then han, then fu).
 *
 * Yaku bits are the row ids of ippatsu/yaku.py (Tenhou numbering); the Y_* ids, han per
 * row, yakuman multiples and replacements come from that table through the generated
 * header (_generated.h), so the table stays the one source of the numbers. The checks
 * here mirror the table's check functions one for one; tests compare both on every
 * corpus hand and on generated hands.
 */
#ifndef IPPATSU_SCORE_H
#define IPPATSU_SCORE_H

#include <stdint.h>
#include <string.h>

/* the codes shared with Python (situation flags IPT_F_*, meld types IPT_M_*, forms
 * IPT_FORM_*, waits IPT_W_*, result codes IPT_S_*, limits IPT_L_*, yaku ids Y_*, the
 * fu of a declared meld, the rules struct ipt_rules_t and the yaku table's numbers):
 * generated from
 * ippatsu/_codes.py and ippatsu/yaku.py by tools/gen_header.py */
#include "_generated.h"

#define IPT_BIT(i) ((uint64_t)1 << (i))
#define K_MANZU 0x1FFULL
#define K_PINZU (0x1FFULL << 9)
#define K_SOUZU (0x1FFULL << 18)
#define K_HONORS IPT_K_HONORS /* the kind groups: generated from ippatsu._codes */
#define K_TERMINALS IPT_K_TERMINALS
#define K_YAOCHUU IPT_K_YAOCHUU
#define K_GREEN (IPT_BIT(19) | IPT_BIT(20) | IPT_BIT(21) | IPT_BIT(23) | IPT_BIT(25) | IPT_BIT(32))

/* the yaku table of ippatsu/yaku.py, compiled in from the generated header: initialised
 * here once, never written at run time */
static const uint8_t ipt_han_closed[64] = IPT_GEN_HAN_CLOSED;
static const uint8_t ipt_han_open[64] = IPT_GEN_HAN_OPEN;
static const uint8_t ipt_ym_mult[64] = IPT_GEN_YAKUMAN_MULT;
static const uint64_t ipt_replaces[64] = IPT_GEN_REPLACES;

typedef struct {
    uint8_t counts[34]; /* concealed tiles, the winning tile included */
    int8_t win;         /* kind of the winning tile */
    uint8_t n_melds;
    uint8_t meld_type[4];
    uint8_t meld_kind[4]; /* lowest kind */
    uint32_t flags;
    uint8_t seat_wind, round_wind; /* 0..3 */
    int16_t bonus;                 /* han from dora + ura + red fives */
} ipt_score_in_t;

typedef struct {
    int32_t points; /* ron payment or tsumo total, without honba / deposits */
    int32_t base;
    int16_t han, fu;
    uint64_t yaku;  /* ordinary yaku mask (0 for a yakuman hand) */
    uint64_t yakuman_mask;
    uint8_t yakuman; /* multiple */
    uint8_t limit;
    uint8_t form, wait;
    int8_t pair;
    uint8_t n_runs, n_trips;
    uint8_t runs[4], trips[4]; /* the concealed blocks of the reading scored */
    uint8_t code;
} ipt_score_out_t;

/* per-variant context of the checks */
typedef struct {
    int form, closed, wait, pair, ankou, kans, win, seat, rnd;
    uint32_t flags;
    uint64_t mask;
    int n_runs, n_trips;
    int runs[4], trips[4]; /* sorted, melds included */
    const uint8_t *counts;
    int open_tanyao;
    const ipt_rules_t *r; /* the local yaku read their options here */
} ipt_ctx_t;

static inline int ipt_has(const int *a, int n, int x) {
    for (int i = 0; i < n; i++)
        if (a[i] == x) return 1;
    return 0;
}

static inline int ipt_one_suit(uint64_t m) {
    uint64_t s = m & ~K_HONORS;
    return s != 0 && ((s & ~K_MANZU) == 0 || (s & ~K_PINZU) == 0 || (s & ~K_SOUZU) == 0);
}

static inline int ipt_all_blocks_yaochuu(const ipt_ctx_t *c) {
    if (c->form != IPT_FORM_STANDARD || c->n_runs == 0) return 0;
    if (!(IPT_BIT(c->pair) & K_YAOCHUU)) return 0;
    for (int i = 0; i < c->n_runs; i++)
        if (c->runs[i] % 9 != 0 && c->runs[i] % 9 != 6) return 0;
    for (int i = 0; i < c->n_trips; i++)
        if (!(IPT_BIT(c->trips[i]) & K_YAOCHUU)) return 0;
    return 1;
}

static inline int ipt_chuuren_suit(const ipt_ctx_t *c) {
    if (!c->closed || c->kans || c->form != IPT_FORM_STANDARD) return -1;
    if (!ipt_one_suit(c->mask) || (c->mask & K_HONORS)) return -1;
    int s = c->win - c->win % 9;
    const uint8_t *cn = c->counts;
    if (cn[s] < 3 || cn[s + 8] < 3) return -1;
    for (int i = s + 1; i < s + 8; i++)
        if (cn[i] < 1) return -1;
    return s;
}

static inline int ipt_may_be_yakuman(const ipt_ctx_t *c) {
    if ((c->flags & (IPT_F_TENHOU | IPT_F_CHIIHOU | IPT_F_RENHOU | IPT_F_PAARENCHAN |
                     IPT_F_SASHIKOMI)) || c->form == IPT_FORM_KOKUSHI ||
        c->ankou == 4 || c->kans == 4)
        return 1;
    uint64_t m = c->mask;
    if (!(m & ~K_HONORS) || !(m & ~K_TERMINALS) || !(m & ~K_GREEN)) return 1;
    if (c->n_trips >= 3 && c->trips[c->n_trips - 3] >= 27) return 1;
    if (c->closed && !c->kans && !(m & K_HONORS) && ipt_one_suit(m)) return 1; /* chuuren, daisharin */
    return 0;
}

/* the local yakuman (docs/rules.md §12), each under its option: renhou as a yakuman,
 * sashikomi, daisharin / daichikurin / daisuurin, daichisei (paarenchan: ipt_evaluate) */
static uint64_t ipt_local_yakuman(const ipt_ctx_t *c) {
    uint64_t y = 0;
    const ipt_rules_t *r = c->r;
    uint32_t f = c->flags;
    int ron = !(f & IPT_F_TSUMO);
    if ((f & IPT_F_RENHOU) && ron && c->closed && r->renhou == IPT_RENHOU_YAKUMAN)
        y |= IPT_BIT(Y_RENHOU_YAKUMAN);
    if ((f & IPT_F_SASHIKOMI) && (f & IPT_F_OPEN_RIICHI) && (f & IPT_F_ANY_RIICHI) && ron &&
        c->closed && r->sashikomi_yakuman)
        y |= IPT_BIT(Y_SASHIKOMI);
    if (r->daisharin && c->closed && !c->kans) {
        int s = c->win - c->win % 9;
        if (s < 27 && c->mask == ((uint64_t)0x7F << (s + 1)) &&
            (r->daisharin == IPT_DAISHARIN_ALL || s == 9)) {
            int ok = 1;
            for (int k = s + 1; k < s + 8; k++)
                if (c->counts[k] != 2) ok = 0;
            if (ok) y |= IPT_BIT(s == 9 ? Y_DAISHARIN : s == 18 ? Y_DAICHIKURIN : Y_DAISUURIN);
        }
    }
    if (r->daichisei && c->form == IPT_FORM_CHIITOI && !(c->mask & ~K_HONORS))
        y |= IPT_BIT(Y_DAICHISEI);
    return y;
}

/* the local ordinary yaku: open riichi, double open riichi, renhou as a 5-han yaku */
static uint64_t ipt_local_ordinary(const ipt_ctx_t *c) {
    uint64_t y = 0;
    uint32_t f = c->flags;
    if ((f & IPT_F_OPEN_RIICHI) && c->closed && c->r->open_riichi) {
        if (f & IPT_F_DOUBLE_RIICHI) y |= IPT_BIT(Y_DOUBLE_OPEN_RIICHI);
        else if (f & IPT_F_RIICHI) y |= IPT_BIT(Y_OPEN_RIICHI);
    }
    if ((f & IPT_F_RENHOU) && !(f & IPT_F_TSUMO) && c->closed && c->r->renhou == IPT_RENHOU_YAKU)
        y |= IPT_BIT(Y_RENHOU);
    return y;
}

static inline uint64_t ipt_yakuman_checks(const ipt_ctx_t *c) {
    uint64_t y = 0;
    int tsumo = (c->flags & IPT_F_TSUMO) != 0;
    if ((c->flags & IPT_F_TENHOU) && tsumo && c->seat == 27 && c->closed && !c->kans) y |= IPT_BIT(Y_TENHOU);
    if ((c->flags & IPT_F_CHIIHOU) && tsumo && c->seat != 27 && c->closed && !c->kans) y |= IPT_BIT(Y_CHIIHOU);
    if (ipt_has(c->trips, c->n_trips, 31) && ipt_has(c->trips, c->n_trips, 32) &&
        ipt_has(c->trips, c->n_trips, 33))
        y |= IPT_BIT(Y_DAISANGEN);
    if (c->ankou == 4) {
        y |= IPT_BIT(Y_SUUANKOU);
        if (c->wait == IPT_W_TANKI) y |= IPT_BIT(Y_SUUANKOU_TANKI);
    }
    if (!(c->mask & ~K_HONORS)) y |= IPT_BIT(Y_TSUUIISOU);
    if (!(c->mask & ~K_GREEN) && (!c->r->ryuuiisou_hatsu || (c->mask & IPT_BIT(IPT_KIND_HATSU))))
        y |= IPT_BIT(Y_RYUUIISOU);
    if (!(c->mask & ~K_TERMINALS)) y |= IPT_BIT(Y_CHINROUTOU);
    int s = ipt_chuuren_suit(c);
    if (s >= 0) {
        y |= IPT_BIT(Y_CHUUREN);
        int r = c->win % 9;
        int n = c->counts[c->win];
        if ((r == 0 || r == 8) ? (n == 4 || n == 2) : (n == 2)) y |= IPT_BIT(Y_CHUUREN_PURE);
    }
    if (c->form == IPT_FORM_KOKUSHI) {
        y |= IPT_BIT(Y_KOKUSHI);
        if (c->counts[c->win] == 2) y |= IPT_BIT(Y_KOKUSHI_13);
    }
    int winds = 0;
    for (int w = 27; w <= 30; w++) winds += ipt_has(c->trips, c->n_trips, w);
    if (winds == 4) y |= IPT_BIT(Y_DAISUUSHI);
    if (c->pair >= 27 && c->pair <= 30 && winds == 3) y |= IPT_BIT(Y_SHOUSUUSHII);
    if (c->kans == 4) y |= IPT_BIT(Y_SUUKANTSU);
    if ((c->flags & (IPT_F_RENHOU | IPT_F_SASHIKOMI)) || c->r->daisharin || c->r->daichisei)
        y |= ipt_local_yakuman(c);
    return y;
}

static inline uint64_t ipt_ordinary_checks(const ipt_ctx_t *c) {
    uint64_t y = 0;
    uint32_t f = c->flags;
    int tsumo = (f & IPT_F_TSUMO) != 0;
    int any_riichi = (f & (IPT_F_RIICHI | IPT_F_DOUBLE_RIICHI)) != 0;
    uint64_t m = c->mask;
    if (c->closed && tsumo) y |= IPT_BIT(Y_MENZEN_TSUMO);
    if (c->closed && any_riichi) y |= IPT_BIT(Y_RIICHI);
    if (c->closed && (f & IPT_F_IPPATSU) && any_riichi) y |= IPT_BIT(Y_IPPATSU);
    if ((f & IPT_F_CHANKAN) && !tsumo) y |= IPT_BIT(Y_CHANKAN);
    if ((f & IPT_F_RINSHAN) && tsumo) y |= IPT_BIT(Y_RINSHAN);
    if ((f & IPT_F_HAITEI) && tsumo && !(f & IPT_F_RINSHAN)) y |= IPT_BIT(Y_HAITEI);
    if ((f & IPT_F_HOUTEI) && !tsumo && !(f & IPT_F_CHANKAN)) y |= IPT_BIT(Y_HOUTEI);
    if (c->closed && c->form == IPT_FORM_STANDARD && c->n_runs == 4 && c->wait == IPT_W_RYANMEN &&
        c->pair < 31 && c->pair != c->seat && c->pair != c->rnd)
        y |= IPT_BIT(Y_PINFU);
    if ((c->closed || c->open_tanyao) && !(m & K_YAOCHUU)) y |= IPT_BIT(Y_TANYAO);
    if (c->closed && c->form == IPT_FORM_STANDARD) {
        for (int i = 0; i + 1 < c->n_runs; i++)
            if (c->runs[i] == c->runs[i + 1]) {
                y |= IPT_BIT(Y_IIPEIKOU);
                break;
            }
    }
    for (int w = 0; w < 4; w++) {
        int has = ipt_has(c->trips, c->n_trips, 27 + w);
        if (has && c->seat == 27 + w) y |= IPT_BIT(Y_SEAT_WIND_E + w);
        if (has && c->rnd == 27 + w) y |= IPT_BIT(Y_ROUND_WIND_E + w);
    }
    int dragons = 0;
    for (int d = 0; d < 3; d++)
        if (ipt_has(c->trips, c->n_trips, 31 + d)) {
            y |= IPT_BIT(Y_HAKU + d);
            dragons++;
        }
    if (c->closed && (f & IPT_F_DOUBLE_RIICHI)) y |= IPT_BIT(Y_DOUBLE_RIICHI);
    if (c->form == IPT_FORM_CHIITOI) y |= IPT_BIT(Y_CHIITOITSU);
    if (ipt_all_blocks_yaochuu(c)) {
        y |= IPT_BIT(Y_CHANTA);
        if (!(m & K_HONORS)) y |= IPT_BIT(Y_JUNCHAN);
    }
    if (c->n_runs >= 3) {
        for (int s = 0; s < 27; s += 9)
            if (ipt_has(c->runs, c->n_runs, s) && ipt_has(c->runs, c->n_runs, s + 3) &&
                ipt_has(c->runs, c->n_runs, s + 6))
                y |= IPT_BIT(Y_ITTSU);
        for (int i = 0; i < c->n_runs; i++) {
            int x = c->runs[i];
            if (x < 9 && ipt_has(c->runs, c->n_runs, x + 9) && ipt_has(c->runs, c->n_runs, x + 18))
                y |= IPT_BIT(Y_SANSHOKU);
        }
    }
    if (c->n_trips >= 3) {
        for (int i = 0; i < c->n_trips; i++) {
            int x = c->trips[i];
            if (x < 9 && ipt_has(c->trips, c->n_trips, x + 9) &&
                ipt_has(c->trips, c->n_trips, x + 18))
                y |= IPT_BIT(Y_SANSHOKU_DOUKOU);
        }
    }
    if (c->kans == 3) y |= IPT_BIT(Y_SANKANTSU);
    if (c->form == IPT_FORM_STANDARD && c->n_trips == 4) y |= IPT_BIT(Y_TOITOI);
    if (c->ankou == 3) y |= IPT_BIT(Y_SANANKOU);
    if (c->pair >= 31 && dragons == 2) y |= IPT_BIT(Y_SHOUSANGEN);
    if (!(m & ~K_YAOCHUU) && (m & K_HONORS) && (m & K_TERMINALS)) y |= IPT_BIT(Y_HONROUTOU);
    if (c->closed && c->form == IPT_FORM_STANDARD && c->n_runs == 4 && c->runs[0] == c->runs[1] &&
        c->runs[2] == c->runs[3])
        y |= IPT_BIT(Y_RYANPEIKOU);
    if (ipt_one_suit(m)) y |= (m & K_HONORS) ? IPT_BIT(Y_HONITSU) : IPT_BIT(Y_CHINITSU);
    if (f & (IPT_F_OPEN_RIICHI | IPT_F_RENHOU)) y |= ipt_local_ordinary(c);
    return y;
}

static inline uint64_t ipt_apply_replacements(uint64_t m) {
    uint64_t out = m;
    uint64_t x = m;
    while (x) {
        int i = __builtin_ctzll(x);
        x &= x - 1;
        out &= ~ipt_replaces[i];
    }
    return out;
}

static inline int ipt_ceil100(int x) { return (x + 99) / 100 * 100; }

static inline int ipt_base_points(int han, int fu, const ipt_rules_t *r, int *limit) {
    if (han >= 13) {
        *limit = r->kazoe_yakuman ? IPT_L_KAZOE : IPT_L_SANBAIMAN;
        if (!r->kazoe_yakuman) return 6000;
        return r->kazoe_multiple ? 8000 * (han / 13) : 8000; /* one yakuman per 13 han */
    }
    if (han >= 11) { *limit = IPT_L_SANBAIMAN; return 6000; }
    if (han >= 8) { *limit = IPT_L_BAIMAN; return 4000; }
    if (han >= 6) { *limit = IPT_L_HANEMAN; return 3000; }
    if (han >= 5) { *limit = IPT_L_MANGAN; return 2000; }
    int base = fu << (han + 2);
    if (base >= 2000) { *limit = IPT_L_MANGAN; return 2000; }
    if (r->kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) {
        *limit = IPT_L_MANGAN;
        return 2000;
    }
    *limit = IPT_L_NONE;
    return base;
}

static inline int ipt_hand_total(int base, int dealer, int tsumo) {
    if (!tsumo) return ipt_ceil100(base * (dealer ? 6 : 4));
    if (dealer) return 3 * ipt_ceil100(base * 2);
    return ipt_ceil100(base * 2) + 2 * ipt_ceil100(base);
}

/* Three players (docs/rules.md §11; scoring._cost): a tsumo's total, paid by the two
   others. Each pays the four-player share; with `split` the missing North's share is
   divided between them too, each half rounded up to 100 ("split"); else it is not paid
   ("loss"). A ron pays as ipt_hand_total. */
static inline int ipt_sanma_tsumo_total(int base, int dealer, int split) {
    int d = dealer ? 0 : ipt_ceil100(base * 2);   /* the dealer's share */
    int n = ipt_ceil100(dealer ? base * 2 : base); /* a non-dealer's share */
    if (split) {
        int half = ipt_ceil100(n / 2);
        if (!dealer) d += half;
        n += half;
    }
    return dealer ? 2 * n : d + n;
}

static inline int ipt_pair_fu(int pair, int seat, int rnd, const ipt_rules_t *r) {
    if (pair >= 31) return 2;
    if (pair == seat && pair == rnd) return r->double_wind_pair_fu;
    if (pair == seat || pair == rnd) return 2;
    return 0;
}

/* fu of one variant; trips_c are the concealed triplets of the reading */
static inline int ipt_fu(const ipt_ctx_t *c, int pinfu, const int *trips_c, int n_trips_c,
                         int ron_trip, int meld_fu, const ipt_rules_t *r) {
    int tsumo = (c->flags & IPT_F_TSUMO) != 0;
    if (c->form == IPT_FORM_CHIITOI) return 25;
    if (c->form == IPT_FORM_KOKUSHI) return (20 + (tsumo ? 2 : 10) + 9) / 10 * 10;
    if (pinfu) return tsumo ? 20 : 30;
    int fu = 20;
    if (c->closed && !tsumo) fu += 10;
    if (tsumo) fu += 2;
    if (c->wait == IPT_W_KANCHAN || c->wait == IPT_W_PENCHAN || c->wait == IPT_W_TANKI) fu += 2;
    fu += ipt_pair_fu(c->pair, c->seat, c->rnd, r);
    for (int i = 0; i < n_trips_c; i++) {
        int k = trips_c[i];
        int y = (IPT_BIT(k) & K_YAOCHUU) != 0;
        if (ron_trip && k == c->win) {
            ron_trip = 0;
            fu += y ? 4 : 2;
        } else {
            fu += y ? 8 : 4;
        }
    }
    fu += meld_fu;
    int rounded = (fu + 9) / 10 * 10;
    if (rounded == 20 && !c->closed) rounded = 30;
    return rounded;
}

static inline void ipt_sort_small(int *a, int n) {
    for (int i = 1; i < n; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

typedef struct {
    int total, mult, han, fu, base, limit;
    uint64_t mask, ym;
    int valid, c_aot;
    /* aotenjou (no limits): the base is bm << be, any size; t64 the exact total while the
       base is below 2^50, else -1 */
    int64_t bm, t64;
    int be;
} ipt_cand_t;

static inline int ipt_bitlen(int64_t x) { return x ? 64 - __builtin_clzll((uint64_t)x) : 0; }

static inline int64_t ipt_ceil100_64(int64_t x) { return (x + 99) / 100 * 100; }

/* aotenjou: the base bm << be, and the total while the base is below 2^50 */
static inline void ipt_aot_set(ipt_cand_t *c, int64_t bm, int be, int dealer, int tsumo) {
    c->bm = bm;
    c->be = bm ? be : 0;
    c->limit = IPT_L_NONE;
    if (!bm) { c->t64 = 0; return; }
    if (c->be + ipt_bitlen(bm) > 50) { c->t64 = -1; return; }
    int64_t b = bm << c->be;
    if (!tsumo) c->t64 = ipt_ceil100_64(b * (dealer ? 6 : 4));
    else if (dealer) c->t64 = 3 * ipt_ceil100_64(b * 2);
    else c->t64 = ipt_ceil100_64(b * 2) + 2 * ipt_ceil100_64(b);
}

/* aotenjou: the sign of total(a) - total(b). Below 2^50 the totals are exact; past it two
   different bases (each a mantissa below 2^16 shifted left) differ by far more than the
   rounding to 100, so the bases decide, compared exactly as mantissa << exponent. */
static inline int ipt_aot_cmp(const ipt_cand_t *a, const ipt_cand_t *b) {
    if (a->t64 >= 0 && b->t64 >= 0) return (a->t64 > b->t64) - (a->t64 < b->t64);
    if (!a->bm || !b->bm) return (a->bm != 0) - (b->bm != 0);
    int64_t ma = a->bm, mb = b->bm;
    int d = a->be - b->be;
    if (d >= 20) return 1;
    if (d <= -20) return -1;
    if (d > 0) ma <<= d;
    else mb <<= -d;
    return (ma > mb) - (ma < mb);
}

static inline int ipt_cand_better(const ipt_cand_t *a, const ipt_cand_t *b) {
    if (!b->valid) return 1;
    if (a->c_aot) {
        int s = ipt_aot_cmp(a, b);
        if (s) return s > 0;
    } else if (a->total != b->total) return a->total > b->total;
    if (a->mult != b->mult) return a->mult > b->mult;
    if (a->han != b->han) return a->han > b->han;
    return a->fu > b->fu;
}

static inline void ipt_evaluate(const ipt_ctx_t *c, const int *trips_c, int n_trips_c,
                                int ron_trip, int meld_fu, int bonus, int dealer,
                                const ipt_rules_t *r, ipt_cand_t *out) {
    uint64_t ym = 0, mask = 0;
    int tsumo = (c->flags & IPT_F_TSUMO) != 0;
    if (ipt_may_be_yakuman(c)) ym = ipt_yakuman_checks(c);
    if ((c->flags & IPT_F_PAARENCHAN) && r->paarenchan) {
        /* paarenchan (docs/rules.md §12): with a yaku of the hand's own, or always */
        if (ym || r->paarenchan == IPT_PAARENCHAN_ALWAYS || ipt_ordinary_checks(c))
            ym |= IPT_BIT(Y_PAARENCHAN);
    }
    out->valid = 1;
    if (ym) {
        ym = ipt_apply_replacements(ym);
        int mult = 0, mx = 0;
        uint64_t x = ym;
        while (x) {
            int i = __builtin_ctzll(x);
            x &= x - 1;
            int v = (r->double_mask >> i & 1) ? ipt_ym_mult[i] : 1;
            mult += v;
            if (v > mx) mx = v;
        }
        if (!r->yakuman_stacking) mult = mx;
        out->fu = ipt_fu(c, 0, trips_c, n_trips_c, ron_trip, meld_fu, r);
        out->base = 8000 * mult;
        out->limit = IPT_L_YAKUMAN;
        out->han = 13 * mult;
        out->mult = mult;
        out->mask = 0;
        out->ym = ym;
        if (r->aotenjou) ipt_aot_set(out, out->fu, out->han + 2, dealer, tsumo);
    } else {
        mask = ipt_apply_replacements(ipt_ordinary_checks(c));
        int pinfu = (mask & IPT_BIT(Y_PINFU)) != 0;
        out->fu = ipt_fu(c, pinfu, trips_c, n_trips_c, ron_trip, meld_fu, r);
        int han = 0;
        const uint8_t *tab = c->closed ? ipt_han_closed : ipt_han_open;
        uint64_t x = mask;
        while (x) {
            int i = __builtin_ctzll(x);
            x &= x - 1;
            han += tab[i];
        }
        if (han) han += bonus;
        out->han = han;
        out->base = ipt_base_points(han, out->fu, r, &out->limit);
        out->mult = 0;
        out->mask = mask;
        out->ym = 0;
        if (!mask) out->base = 0;
        if (r->aotenjou) ipt_aot_set(out, mask ? out->fu : 0, han + 2, dealer, tsumo);
        if ((c->flags & IPT_F_RENHOU) && !tsumo && c->closed &&
            (r->renhou == IPT_RENHOU_MANGAN || r->renhou == IPT_RENHOU_BAIMAN)) {
            /* renhou as a limit: the larger of the limit and the hand without it */
            int bl = r->renhou == IPT_RENHOU_MANGAN;
            int floor = bl ? 2000 : 4000;
            int below = r->aotenjou
                ? (out->bm == 0 || (out->be + ipt_bitlen(out->bm) <= 30
                                    && (out->bm << out->be) < floor))
                : out->base < floor;
            if (below) {
                out->base = floor;
                out->han = bl ? 5 : 8;
                out->limit = bl ? IPT_L_MANGAN : IPT_L_BAIMAN;
                out->mask = IPT_BIT(Y_RENHOU);
                if (r->aotenjou) {
                    ipt_aot_set(out, floor, 0, dealer, tsumo);
                    out->limit = bl ? IPT_L_MANGAN : IPT_L_BAIMAN;
                }
            }
        }
    }
    out->c_aot = r->aotenjou != 0;
    if (r->aotenjou) {
        /* the base and points are the edge's to compute (Python integers); the 32-bit
           fields hold them only while they fit */
        out->base = (out->bm && out->be + ipt_bitlen(out->bm) <= 28)
            ? (int)(out->bm << out->be) : 0;
        out->total = (out->t64 >= 0 && out->t64 < 0x7fffffff) ? (int)out->t64 : 0;
        return;
    }
    out->total = out->base ? ipt_hand_total(out->base, dealer, tsumo) : 0;
}

/* readings of the concealed part: DFS over kinds */
typedef struct {
    int pair, n_runs, n_trips;
    int runs[4], trips[4];
} ipt_reading_t;

#define IPT_MAX_READINGS 32

typedef struct {
    uint8_t c[34];
    uint64_t nz; /* bit k set while c[k] > 0 */
    ipt_reading_t cur;
    ipt_reading_t out[IPT_MAX_READINGS];
    int n;
} ipt_walk_t;

#define IPT_TAKE(w, k, n)                                    \
    do {                                                     \
        (w)->c[k] -= (n);                                    \
        if (!(w)->c[k]) (w)->nz &= ~IPT_BIT(k);              \
    } while (0)
#define IPT_GIVE(w, k, n)                                    \
    do {                                                     \
        (w)->c[k] += (n);                                    \
        (w)->nz |= IPT_BIT(k);                               \
    } while (0)

static void ipt_walk(ipt_walk_t *w) {
    if (!w->nz) {
        if (w->cur.pair >= 0 && w->n < IPT_MAX_READINGS) {
            /* readings come out in a canonical order; skip exact duplicates */
            for (int i = 0; i < w->n; i++)
                if (memcmp(&w->out[i], &w->cur, sizeof(ipt_reading_t)) == 0) return;
            w->out[w->n++] = w->cur;
        }
        return;
    }
    int k = __builtin_ctzll(w->nz); /* the lowest kind left must start a block */
    if (w->cur.pair < 0 && w->c[k] >= 2) {
        IPT_TAKE(w, k, 2);
        w->cur.pair = k;
        ipt_walk(w);
        w->cur.pair = -1;
        IPT_GIVE(w, k, 2);
    }
    if (w->c[k] >= 3 && w->cur.n_trips < 4) {
        IPT_TAKE(w, k, 3);
        w->cur.trips[w->cur.n_trips++] = k;
        ipt_walk(w);
        w->cur.trips[--w->cur.n_trips] = 0;
        IPT_GIVE(w, k, 3);
    }
    if (k < 27 && k % 9 <= 6 && w->c[k + 1] && w->c[k + 2] && w->cur.n_runs < 4) {
        IPT_TAKE(w, k, 1);
        IPT_TAKE(w, k + 1, 1);
        IPT_TAKE(w, k + 2, 1);
        w->cur.runs[w->cur.n_runs++] = k;
        ipt_walk(w);
        w->cur.runs[--w->cur.n_runs] = 0;
        IPT_GIVE(w, k, 1);
        IPT_GIVE(w, k + 1, 1);
        IPT_GIVE(w, k + 2, 1);
    }
}

/* bit k set when c[k] > 0, and the tile total */
static inline uint64_t ipt_kind_mask(const uint8_t *c, int *total) {
#if !defined(IPT_NO_SIMD) && (defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64))
    __m128i z = _mm_setzero_si128();
    __m128i a = _mm_loadu_si128((const __m128i *)c);
    __m128i b = _mm_loadu_si128((const __m128i *)(c + 16));
    uint64_t m = (uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(a, z)) & 0xFFFF) |
                 ((uint64_t)(~_mm_movemask_epi8(_mm_cmpeq_epi8(b, z)) & 0xFFFF) << 16) |
                 ((uint64_t)(c[32] != 0) << 32) | ((uint64_t)(c[33] != 0) << 33);
    __m128i sa = _mm_sad_epu8(a, z), sb = _mm_sad_epu8(b, z);
    __m128i s2 = _mm_add_epi64(sa, sb);
    *total = (int)(_mm_cvtsi128_si32(s2) + _mm_cvtsi128_si32(_mm_srli_si128(s2, 8))) + c[32] + c[33];
    return m;
#else
    uint64_t m = 0;
    int t = 0;
    for (int k = 0; k < 34; k++) {
        m |= (uint64_t)(c[k] != 0) << k;
        t += c[k];
    }
    *total = t;
    return m;
#endif
}

static const int8_t ipt_meld_fu_tab[IPT_M_KAKAN + 1][2] = IPT_GEN_MELD_FU;

/* Score one hand. Inputs are trusted to be validated by the caller (counts 0..4, sizes,
 * melds legal); returns out->code. */
static int ipt_score(const ipt_score_in_t *in, const ipt_rules_t *r, ipt_score_out_t *out) {
    ipt_ctx_t c;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    uint32_t f = in->flags;
    int tsumo = (f & IPT_F_TSUMO) != 0;
    int closed = 1, kans = 0, meld_fu = 0, meld_ankan = 0;
    int meld_runs[4], meld_trips[4], n_mr = 0, n_mt = 0;
    int total_tiles;
    uint64_t concealed_mask = ipt_kind_mask(in->counts, &total_tiles);
    uint64_t mask = concealed_mask;
    if (in->n_melds > 4 || total_tiles != 14 - 3 * in->n_melds || in->win < 0 || in->win >= 34 ||
        !in->counts[in->win]) {
        out->code = IPT_S_BAD_INPUT;
        return out->code;
    }
    for (int i = 0; i < in->n_melds; i++) {
        int t = in->meld_type[i], k = in->meld_kind[i];
        if (t == IPT_M_CHI) {
            meld_runs[n_mr++] = k;
            mask |= (uint64_t)7 << k;
            closed = 0;
            continue;
        }
        meld_trips[n_mt++] = k;
        mask |= IPT_BIT(k);
        meld_fu += ipt_meld_fu_tab[t][(IPT_BIT(k) & K_YAOCHUU) != 0];
        if (t == IPT_M_ANKAN) meld_ankan++;
        else closed = 0;
        if (t != IPT_M_PON) kans++;
    }
    int dealer = in->seat_wind == 0;
    c.closed = closed;
    c.flags = f;
    c.seat = 27 + in->seat_wind;
    c.rnd = 27 + in->round_wind;
    c.mask = mask;
    c.counts = in->counts;
    c.win = in->win;
    c.kans = kans;
    c.open_tanyao = r->open_tanyao;
    c.r = r;

    ipt_cand_t best;
    best.valid = 0;
    int best_reading = -1, best_wait = 0, best_form = 0;

    ipt_walk_t w;
    int n_readings = 0;
    if (ipt_is_agari(in->counts, total_tiles)) {
        memcpy(w.c, in->counts, 34);
        w.nz = concealed_mask;
        memset(&w.cur, 0, sizeof w.cur);
        w.cur.pair = -1;
        w.n = 0;
        ipt_walk(&w);
        n_readings = w.n;
    }
    for (int ri = 0; ri < n_readings; ri++) {
        const ipt_reading_t *rd = &w.out[ri];
        c.form = IPT_FORM_STANDARD;
        c.pair = rd->pair;
        c.n_runs = 0;
        for (int i = 0; i < rd->n_runs; i++) c.runs[c.n_runs++] = rd->runs[i];
        for (int i = 0; i < n_mr; i++) c.runs[c.n_runs++] = meld_runs[i];
        ipt_sort_small(c.runs, c.n_runs);
        c.n_trips = 0;
        for (int i = 0; i < rd->n_trips; i++) c.trips[c.n_trips++] = rd->trips[i];
        for (int i = 0; i < n_mt; i++) c.trips[c.n_trips++] = meld_trips[i];
        ipt_sort_small(c.trips, c.n_trips);
        int waits[5], nw = 0, seen = 0;
        if (rd->pair == in->win) waits[nw++] = IPT_W_TANKI;
        if (ipt_has(rd->trips, rd->n_trips, in->win)) waits[nw++] = IPT_W_SHANPON;
        for (int i = 0; i < rd->n_runs; i++) {
            int s = rd->runs[i];
            if (s <= in->win && in->win <= s + 2) {
                int p = in->win - s, wt;
                if (p == 1) wt = IPT_W_KANCHAN;
                else if (p == 0) wt = (s % 9 == 6) ? IPT_W_PENCHAN : IPT_W_RYANMEN;
                else wt = (s % 9 == 0) ? IPT_W_PENCHAN : IPT_W_RYANMEN;
                if (!(seen & (1 << wt))) {
                    seen |= 1 << wt;
                    waits[nw++] = wt;
                }
            }
        }
        for (int wi = 0; wi < nw; wi++) {
            int ron_trip = waits[wi] == IPT_W_SHANPON && !tsumo;
            c.wait = waits[wi];
            c.ankou = rd->n_trips + meld_ankan - ron_trip;
            ipt_cand_t cand;
            ipt_evaluate(&c, rd->trips, rd->n_trips, ron_trip, meld_fu, in->bonus, dealer, r,
                         &cand);
            if (ipt_cand_better(&cand, &best)) {
                best = cand;
                best_reading = ri;
                best_wait = waits[wi];
                best_form = IPT_FORM_STANDARD;
            }
        }
    }
    if (in->n_melds == 0 && total_tiles == 14) {
        int pairs = 0, other = 0;
        for (int k = 0; k < 34; k++) {
            if (in->counts[k] == 2) pairs++;
            else if (in->counts[k]) other = 1;
        }
        int form = -1;
        if (pairs == 7 && !other) form = IPT_FORM_CHIITOI;
        else if (ipt_shanten_kokushi_v(in->counts) == -1) form = IPT_FORM_KOKUSHI;
        if (form >= 0) {
            c.form = form;
            c.pair = form == IPT_FORM_CHIITOI ? in->win : -1;
            c.n_runs = c.n_trips = 0;
            c.ankou = 0;
            c.wait = IPT_W_TANKI;
            ipt_cand_t cand;
            ipt_evaluate(&c, 0, 0, 0, 0, in->bonus, dealer, r, &cand);
            if (ipt_cand_better(&cand, &best)) {
                best = cand;
                best_reading = -1;
                best_wait = IPT_W_TANKI;
                best_form = form;
            }
        }
    }
    if (!best.valid) {
        out->code = IPT_S_NOT_AGARI;
        return out->code;
    }
    out->points = best.total;
    out->base = best.base;
    out->han = (int16_t)best.han;
    out->fu = (int16_t)best.fu;
    out->yaku = best.mask;
    out->yakuman_mask = best.ym;
    out->yakuman = (uint8_t)best.mult;
    out->limit = (uint8_t)best.limit;
    out->form = (uint8_t)best_form;
    out->wait = (uint8_t)best_wait;
    out->pair = -1;
    if (best_reading >= 0) {
        const ipt_reading_t *rd = &w.out[best_reading];
        out->pair = (int8_t)rd->pair;
        out->n_runs = (uint8_t)rd->n_runs;
        out->n_trips = (uint8_t)rd->n_trips;
        for (int i = 0; i < rd->n_runs; i++) out->runs[i] = (uint8_t)rd->runs[i];
        for (int i = 0; i < rd->n_trips; i++) out->trips[i] = (uint8_t)rd->trips[i];
    }
    out->code = (best.mask || best.ym) ? IPT_S_OK : IPT_S_NO_YAKU;
    return out->code;
}

#endif /* IPPATSU_SCORE_H */
