/*
 * ippatsu hand-core kernels (C, included by _core.pyx; one translation unit).
 *
 * Design: single-hand functions over 34 uint8 concealed counts, no allocation, no
 * Python, safe to call without the GIL. The batch loops and the Python API live in
 * _core.pyx. Every entry point that takes counts from outside first runs
 * ipt_check(), so table reads never go out of bounds whatever the input.
 *
 * Tables (see tools/gen_tables.py): for each suit shape of at most 14 tiles and each
 * class c = 2*m + p (m sets 0..4, p pairs 0..1) the replacement distance, packed as ten
 * 4-bit nibbles in 5 bytes. Honors are indexed by the histogram of their counts.
 * Shanten = (best split of the hand's sets and pair between the four groups) - 1.
 */
#ifndef IPPATSU_KERNELS_H
#define IPPATSU_KERNELS_H

#include <stdint.h>
#include <string.h>

#define IPT_NCLASS 10
#define IPT_NOT_APPLICABLE 127

/* error codes shared with _core.pyx */
#define IPT_OK 0
#define IPT_ERR_COUNT 1 /* a count above four */
#define IPT_ERR_SIZE 2  /* a tile total that no hand has */

static uint16_t ipt_rank_lo[625];
static uint32_t ipt_base_hi[3125];
static const uint8_t *ipt_suit_rows = 0; /* n * 5 bytes + 3 padding */
static uint8_t ipt_honor_rows[4096 * 5 + 3];
static uint32_t ipt_n_suit = 0;
static const uint16_t ipt_honor_w[5] = {0, 1, 8, 64, 512};
static const uint8_t ipt_yaochuu[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
/* sizes 1,2,4,5,7,8,10,11,13,14 are hands; the value is the number of sets needed */
static const int8_t ipt_nsets_of_size[15] = {-1, 0, 0, -1, 1, 1, -1, 2, 2, -1, 3, 3, -1, 4, 4};

static inline uint64_t ipt_row_at(const uint8_t *p) {
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32);
}

static inline uint32_t ipt_suit_index(const uint8_t *c) {
    uint32_t lo = c[0] + 5u * c[1] + 25u * c[2] + 125u * c[3];
    uint32_t hi = c[4] + 5u * c[5] + 25u * c[6] + 125u * c[7] + 625u * c[8];
    return ipt_base_hi[hi] + ipt_rank_lo[lo];
}

static inline uint32_t ipt_honor_index(const uint8_t *c) {
    return ipt_honor_w[c[0]] + ipt_honor_w[c[1]] + ipt_honor_w[c[2]] + ipt_honor_w[c[3]] +
           ipt_honor_w[c[4]] + ipt_honor_w[c[5]] + ipt_honor_w[c[6]];
}

static inline uint64_t ipt_suit_row(const uint8_t *c) {
    return ipt_row_at(ipt_suit_rows + 5u * ipt_suit_index(c));
}

static inline uint64_t ipt_honor_row(const uint8_t *c) {
    return ipt_row_at(ipt_honor_rows + 5u * ipt_honor_index(c));
}

#define IPT_NIB(x, cls) ((int)(((x) >> (4 * (cls))) & 15u))

/* Validate counts: every count 0..4 and a total no legal hand lacks. */
static inline int ipt_check(const uint8_t *c, int *total_out) {
    int total = 0;
    uint8_t mx = 0;
    for (int k = 0; k < 34; k++) {
        total += c[k];
        mx |= c[k];
    }
    if (mx > 4) {
        for (int k = 0; k < 34; k++)
            if (c[k] > 4) return IPT_ERR_COUNT;
    }
    if (total > 14 || ipt_nsets_of_size[total] < 0) return IPT_ERR_SIZE;
    *total_out = total;
    return IPT_OK;
}

/* Unpack a row into d[m][p] (m = 0..4). */
static inline void ipt_unpack(uint64_t x, uint8_t d0[5], uint8_t d1[5]) {
    for (int m = 0; m < 5; m++) {
        d0[m] = (uint8_t)IPT_NIB(x, 2 * m);
        d1[m] = (uint8_t)IPT_NIB(x, 2 * m + 1);
    }
}

/* min-plus convolution of (a0,a1) and (b0,b1) over m <= 4, pair count <= 1 */
static inline void ipt_conv(const uint8_t a0[5], const uint8_t a1[5], const uint8_t b0[5],
                            const uint8_t b1[5], uint8_t r0[5], uint8_t r1[5]) {
    for (int m = 0; m < 5; m++) {
        uint8_t best0 = 255, best1 = 255;
        for (int i = 0; i <= m; i++) {
            uint8_t x0 = (uint8_t)(a0[i] + b0[m - i]);
            uint8_t x1 = (uint8_t)(a0[i] + b1[m - i]);
            uint8_t x2 = (uint8_t)(a1[i] + b0[m - i]);
            if (x0 < best0) best0 = x0;
            if (x1 < best1) best1 = x1;
            if (x2 < best1) best1 = x2;
        }
        r0[m] = best0;
        r1[m] = best1;
    }
}

/* distance of the standard form, given the four group rows and the number of sets */
static inline int ipt_distance_rows(uint64_t rm, uint64_t rp, uint64_t rs, uint64_t rh,
                                    int nsets) {
    uint8_t a0[5], a1[5], b0[5], b1[5], ab0[5], ab1[5], c0[5], c1[5], h0[5], h1[5], ch0[5],
        ch1[5];
    ipt_unpack(rm, a0, a1);
    ipt_unpack(rp, b0, b1);
    ipt_unpack(rs, c0, c1);
    ipt_unpack(rh, h0, h1);
    ipt_conv(a0, a1, b0, b1, ab0, ab1);
    ipt_conv(c0, c1, h0, h1, ch0, ch1);
    int best = 255;
    for (int i = 0; i <= nsets; i++) {
        int x = ab0[i] + ch1[nsets - i];
        int y = ab1[i] + ch0[nsets - i];
        if (x < best) best = x;
        if (y < best) best = y;
    }
    return best;
}

/* Standard-form shanten of validated counts. */
static inline int ipt_shanten_std_n(const uint8_t *c, int nsets) {
    return ipt_distance_rows(ipt_suit_row(c), ipt_suit_row(c + 9), ipt_suit_row(c + 18),
                             ipt_honor_row(c + 27), nsets) -
           1;
}

static inline int ipt_shanten_chiitoi_v(const uint8_t *c) {
    int pairs = 0, kinds = 0;
    for (int k = 0; k < 34; k++) {
        pairs += c[k] >= 2;
        kinds += c[k] >= 1;
    }
    return 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
}

static inline int ipt_shanten_kokushi_v(const uint8_t *c) {
    int kinds = 0, pair = 0;
    for (int i = 0; i < 13; i++) {
        uint8_t x = c[ipt_yaochuu[i]];
        kinds += x >= 1;
        pair |= x >= 2;
    }
    return 13 - kinds - pair;
}

/* All three forms of validated counts with `total` tiles; chiitoi/kokushi get
 * IPT_NOT_APPLICABLE when the hand has declared melds. Returns the minimum. */
static inline int ipt_shanten_forms(const uint8_t *c, int total, int *std, int *chi,
                                    int *kok) {
    int nsets = ipt_nsets_of_size[total];
    int s = ipt_shanten_std_n(c, nsets);
    int best = s;
    *std = s;
    if (nsets == 4) {
        int a = ipt_shanten_chiitoi_v(c), b = ipt_shanten_kokushi_v(c);
        *chi = a;
        *kok = b;
        if (a < best) best = a;
        if (b < best) best = b;
    } else {
        *chi = IPT_NOT_APPLICABLE;
        *kok = IPT_NOT_APPLICABLE;
    }
    return best;
}

/* Minimum shanten of validated counts. Chiitoi and kokushi only matter for 13/14 tiles
 * and are never below the standard form unless the hand is very scattered or pairy. */
static inline int ipt_shanten_min(const uint8_t *c, int total) {
    int s, a, b;
    return ipt_shanten_forms(c, total, &s, &a, &b);
}

/* Is a validated 3k+2 hand complete (any form)? */
static inline int ipt_is_agari(const uint8_t *c, int total) {
    if (total % 3 != 2) return 0;
    int sm = c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8];
    int sp = c[9] + c[10] + c[11] + c[12] + c[13] + c[14] + c[15] + c[16] + c[17];
    int ss = c[18] + c[19] + c[20] + c[21] + c[22] + c[23] + c[24] + c[25] + c[26];
    int sh = total - sm - sp - ss;
    int rm = sm % 3, rp = sp % 3, rs = ss % 3, rh = sh % 3;
    if (rm != 1 && rp != 1 && rs != 1 && rh != 1) {
        /* exactly one group has a remainder of 2 (total = 2 mod 3); it holds the pair */
        if (IPT_NIB(ipt_suit_row(c), 2 * (sm / 3) + (rm == 2)) == 0 &&
            IPT_NIB(ipt_suit_row(c + 9), 2 * (sp / 3) + (rp == 2)) == 0 &&
            IPT_NIB(ipt_suit_row(c + 18), 2 * (ss / 3) + (rs == 2)) == 0 &&
            IPT_NIB(ipt_honor_row(c + 27), 2 * (sh / 3) + (rh == 2)) == 0)
            return 1;
    }
    if (total == 14) {
        int pairs = 0;
        for (int k = 0; k < 34; k++) pairs += c[k] == 2;
        if (pairs == 7) return 1;
        if (ipt_shanten_kokushi_v(c) == -1) return 1;
    }
    return 0;
}

/* Waits of a validated 3k+1 hand as a bitmask over kinds (bit k = kind k).
 * A kind held four times in the hand cannot come (RULES.md §3). */
static inline uint64_t ipt_waits(const uint8_t *c, int total) {
    uint8_t h[34];
    uint64_t mask = 0;
    if (total % 3 != 1) return 0;
    memcpy(h, c, 34);
    for (int k = 0; k < 34; k++) {
        if (h[k] >= 4) continue;
        h[k]++;
        if (ipt_is_agari(h, total + 1)) mask |= (uint64_t)1 << k;
        h[k]--;
    }
    return mask;
}

/* Effective tiles of a validated 3k+1 hand: writes out[k] = unseen copies of kind k when
 * drawing k lowers shanten (else 0); a kind whose copies are all seen still sets bit k of
 * *mask. `visible` (may be NULL) holds copies seen outside the hand. Returns shanten. */
static inline int ipt_ukeire(const uint8_t *c, int total, const uint8_t *visible,
                             uint8_t *out, uint64_t *mask_out) {
    uint8_t h[34];
    uint64_t mask = 0;
    int nsets = ipt_nsets_of_size[total];
    memcpy(h, c, 34);
    uint64_t rows[4] = {ipt_suit_row(c), ipt_suit_row(c + 9), ipt_suit_row(c + 18),
                        ipt_honor_row(c + 27)};
    int base_std = ipt_distance_rows(rows[0], rows[1], rows[2], rows[3], nsets) - 1;
    int base_chi = IPT_NOT_APPLICABLE, base_kok = IPT_NOT_APPLICABLE;
    int base = base_std;
    if (nsets == 4) {
        base_chi = ipt_shanten_chiitoi_v(c);
        base_kok = ipt_shanten_kokushi_v(c);
        if (base_chi < base) base = base_chi;
        if (base_kok < base) base = base_kok;
    }
    for (int k = 0; k < 34; k++) {
        int eff = 0;
        if (h[k] < 4) {
            h[k]++;
            int g = k < 27 ? k / 9 : 3;
            uint64_t saved = rows[g];
            rows[g] = g < 3 ? ipt_suit_row(h + 9 * g) : ipt_honor_row(h + 27);
            int s = ipt_distance_rows(rows[0], rows[1], rows[2], rows[3], nsets) - 1;
            rows[g] = saved;
            if (nsets == 4 && s >= base) {
                int a = ipt_shanten_chiitoi_v(h), b = ipt_shanten_kokushi_v(h);
                if (a < s) s = a;
                if (b < s) s = b;
            }
            eff = s < base;
            h[k]--;
        }
        if (eff) {
            int left = 4 - c[k] - (visible ? visible[k] : 0);
            out[k] = (uint8_t)(left > 0 ? left : 0);
            mask |= (uint64_t)1 << k;
        } else {
            out[k] = 0;
        }
    }
    if (mask_out) *mask_out = mask;
    return base;
}

#endif /* IPPATSU_KERNELS_H */
