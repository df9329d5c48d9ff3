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
#include <stdlib.h>
#include <string.h>

/* IPT_NOT_APPLICABLE, IPT_POLICY_*: generated from ippatsu/_codes.py (tools/gen_header.py) */
#include "_generated.h"

#define IPT_NCLASS 10

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
static const uint8_t ipt_yaochuu[IPT_N_YAOCHUU] = IPT_GEN_YAOCHUU_KINDS; /* _codes.YAOCHUU_KINDS */
/* sizes 1,2,4,5,7,8,10,11,13,14 are hands; the value is the number of sets needed */
static const int8_t ipt_nsets_of_size[15] = {-1, 0, 0, -1, 1, 1, -1, 2, 2, -1, 3, 3, -1, 4, 4};

/* a 5-byte row; every table is followed by 3 padding bytes so an 8-byte load is safe */
static inline uint64_t ipt_row_at(const uint8_t *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ || defined(_M_X64) || defined(_M_ARM64)
    uint64_t x;
    memcpy(&x, p, 8);
    return x & 0xFFFFFFFFFFULL;
#else
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32);
#endif
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

/* The largest a[k] + b[k] over the 34 kinds (b may be NULL: the largest a[k]); a check
 * before the loops that name the offending kind. */
static inline int ipt_max_sum34(const uint8_t *a, const uint8_t *b) {
    uint8_t mx = 0;
    for (int k = 0; k < 34; k++) {
        uint8_t x = (uint8_t)(a[k] + (b ? b[k] : 0));
        mx = x > mx ? x : mx;
    }
    return mx;
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

/* ---- SIMD path: a group's ten distances in one 16-byte vector -----------------------
 * lane 0 (bytes 0-4) holds d[m][0], lane 1 (bytes 8-12) holds d[m][1]; other bytes are
 * don't-care. A convolution is five shifted adds and mins; values stay below 256
 * because "impossible" is 64 and at most two levels of sums are taken. */
#if !defined(IPT_NO_SIMD) && (defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64))
#include <emmintrin.h>
#define IPT_SIMD 1
#define IPT_V_SSE2 1
typedef __m128i ipt_v;
#define IPT_V_ADD(a, b) _mm_add_epi8((a), (b))
#define IPT_V_MIN(a, b) _mm_min_epu8((a), (b))
#define IPT_V_OR(a, b) _mm_or_si128((a), (b))
#define IPT_V_SET1(x) _mm_set1_epi8((char)(x))
#define IPT_V_SWAP(a) _mm_shuffle_epi32((a), 0x4E)
#define IPT_V_SHL(a, i) _mm_slli_epi64((a), 8 * (i))
#define IPT_V_LOWINF(i) _mm_set1_epi64x((long long)((1ULL << (8 * (i))) - 1) & 0x4040404040404040LL)
#define IPT_V_LANE0INF _mm_set_epi64x(0, 0x4040404040404040LL)
static inline ipt_v ipt_v_row(uint64_t x) {
    __m128i v = _mm_cvtsi64_si128((long long)x);
    __m128i m = _mm_set1_epi8(0x0F);
    __m128i lo = _mm_and_si128(v, m);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(v, 4), m);
    return _mm_unpacklo_epi64(lo, hi);
}
static inline void ipt_v_store(uint8_t out[16], ipt_v v) { _mm_storeu_si128((__m128i *)out, v); }
#elif !defined(IPT_NO_SIMD) && (defined(__ARM_NEON) || defined(__aarch64__))
#include <arm_neon.h>
#define IPT_SIMD 1
typedef uint8x16_t ipt_v;
#define IPT_V_ADD(a, b) vaddq_u8((a), (b))
#define IPT_V_MIN(a, b) vminq_u8((a), (b))
#define IPT_V_OR(a, b) vorrq_u8((a), (b))
#define IPT_V_SET1(x) vdupq_n_u8((uint8_t)(x))
#define IPT_V_SWAP(a) vextq_u8((a), (a), 8)
#define IPT_V_SHL(a, i) vreinterpretq_u8_u64(vshlq_n_u64(vreinterpretq_u64_u8(a), 8 * (i)))
#define IPT_V_LOWINF(i) \
    vreinterpretq_u8_u64(vdupq_n_u64(((1ULL << (8 * (i))) - 1) & 0x4040404040404040ULL))
#define IPT_V_LANE0INF vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(0x4040404040404040ULL), vcreate_u64(0)))
static inline ipt_v ipt_v_row(uint64_t x) {
    uint8x8_t v = vcreate_u8(x);
    uint8x8_t lo = vand_u8(v, vdup_n_u8(0x0F));
    uint8x8_t hi = vshr_n_u8(v, 4);
    return vcombine_u8(lo, hi);
}
static inline void ipt_v_store(uint8_t out[16], ipt_v v) { vst1q_u8(out, v); }
#endif

#ifdef IPT_SIMD
/* one term of the convolution: B shifted by i ranks, plus A's d[i][0] and d[i][1] */
#define IPT_V_TERM(R, B, a, i)                                                          \
    do {                                                                                \
        ipt_v bs_ = (i) == 0 ? (B) : IPT_V_OR(IPT_V_SHL((B), (i)), IPT_V_LOWINF(i));   \
        ipt_v x_ = IPT_V_ADD(bs_, IPT_V_SET1((a)[(i)]));                                \
        ipt_v y_ = IPT_V_OR(IPT_V_ADD(IPT_V_SWAP(bs_), IPT_V_SET1((a)[8 + (i)])),       \
                            IPT_V_LANE0INF);                                            \
        (R) = IPT_V_MIN((R), IPT_V_MIN(x_, y_));                                        \
    } while (0)

/* min-plus convolution; `a` holds A's 16 bytes (for the broadcasts) */
static inline ipt_v ipt_v_conv(const uint8_t a[16], ipt_v B) {
    ipt_v R = IPT_V_SET1(0x40);
    IPT_V_TERM(R, B, a, 0);
    IPT_V_TERM(R, B, a, 1);
    IPT_V_TERM(R, B, a, 2);
    IPT_V_TERM(R, B, a, 3);
    IPT_V_TERM(R, B, a, 4);
    return R;
}

/* The final step against a fixed rest R (other groups convolved) for nsets sets:
 * Q lane 0 byte j = R[n-j][1], lane 1 byte j = R[n-j][0] (64 beyond n); then the distance
 * with a candidate group X is the smallest byte of X + Q. */
#if defined(IPT_V_SSE2)
/* the same from the vector: reverse the bytes of each lane, shift byte n to byte 0, fill
 * the bytes beyond n, swap the lanes */
static inline ipt_v ipt_v_final_qv(ipt_v r, int nsets) {
    ipt_v t = _mm_or_si128(_mm_slli_epi16(r, 8), _mm_srli_epi16(r, 8));
    t = _mm_shufflehi_epi16(_mm_shufflelo_epi16(t, 0x1B), 0x1B);
    t = _mm_srl_epi64(t, _mm_cvtsi32_si128(8 * (7 - nsets)));
    t = _mm_or_si128(t, _mm_set1_epi64x((long long)(0x4040404040404040ULL << (8 * (nsets + 1)))));
    return _mm_shuffle_epi32(t, 0x4E);
}
static inline ipt_v ipt_v_final_q(const uint8_t r[16], int nsets) {
    return ipt_v_final_qv(_mm_loadu_si128((const __m128i *)r), nsets);
}
#else
static inline ipt_v ipt_v_final_q(const uint8_t r[16], int nsets) {
    uint8_t q[16];
    memset(q, 0x40, 16);
    for (int j = 0; j <= nsets; j++) {
        q[j] = r[8 + nsets - j];
        q[8 + j] = r[nsets - j];
    }
    ipt_v v;
    memcpy(&v, q, 16);
    return v;
}
#endif

#if defined(IPT_V_SSE2)
static inline int ipt_v_hmin(ipt_v v) {
    v = _mm_min_epu8(v, _mm_srli_si128(v, 8));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 4));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 2));
    v = _mm_min_epu8(v, _mm_srli_si128(v, 1));
    return _mm_cvtsi128_si32(v) & 0xFF;
}
#else
static inline int ipt_v_hmin(ipt_v v) { return vminvq_u8(v); }
#endif

static inline void ipt_row_bytes(uint64_t x, uint8_t a[16]) {
    for (int m = 0; m < 5; m++) {
        a[m] = (uint8_t)IPT_NIB(x, 2 * m);
        a[8 + m] = (uint8_t)IPT_NIB(x, 2 * m + 1);
    }
}

static inline int ipt_distance_rows_v(uint64_t rm, uint64_t rp, uint64_t rs, uint64_t rh,
                                      int nsets) {
    uint8_t a[16], c[16], ab[16];
    ipt_row_bytes(rm, a);
    ipt_row_bytes(rs, c);
    ipt_v AB = ipt_v_conv(a, ipt_v_row(rp));
    ipt_v CH = ipt_v_conv(c, ipt_v_row(rh));
    ipt_v_store(ab, AB);
    ipt_v R = ipt_v_conv(ab, CH);
    uint8_t r[16];
    ipt_v_store(r, R);
    return r[8 + nsets];
}
#define IPT_DISTANCE ipt_distance_rows_v
#else
#define IPT_DISTANCE ipt_distance_rows
#endif

/* Standard-form shanten of validated counts. */
static inline int ipt_shanten_std_n(const uint8_t *c, int nsets) {
    return IPT_DISTANCE(ipt_suit_row(c), ipt_suit_row(c + 9), ipt_suit_row(c + 18),
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
    if (rm != 1 && rp != 1 && rs != 1 && rh != 1 &&
        (rm == 2) + (rp == 2) + (rs == 2) + (rh == 2) == 1) {
        /* exactly one group has a remainder of 2 and holds the pair (four groups of
         * remainder 2 also sum to 2 mod 3, but would need four pairs) */
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

/* final step: distance with one group replaced, given the other three convolved */
static inline int ipt_final_with(const uint8_t r0[5], const uint8_t r1[5], uint64_t row,
                                 int nsets) {
    int best = 255;
    for (int i = 0; i <= nsets; i++) {
        int x = r0[i] + IPT_NIB(row, 2 * (nsets - i) + 1);
        int y = r1[i] + IPT_NIB(row, 2 * (nsets - i));
        if (x < best) best = x;
        if (y < best) best = y;
    }
    return best;
}

/* Effective tiles of a validated 3k+1 hand: writes out[k] = unseen copies of kind k when
 * drawing k lowers shanten (else 0); a kind whose copies are all seen still sets bit k of
 * *mask_out. `visible` (may be NULL) holds copies seen outside the hand. Returns shanten.
 *
 * Drawing a tile changes one group only, so the other three groups are convolved once
 * ("leave one out") and each candidate costs one table row and one final step. */
static inline int ipt_ukeire(const uint8_t *c, int total, const uint8_t *visible,
                             uint8_t *out, uint64_t *mask_out) {
    static const uint32_t pow5[5] = {1, 5, 25, 125, 625};
    uint64_t mask = 0;
    int nsets = ipt_nsets_of_size[total];
    uint8_t g0[4][5], g1[4][5], rest0[4][5], rest1[4][5], ab0[5], ab1[5], ch0[5], ch1[5];
    uint32_t lo[3], hi[3];
    for (int g = 0; g < 3; g++) {
        const uint8_t *s = c + 9 * g;
        lo[g] = s[0] + 5u * s[1] + 25u * s[2] + 125u * s[3];
        hi[g] = s[4] + 5u * s[5] + 25u * s[6] + 125u * s[7] + 625u * s[8];
        ipt_unpack(ipt_row_at(ipt_suit_rows + 5u * (ipt_base_hi[hi[g]] + ipt_rank_lo[lo[g]])),
                   g0[g], g1[g]);
    }
    uint32_t hidx = ipt_honor_index(c + 27);
    ipt_unpack(ipt_row_at(ipt_honor_rows + 5u * hidx), g0[3], g1[3]);
#ifdef IPT_SIMD
    ipt_v Q[4];
    {
        uint8_t gb[4][16], ab[16], ch[16], rb[16];
        ipt_v G[4];
        for (int g = 0; g < 4; g++) {
            for (int m = 0; m < 5; m++) {
                gb[g][m] = g0[g][m];
                gb[g][8 + m] = g1[g][m];
            }
            G[g] = ipt_v_row(0);
            memcpy(&G[g], gb[g], 16);
        }
        ipt_v AB = ipt_v_conv(gb[0], G[1]), CH = ipt_v_conv(gb[2], G[3]);
        ipt_v_store(ab, AB);
        ipt_v_store(ch, CH);
        ipt_v R[4] = {ipt_v_conv(gb[1], CH), ipt_v_conv(gb[0], CH), ipt_v_conv(ab, G[3]),
                      ipt_v_conv(ab, G[2])};
        for (int m = 0; m < 5; m++) {
            ab0[m] = ab[m];
            ab1[m] = ab[8 + m];
            ch0[m] = ch[m];
            ch1[m] = ch[8 + m];
        }
        for (int g = 0; g < 4; g++) {
            ipt_v_store(rb, R[g]);
            Q[g] = ipt_v_final_q(rb, nsets);
        }
    }
#define IPT_FINAL_WITH(g, row) ipt_v_hmin(IPT_V_ADD(ipt_v_row(row), Q[g]))
#else
#define IPT_FINAL_WITH(g, row) ipt_final_with(rest0[g], rest1[g], (row), nsets)
    ipt_conv(g0[0], g1[0], g0[1], g1[1], ab0, ab1);
    ipt_conv(g0[2], g1[2], g0[3], g1[3], ch0, ch1);
    ipt_conv(g0[1], g1[1], ch0, ch1, rest0[0], rest1[0]);
    ipt_conv(g0[0], g1[0], ch0, ch1, rest0[1], rest1[1]);
    ipt_conv(ab0, ab1, g0[3], g1[3], rest0[2], rest1[2]);
    ipt_conv(ab0, ab1, g0[2], g1[2], rest0[3], rest1[3]);
#endif
    int base = 255;
    for (int i = 0; i <= nsets; i++) {
        int x = ab0[i] + ch1[nsets - i], y = ab1[i] + ch0[nsets - i];
        if (x < base) base = x;
        if (y < base) base = y;
    }
    base -= 1; /* standard-form shanten */
    int pairs = 0, kinds = 0, ykinds = 0, ypair = 0;
    if (nsets == 4) {
        for (int k = 0; k < 34; k++) {
            pairs += c[k] >= 2;
            kinds += c[k] >= 1;
        }
        for (int i = 0; i < 13; i++) {
            uint8_t x = c[ipt_yaochuu[i]];
            ykinds += x >= 1;
            ypair |= x >= 2;
        }
        int a = 6 - pairs + (kinds < 7 ? 7 - kinds : 0), b = 13 - ykinds - ypair;
        if (a < base) base = a;
        if (b < base) base = b;
    }
    /* shanten of the other forms after drawing a kind held `have` times (yaochuu or not) */
    int other_s[2][4] = {{255, 255, 255, 255}, {255, 255, 255, 255}};
    if (nsets == 4) {
        for (int have = 0; have < 4; have++) {
            int p2 = pairs + (have == 1), k2 = kinds + (have == 0);
            int a = 6 - p2 + (k2 < 7 ? 7 - k2 : 0);
            int b = 13 - (ykinds + (have == 0)) - (ypair | (have == 1));
            other_s[0][have] = a;
            other_s[1][have] = a < b ? a : b;
        }
    }
    int honor_s[5] = {255, 255, 255, 255, 255}; /* by the drawn honor's current count */
    for (int k = 0; k < 34; k++) {
        uint8_t have = c[k];
        int s = 255;
        if (have >= 4) {
            out[k] = 0;
            continue;
        }
        if (k < 27) {
            int g = k / 9, r = k % 9;
            uint32_t l = lo[g], h = hi[g];
            if (r < 4) l += pow5[r];
            else h += pow5[r - 4];
            uint64_t row = ipt_row_at(ipt_suit_rows + 5u * (ipt_base_hi[h] + ipt_rank_lo[l]));
            s = IPT_FINAL_WITH(g, row) - 1;
            int o = other_s[r == 0 || r == 8][have];
            if (o < s) s = o;
        } else {
            if (honor_s[have] == 255) {
                uint32_t idx = hidx + ipt_honor_w[have + 1] - ipt_honor_w[have];
                int hs = IPT_FINAL_WITH(3, ipt_row_at(ipt_honor_rows + 5u * idx)) - 1;
                int o = other_s[1][have];
                honor_s[have] = o < hs ? o : hs;
            }
            s = honor_s[have];
        }
        if (s < base) {
            int left = 4 - have - (visible ? visible[k] : 0);
            out[k] = (uint8_t)(left > 0 ? left : 0);
            mask |= (uint64_t)1 << k;
        } else {
            out[k] = 0;
        }
    }
    if (mask_out) *mask_out = mask;
    return base;
#undef IPT_FINAL_WITH
}

/* ---- leave one out: a hand's four groups with the other three convolved ------------
 * Changing the tiles of one group g leaves the other three groups alone, so the distance
 * of the changed hand is one final step of the new row of g against the convolution of
 * the other three ("rest"). ipt_loo_init prepares the four rests once per hand. */
static const uint32_t ipt_pow5[5] = {1, 5, 25, 125, 625};

typedef struct {
    uint32_t lo[3], hi[3], hidx;
    int nsets;
    int base; /* standard-form distance of the hand itself */
#ifdef IPT_SIMD
    ipt_v Q[4];
#else
    uint8_t rest0[4][5], rest1[4][5];
#endif
} ipt_loo_t;

static inline void ipt_loo_init(ipt_loo_t *L, const uint8_t *c, int nsets) {
    uint8_t g0[4][5], g1[4][5], ab0[5], ab1[5], ch0[5], ch1[5];
    L->nsets = nsets;
    for (int g = 0; g < 3; g++) {
        const uint8_t *s = c + 9 * g;
        L->lo[g] = s[0] + 5u * s[1] + 25u * s[2] + 125u * s[3];
        L->hi[g] = s[4] + 5u * s[5] + 25u * s[6] + 125u * s[7] + 625u * s[8];
        ipt_unpack(ipt_row_at(ipt_suit_rows + 5u * (ipt_base_hi[L->hi[g]] + ipt_rank_lo[L->lo[g]])),
                   g0[g], g1[g]);
    }
    L->hidx = ipt_honor_index(c + 27);
    ipt_unpack(ipt_row_at(ipt_honor_rows + 5u * L->hidx), g0[3], g1[3]);
#ifdef IPT_SIMD
    {
        uint8_t gb[4][16], ab[16], ch[16], rb[16];
        ipt_v G[4];
        for (int g = 0; g < 4; g++) {
            memset(gb[g], 0, 16);
            for (int m = 0; m < 5; m++) {
                gb[g][m] = g0[g][m];
                gb[g][8 + m] = g1[g][m];
            }
            memcpy(&G[g], gb[g], 16);
        }
        ipt_v AB = ipt_v_conv(gb[0], G[1]), CH = ipt_v_conv(gb[2], G[3]);
        ipt_v_store(ab, AB);
        ipt_v_store(ch, CH);
        ipt_v R[4] = {ipt_v_conv(gb[1], CH), ipt_v_conv(gb[0], CH), ipt_v_conv(ab, G[3]),
                      ipt_v_conv(ab, G[2])};
        for (int m = 0; m < 5; m++) {
            ab0[m] = ab[m];
            ab1[m] = ab[8 + m];
            ch0[m] = ch[m];
            ch1[m] = ch[8 + m];
        }
        for (int g = 0; g < 4; g++) {
            ipt_v_store(rb, R[g]);
            L->Q[g] = ipt_v_final_q(rb, nsets);
        }
    }
#else
    ipt_conv(g0[0], g1[0], g0[1], g1[1], ab0, ab1);
    ipt_conv(g0[2], g1[2], g0[3], g1[3], ch0, ch1);
    ipt_conv(g0[1], g1[1], ch0, ch1, L->rest0[0], L->rest1[0]);
    ipt_conv(g0[0], g1[0], ch0, ch1, L->rest0[1], L->rest1[1]);
    ipt_conv(ab0, ab1, g0[3], g1[3], L->rest0[2], L->rest1[2]);
    ipt_conv(ab0, ab1, g0[2], g1[2], L->rest0[3], L->rest1[3]);
#endif
    int base = 255;
    for (int i = 0; i <= nsets; i++) {
        int x = ab0[i] + ch1[nsets - i], y = ab1[i] + ch0[nsets - i];
        if (x < base) base = x;
        if (y < base) base = y;
    }
    L->base = base;
}

/* distance of the hand with group g's row replaced by `row` */
static inline int ipt_loo_final(const ipt_loo_t *L, int g, uint64_t row) {
#ifdef IPT_SIMD
    return ipt_v_hmin(IPT_V_ADD(ipt_v_row(row), L->Q[g]));
#else
    return ipt_final_with(L->rest0[g], L->rest1[g], row, L->nsets);
#endif
}

/* row of a number suit g after adding (delta = +1) or removing (-1) one tile of rank r */
static inline uint64_t ipt_loo_suit_row(const ipt_loo_t *L, int g, int r, int delta) {
    uint32_t l = L->lo[g], h = L->hi[g];
    if (r < 4) l += delta > 0 ? ipt_pow5[r] : (uint32_t)-ipt_pow5[r];
    else h += delta > 0 ? ipt_pow5[r - 4] : (uint32_t)-ipt_pow5[r - 4];
    return ipt_row_at(ipt_suit_rows + 5u * (ipt_base_hi[h] + ipt_rank_lo[l]));
}

static inline int ipt_is_yaochuu(int k) { return k >= 27 || k % 9 == 0 || k % 9 == 8; }

/* Shanten (minimum over the forms) of a validated 3k+2 hand after discarding each kind it
 * holds: sh[d] for every d with c[d] > 0 and bit d of `cand` set (others untouched).
 * Returns the smallest value written (255 when none). */
static inline int ipt_discard_shanten(const uint8_t *c, int total, uint64_t cand, int *sh) {
    ipt_loo_t L;
    int nsets = ipt_nsets_of_size[total];
    ipt_loo_init(&L, c, nsets);
    int pairs = 0, kinds = 0, ykinds = 0, ypairs = 0;
    if (nsets == 4) {
        for (int k = 0; k < 34; k++) {
            pairs += c[k] >= 2;
            kinds += c[k] >= 1;
        }
        for (int i = 0; i < 13; i++) {
            uint8_t x = c[ipt_yaochuu[i]];
            ykinds += x >= 1;
            ypairs += x >= 2;
        }
    }
    int honor_s[5] = {255, 255, 255, 255, 255}; /* standard form, by the honor's count */
    int best = 255;
    for (int d = 0; d < 34; d++) {
        int have = c[d];
        if (!have || !((cand >> d) & 1)) continue;
        int s;
        if (d < 27) {
            s = ipt_loo_final(&L, d / 9, ipt_loo_suit_row(&L, d / 9, d % 9, -1)) - 1;
        } else {
            if (honor_s[have] == 255) {
                uint32_t idx = L.hidx - ipt_honor_w[have] + ipt_honor_w[have - 1];
                honor_s[have] = ipt_loo_final(&L, 3, ipt_row_at(ipt_honor_rows + 5u * idx)) - 1;
            }
            s = honor_s[have];
        }
        if (nsets == 4) {
            int p2 = pairs - (have == 2), k2 = kinds - (have == 1);
            int a = 6 - p2 + (k2 < 7 ? 7 - k2 : 0);
            if (a < s) s = a;
            int yk = ykinds, yp = ypairs;
            if (ipt_is_yaochuu(d)) {
                yk -= have == 1;
                yp -= have == 2;
            }
            int b = 13 - yk - (yp > 0);
            if (b < s) s = b;
        }
        sh[d] = s;
        if (s < best) best = s;
    }
    return best;
}

/* ---- group distance vectors for the efficiency discard ------------------------------
 * ipt_gr: one group's (or a convolution's) ten distances; ipt_gq: a rest of three groups
 * prepared for final steps against a candidate row of the fourth. */
#ifdef IPT_SIMD
typedef struct {
    ipt_v v;
    uint8_t b[16];
} ipt_gr;
typedef ipt_v ipt_gq;
static inline void ipt_gr_row(ipt_gr *r, uint64_t row) {
    r->v = ipt_v_row(row);
    ipt_v_store(r->b, r->v);
}
static inline void ipt_gr_conv(ipt_gr *out, const ipt_gr *a, const ipt_gr *b) {
    out->v = ipt_v_conv(a->b, b->v);
    ipt_v_store(out->b, out->v);
}
static inline ipt_gq ipt_gq_of(const ipt_gr *rest, int nsets) {
#if defined(IPT_V_SSE2)
    return ipt_v_final_qv(rest->v, nsets);
#else
    return ipt_v_final_q(rest->b, nsets);
#endif
}
static inline int ipt_gq_final(const ipt_gq *q, uint64_t row, int nsets) {
    (void)nsets;
    return ipt_v_hmin(IPT_V_ADD(ipt_v_row(row), *q));
}
/* a row prepared for repeated final steps */
typedef ipt_v ipt_grow;
static inline ipt_grow ipt_grow_of(uint64_t row) { return ipt_v_row(row); }
/* is the distance with this row at most thr? */
static inline int ipt_gq_le(const ipt_gq *q, ipt_grow r, int thr, int nsets) {
    (void)nsets;
    ipt_v x = IPT_V_ADD(r, *q);
#if defined(IPT_V_SSE2)
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8((char)thr)), x)) != 0;
#else
    return vminvq_u8(x) <= thr;
#endif
}
#else
typedef struct {
    uint8_t d0[5], d1[5];
} ipt_gr;
typedef ipt_gr ipt_gq;
static inline void ipt_gr_row(ipt_gr *r, uint64_t row) { ipt_unpack(row, r->d0, r->d1); }
static inline void ipt_gr_conv(ipt_gr *out, const ipt_gr *a, const ipt_gr *b) {
    ipt_conv(a->d0, a->d1, b->d0, b->d1, out->d0, out->d1);
}
static inline ipt_gq ipt_gq_of(const ipt_gr *rest, int nsets) {
    (void)nsets;
    return *rest;
}
static inline int ipt_gq_final(const ipt_gq *q, uint64_t row, int nsets) {
    return ipt_final_with(q->d0, q->d1, row, nsets);
}
typedef uint64_t ipt_grow;
static inline ipt_grow ipt_grow_of(uint64_t row) { return row; }
static inline int ipt_gq_le(const ipt_gq *q, ipt_grow r, int thr, int nsets) {
    return ipt_final_with(q->d0, q->d1, r, nsets) <= thr;
}
#endif

/* ---- bit helpers --------------------------------------------------------------------- */
static inline int ipt_ctz64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

static inline int ipt_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* cm[v]: the kinds of validated counts held v times (v = 0..4) */
static inline void ipt_count_masks(const uint8_t *c, uint64_t cm[5]) {
#if defined(IPT_V_SSE2)
    const __m128i a = _mm_loadu_si128((const __m128i *)c);
    const __m128i b = _mm_loadu_si128((const __m128i *)(c + 16));
    for (int v = 0; v < 4; v++) {
        const __m128i x = _mm_set1_epi8((char)v);
        cm[v] = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, x)) |
                (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, x)) << 16;
    }
    cm[4] = 0xFFFFFFFFULL & ~(cm[0] | cm[1] | cm[2] | cm[3]);
    cm[c[32]] |= (uint64_t)1 << 32;
    cm[c[33]] |= (uint64_t)1 << 33;
#else
    cm[0] = cm[1] = cm[2] = cm[3] = cm[4] = 0;
    for (int k = 0; k < 34; k++) cm[c[k]] |= (uint64_t)1 << k;
#endif
}

/* the kinds with x = 4 - c - visible above 0 (*pos) and, of those, the kinds with bit i of
 * x set (lb[i], i = 0..2); `visible` may be NULL */
static inline void ipt_left_masks(const uint8_t *c, const uint8_t *visible, uint64_t *pos,
                                  uint64_t lb[3]) {
#if defined(IPT_V_SSE2)
    uint64_t p = 0, b0 = 0, b1 = 0, b2 = 0;
    for (int i = 0; i < 32; i += 16) {
        __m128i x = _mm_sub_epi8(_mm_set1_epi8(4), _mm_loadu_si128((const __m128i *)(c + i)));
        if (visible) x = _mm_sub_epi8(x, _mm_loadu_si128((const __m128i *)(visible + i)));
        p |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(x, _mm_setzero_si128())) << i;
        /* bit i of each byte to its top bit (16-bit shifts: the low byte's other bits land
         * below the high byte's top bit) */
        b0 |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 7)) << i;
        b1 |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 6)) << i;
        b2 |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 5)) << i;
    }
    for (int k = 32; k < 34; k++) {
        int x = 4 - c[k] - (visible ? visible[k] : 0);
        if (x > 0) {
            uint64_t b = (uint64_t)1 << k;
            p |= b;
            if (x & 1) b0 |= b;
            if (x & 2) b1 |= b;
            if (x & 4) b2 |= b;
        }
    }
    *pos = p;
    lb[0] = b0 & p;
    lb[1] = b1 & p;
    lb[2] = b2 & p;
#else
    uint64_t p = 0;
    lb[0] = lb[1] = lb[2] = 0;
    for (int k = 0; k < 34; k++) {
        int x = 4 - c[k] - (visible ? visible[k] : 0);
        if (x > 0) {
            uint64_t b = (uint64_t)1 << k;
            p |= b;
            if (x & 1) lb[0] |= b;
            if (x & 2) lb[1] |= b;
            if (x & 4) lb[2] |= b;
        }
    }
    *pos = p;
#endif
}

/* the kinds of ipt_is_yaochuu, and each group's kinds, as masks over the 34 kinds */
#define IPT_YAO_MASK IPT_K_YAOCHUU
static const uint64_t ipt_group_mask[4] = {0x1FFULL, 0x1FFULL << 9, 0x1FFULL << 18,
                                           IPT_K_HONORS};

/* ---- optimal classes ------------------------------------------------------------------
 * A class mask marks classes c = 2*m + p of one group by bit 4*c, as the nibbles of a row.
 * Adding one tile to a group lowers each of its ten distances by 0 or 1, never more and
 * never raises one (tests/test_kernel_tables.py checks every shape of the tables), so
 * `row - row_plus` is exactly the class mask of the distances the tile lowers, and the
 * hand's distance drops (by one) when a tile lowers a class of its group that takes part
 * in an optimal split. ipt_gp: a group prepared for finding its optimal classes. */
/* bit j of a 5-bit x to bit 8 * (4 - j), the low bit of nibble 2 * (4 - j): shifted right by
 * 8 * (4 - n), bit j lands on nibble 2 * (n - j) */
static const uint64_t ipt_spread_rev5[32] = {
    0x0ULL,       0x100000000ULL, 0x1000000ULL, 0x101000000ULL, 0x10000ULL,   0x100010000ULL,
    0x1010000ULL, 0x101010000ULL, 0x100ULL,     0x100000100ULL, 0x1000100ULL, 0x101000100ULL,
    0x10100ULL,   0x100010100ULL, 0x1010100ULL, 0x101010100ULL, 0x1ULL,       0x100000001ULL,
    0x1000001ULL, 0x101000001ULL, 0x10001ULL,   0x100010001ULL, 0x1010001ULL, 0x101010001ULL,
    0x101ULL,     0x100000101ULL, 0x1000101ULL, 0x101000101ULL, 0x10101ULL,   0x100010101ULL,
    0x1010101ULL, 0x101010101ULL};
#ifdef IPT_SIMD
typedef ipt_v ipt_gp;
/* the group's distances reversed against nsets: lane 0 byte j = d[n-j][1], lane 1 byte j =
 * d[n-j][0] (64 beyond n), so that adding the rest's vector pairs every class with its
 * complement */
static inline ipt_gp ipt_gp_of(const ipt_gr *g, int nsets) {
#if defined(IPT_V_SSE2)
    return ipt_v_final_qv(g->v, nsets);
#else
    return ipt_v_final_q(g->b, nsets);
#endif
}
#if defined(IPT_V_SSE2)
static inline unsigned ipt_v_eqmask(ipt_v x, int val) {
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8((char)val)));
}
#else
static inline unsigned ipt_v_eqmask(ipt_v x, int val) {
    uint8_t b[16];
    unsigned m = 0;
    vst1q_u8(b, vceqq_u8(x, vdupq_n_u8((uint8_t)val)));
    for (int i = 0; i < 16; i++) m |= (unsigned)(b[i] & 1) << i;
    return m;
}
#endif
/* the class mask of group g's classes whose split with the rest (a and b convolved) has
 * distance `opt` */
static inline uint64_t ipt_opt_classes(const ipt_gr *a, const ipt_gr *b, const ipt_gp *gp,
                                       int opt, int nsets) {
    unsigned m = ipt_v_eqmask(IPT_V_ADD(ipt_v_conv(a->b, b->v), *gp), opt);
    /* lane 0 byte j: class (n-j, 1); lane 1 byte j: class (n-j, 0) */
    return (ipt_spread_rev5[(m >> 8) & 31] | ipt_spread_rev5[m & 31] << 4) >> (8 * (4 - nsets));
}
#else
typedef ipt_gr ipt_gp;
static inline ipt_gp ipt_gp_of(const ipt_gr *g, int nsets) {
    (void)nsets;
    return *g;
}
static inline uint64_t ipt_opt_classes(const ipt_gr *a, const ipt_gr *b, const ipt_gp *gp,
                                       int opt, int nsets) {
    ipt_gr r;
    uint64_t m = 0;
    ipt_gr_conv(&r, a, b);
    for (int j = 0; j <= nsets; j++) {
        if (r.d1[nsets - j] + gp->d0[j] == opt) m |= (uint64_t)1 << (8 * j);
        if (r.d0[nsets - j] + gp->d1[j] == opt) m |= (uint64_t)1 << (8 * j + 4);
    }
    return m;
}
#endif
/* Tile-efficiency discard of a validated 3k+2 hand (ippatsu.core.efficiency_discard):
 * among the kinds of `allowed` the hand holds, the lowest shanten after the discard, then
 * the most effective tiles of the 3k+1 hand left (kinds whose draw lowers its shanten,
 * counted by 4 - hand - visible, never below 0; `visible` may be NULL), then the lowest
 * kind. Returns the kind, or -1 when no allowed kind is in the hand. *ties_out (may be
 * NULL) gets the mask of every kind as good as the choice; *shanten_out and *ukeire_out
 * (may be NULL) the choice's shanten and effective tile count (-1 when the shanten alone
 * decided).
 *
 * The same leave-one-out idea as ipt_ukeire, shared between the candidates: the hand's
 * four group rows, the six pairwise convolutions and each group's "rest" are built once;
 * discarding d changes d's group only (one row and one final step gives its shanten).
 * The effective tiles of hand - d are hand - d + k: for k in d's group, one row and one
 * final step; for k in another group g, the draw changes g only, so k is effective when
 * it lowers a class of g that is optimal in hand - d (see ipt_opt_classes): the classes
 * each kind lowers are found once per call, the optimal classes of g once per candidate
 * (d's new row convolved with the other two groups' pair), and each kind is a bit test.
 * Chiitoi and kokushi count kinds by their counts, as masks. */
static inline int ipt_efficiency_ex(const uint8_t *c, int total, const uint8_t *visible,
                                    uint64_t allowed, uint64_t *ties_out, int *shanten_out,
                                    int *ukeire_out, uint64_t *tied_out, uint64_t *emasks) {
    /* P[i]: groups (0,1) (0,2) (0,3) (1,2) (1,3) (2,3) convolved; rest_pair[gd][g]: the
     * pair of the two groups other than gd and g */
    static const uint8_t rest_pair[4][4] = {{6, 5, 4, 3}, {5, 6, 2, 1}, {4, 2, 6, 0}, {3, 1, 0, 6}};
    int sh[34], stds[34];
    uint64_t row_minus[34];
    uint64_t cm[5]; /* the kinds held 0..4 times */
    ipt_count_masks(c, cm);
    const uint64_t held = cm[1] | cm[2] | cm[3] | cm[4];
    uint64_t cand = held & allowed;
    if (!cand) return -1;
    const int nsets = ipt_nsets_of_size[total];
    uint32_t lo[3], hi[3], hidx;
    uint64_t row[4];
    for (int g = 0; g < 3; g++) {
        const uint8_t *q = c + 9 * g;
        lo[g] = q[0] + 5u * q[1] + 25u * q[2] + 125u * q[3];
        hi[g] = q[4] + 5u * q[5] + 25u * q[6] + 125u * q[7] + 625u * q[8];
        row[g] = ipt_row_at(ipt_suit_rows + 5u * (ipt_base_hi[hi[g]] + ipt_rank_lo[lo[g]]));
    }
    hidx = ipt_honor_index(c + 27);
    row[3] = ipt_row_at(ipt_honor_rows + 5u * hidx);
    ipt_gr G[4], P[6], R;
    ipt_gq Q[4];
    for (int g = 0; g < 4; g++) ipt_gr_row(&G[g], row[g]);
    ipt_gr_conv(&P[0], &G[0], &G[1]);
    ipt_gr_conv(&P[5], &G[2], &G[3]);
    ipt_gr_conv(&R, &G[1], &P[5]);
    Q[0] = ipt_gq_of(&R, nsets);
    ipt_gr_conv(&R, &G[0], &P[5]);
    Q[1] = ipt_gq_of(&R, nsets);
    ipt_gr_conv(&R, &G[3], &P[0]);
    Q[2] = ipt_gq_of(&R, nsets);
    ipt_gr_conv(&R, &G[2], &P[0]);
    Q[3] = ipt_gq_of(&R, nsets);
    int pairs = 0, kinds = 0, ykinds = 0, ypairs = 0;
    if (nsets == 4) {
        const uint64_t pm = cm[2] | cm[3] | cm[4];
        pairs = ipt_popcount64(pm);
        kinds = ipt_popcount64(held);
        ykinds = ipt_popcount64(held & IPT_YAO_MASK);
        ypairs = ipt_popcount64(pm & IPT_YAO_MASK);
    }
    /* step 1: shanten after each candidate discard (stds: the standard form's) */
    int best = 255;
    for (uint64_t m = cand; m; m &= m - 1) {
        const int d = ipt_ctz64(m);
        int have = c[d], s;
        if (d < 27) {
            int g = d / 9, r = d % 9;
            uint32_t l = lo[g], h = hi[g];
            if (r < 4) l -= ipt_pow5[r];
            else h -= ipt_pow5[r - 4];
            row_minus[d] = ipt_row_at(ipt_suit_rows + 5u * (ipt_base_hi[h] + ipt_rank_lo[l]));
            s = ipt_gq_final(&Q[g], row_minus[d], nsets) - 1;
        } else {
            row_minus[d] = ipt_row_at(ipt_honor_rows +
                                      5u * (hidx - ipt_honor_w[have] + ipt_honor_w[have - 1]));
            s = ipt_gq_final(&Q[3], row_minus[d], nsets) - 1;
        }
        stds[d] = s;
        if (nsets == 4) {
            int p2 = pairs - (have == 2), k2 = kinds - (have == 1);
            int a = 6 - p2 + (k2 < 7 ? 7 - k2 : 0);
            if (a < s) s = a;
            int yk = ykinds, yp = ypairs;
            if ((IPT_YAO_MASK >> d) & 1) {
                yk -= have == 1;
                yp -= have == 2;
            }
            int b = 13 - yk - (yp > 0);
            if (b < s) s = b;
        }
        sh[d] = s;
        if (s < best) best = s;
    }
    uint64_t tied = 0;
    for (uint64_t m = cand; m; m &= m - 1) {
        const int d = ipt_ctz64(m);
        if (sh[d] == best) tied |= (uint64_t)1 << d;
    }
    if (shanten_out) *shanten_out = best;
    if (tied_out) *tied_out = tied;
    if (!(tied & (tied - 1))) {
        if (ties_out) *ties_out = tied;
        if (ukeire_out) *ukeire_out = -1;
        return ipt_ctz64(tied);
    }
    /* step 2: effective tiles of each tied candidate */
    int s14 = ipt_gq_final(&Q[0], row[0], nsets) - 1; /* shanten of the hand itself */
    if (nsets == 4) {
        int a = 6 - pairs + (kinds < 7 ? 7 - kinds : 0), b = 13 - ykinds - (ypairs > 0);
        if (a < s14) s14 = a;
        if (b < s14) s14 = b;
    }
    ipt_gr_conv(&P[1], &G[0], &G[2]);
    ipt_gr_conv(&P[2], &G[0], &G[3]);
    ipt_gr_conv(&P[3], &G[1], &G[2]);
    ipt_gr_conv(&P[4], &G[1], &G[3]);
    /* a kind counts only with unseen copies left: left[k] for the hand - d (k != d); the
     * kinds with some left, by the bits of their number */
    uint64_t lpos, lb[3];
    ipt_left_masks(c, visible, &lpos, lb);
    /* the kinds worth a standard-form test (never one held four times) */
    const uint64_t avail = ~cm[4] & (emasks ? ~(uint64_t)0 : lpos);
    /* low[g][w]: the class masks of the kinds group g's draws lower, four kinds to a word
     * (rank r of a suit at bit 4 * c + r % 4 of word r / 4; for the honors, those held
     * `have` times at bit 4 * c + have) */
    uint64_t low[4][3];
    ipt_gp Gp[4];
    uint32_t done = 0; /* bit g: Gp[g] and low[g] computed */
    int top = -1, choice = -1;
    uint64_t top_mask = 0;
    for (uint64_t mt = tied; mt; mt &= mt - 1) {
        const int d = ipt_ctz64(mt);
        const int gd = d < 27 ? d / 9 : 3;
        const int hd = c[d];
        const uint64_t bd = (uint64_t)1 << d;
        /* k == d: hand - d + d is the hand itself */
        uint64_t em = s14 < best ? bd : 0;
        if (nsets == 4) {
            /* the hand - d: its chiitoi / kokushi counts, and their shanten after drawing
             * a kind held `have` times (not yaochuu / yaochuu) */
            int p1 = pairs - (hd == 2), k1 = kinds - (hd == 1), yk1 = ykinds, yp1 = ypairs;
            if ((IPT_YAO_MASK >> d) & 1) {
                yk1 -= hd == 1;
                yp1 -= hd == 2;
            }
            uint64_t oth = 0;
            for (int have = 0; have < 4; have++) {
                int p2 = p1 + (have == 1), k2 = k1 + (have == 0);
                int a = 6 - p2 + (k2 < 7 ? 7 - k2 : 0);
                int b = 13 - (yk1 + (have == 0)) - ((yp1 + (have == 1)) > 0);
                if (a < best) oth |= cm[have];
                else if (b < best) oth |= cm[have] & IPT_YAO_MASK;
            }
            em |= oth & ~bd;
        }
        if (stds[d] == best) {
            /* the standard form can lower: a draw that does makes the distance best */
            const uint64_t need = avail & ~em & ~bd;
            ipt_gr D;
            ipt_gr_row(&D, row_minus[d]);
            for (int g = 0; g < 4; g++) {
                const uint64_t gm = need & ipt_group_mask[g];
                if (g == gd || !gm) continue;
                if (!((done >> g) & 1)) {
                    done |= 1u << g;
                    Gp[g] = ipt_gp_of(&G[g], nsets);
                    low[g][0] = low[g][1] = low[g][2] = 0;
                    if (g < 3) {
                        for (int r = 0; r < 9; r++) {
                            if (c[9 * g + r] >= 4) continue;
                            uint32_t l = lo[g], h = hi[g];
                            if (r < 4) l += ipt_pow5[r];
                            else h += ipt_pow5[r - 4];
                            low[g][r >> 2] |=
                                (row[g] - ipt_row_at(ipt_suit_rows +
                                                     5u * (ipt_base_hi[h] + ipt_rank_lo[l])))
                                << (r & 3);
                        }
                    } else {
                        for (int have = 0; have < 4; have++)
                            if (cm[have] & ipt_group_mask[3])
                                low[3][0] |= (row[3] - ipt_row_at(ipt_honor_rows +
                                                                  5u * (hidx + ipt_honor_w[have + 1] -
                                                                        ipt_honor_w[have])))
                                             << have;
                    }
                }
                /* the optimal classes, each bit filling its nibble; then per word, any
                 * nibble's bit r: kind r lowers an optimal class */
                const uint64_t cls =
                    ipt_opt_classes(&D, &P[rest_pair[gd][g]], &Gp[g], best + 1, nsets) * 15u;
                if (g < 3) {
                    uint64_t eff = 0;
                    for (int w = 0; w < 3; w++) {
                        uint64_t x = low[g][w] & cls;
                        x |= x >> 32;
                        x |= x >> 16;
                        x |= x >> 8;
                        x |= x >> 4;
                        eff |= (x & 15) << (9 * g + 4 * w);
                    }
                    em |= eff & gm;
                } else {
                    uint64_t x = low[3][0] & cls;
                    x |= x >> 32;
                    x |= x >> 16;
                    x |= x >> 8;
                    x |= x >> 4;
                    for (int have = 0; have < 4; have++)
                        if ((x >> have) & 1) em |= cm[have] & gm;
                }
            }
            const uint64_t gm = need & ipt_group_mask[gd];
            if (gm && gd < 3) {
                uint32_t ld = lo[gd], hdd = hi[gd];
                const int rd = d - 9 * gd;
                if (rd < 4) ld -= ipt_pow5[rd];
                else hdd -= ipt_pow5[rd - 4];
                for (uint64_t m = gm; m; m &= m - 1) {
                    const int k = ipt_ctz64(m), r = k - 9 * gd;
                    uint32_t l = ld, h = hdd;
                    if (r < 4) l += ipt_pow5[r];
                    else h += ipt_pow5[r - 4];
                    if (ipt_gq_le(&Q[gd],
                                  ipt_grow_of(ipt_row_at(ipt_suit_rows +
                                                         5u * (ipt_base_hi[h] + ipt_rank_lo[l]))),
                                  best, nsets))
                        em |= (uint64_t)1 << k;
                }
            } else if (gm) {
                /* honors after d left: indexes by count */
                const uint32_t hidx_d = hidx - ipt_honor_w[hd] + ipt_honor_w[hd - 1];
                for (int have = 0; have < 4; have++) {
                    const uint64_t hm = gm & cm[have];
                    if (hm && ipt_gq_le(&Q[3],
                                        ipt_grow_of(ipt_row_at(
                                            ipt_honor_rows + 5u * (hidx_d + ipt_honor_w[have + 1] -
                                                                   ipt_honor_w[have]))),
                                        best, nsets))
                        em |= hm;
                }
            }
        }
        if (emasks) emasks[d] = em;
        const uint64_t eo = em & ~bd;
        int u = ipt_popcount64(eo & lb[0]) + 2 * ipt_popcount64(eo & lb[1]) +
                4 * ipt_popcount64(eo & lb[2]);
        if (em & bd) {
            int x = 5 - hd - (visible ? visible[d] : 0);
            if (x > 0) u += x;
        }
        if (u > top) {
            top = u;
            choice = d;
            top_mask = bd;
        } else if (u == top) {
            top_mask |= bd;
        }
    }
    if (ties_out) *ties_out = top_mask;
    if (ukeire_out) *ukeire_out = top;
    return choice;
}

/* ipt_efficiency_ex without the analysis outputs. With them: *tied_out gets the kinds of
 * the lowest shanten and, when more than one, emasks[d] for each of those the effective
 * kinds of hand - d (all of them, unseen copies left or not). */
static inline int ipt_efficiency(const uint8_t *c, int total, const uint8_t *visible,
                                 uint64_t allowed, uint64_t *ties_out, int *shanten_out,
                                 int *ukeire_out) {
    return ipt_efficiency_ex(c, total, visible, allowed, ties_out, shanten_out, ukeire_out,
                             NULL, NULL);
}

/* ---- solo rollouts (ippatsu.core.solo_rollouts) ------------------------------------
 * Sample i of a run with key `key` draws from its own stream: state = mix(mix(key) + i*G),
 * then for each draw state += G and r = mix(state) (splitmix64). The draw is a partial
 * Fisher-Yates step over the unseen tiles listed by kind: j = d + (r * (m - d)) >> 64. The
 * randomness of a sample depends on (key, i) only, never on how the range is chunked. */
#define IPT_GOLDEN 0x9E3779B97F4A7C15ULL
#define IPT_ALL_KINDS ((((uint64_t)1) << 34) - 1)

static inline uint64_t ipt_mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* high 64 bits of the 128-bit product a * b */
#if defined(__SIZEOF_INT128__)
static inline uint64_t ipt_mulhi64(uint64_t a, uint64_t b) {
    return (uint64_t)(((unsigned __int128)a * b) >> 64);
}
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
#include <intrin.h>
static inline uint64_t ipt_mulhi64(uint64_t a, uint64_t b) { return __umulh(a, b); }
#else
static inline uint64_t ipt_mulhi64(uint64_t a, uint64_t b) {
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32, bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}
#endif

/* The discard of a policy from a validated 3k+2 hand; `drawn` is the drawn kind (-1 for
 * none). Efficiency: ipt_efficiency against `vis`. Shanten: the lowest shanten after the
 * discard; the drawn tile when it is among the best, else the lowest kind. *s_out gets the
 * shanten after the discard. */
static inline int ipt_policy_discard(int policy, const uint8_t *h, int total,
                                     const uint8_t *vis, int drawn, int *s_out) {
    if (policy == IPT_POLICY_EFFICIENCY)
        return ipt_efficiency(h, total, vis, IPT_ALL_KINDS, NULL, s_out, NULL);
    int sh[34];
    int best = ipt_discard_shanten(h, total, IPT_ALL_KINDS, sh);
    *s_out = best;
    if (drawn >= 0 && h[drawn] && sh[drawn] == best) return drawn;
    for (int d = 0; d < 34; d++)
        if (h[d] && sh[d] == best) return d;
    return -1;
}

/* A memo of efficiency decisions for the rollouts: for a 3k+2 hand, the kinds of the
 * lowest shanten after the discard and, for each, the effective kinds of the hand left.
 * The choice against the current visible counts is then a few weighted bit counts. Pure
 * memoisation (direct-mapped, a collision overwrites), so results never depend on it. */
#define IPT_EC_MAXC 8
typedef struct {
    uint8_t key[34];
    uint8_t n; /* 0: empty slot */
    int8_t best;
    uint8_t d[IPT_EC_MAXC];
    uint64_t emask[IPT_EC_MAXC];
} ipt_ec_entry;

static inline uint64_t ipt_hash34(const uint8_t *c) {
    uint64_t w[4], h;
    memcpy(w, c, 32);
    h = ipt_mix64(w[0] ^ ((uint64_t)c[32] << 8 | c[33]));
    h = ipt_mix64(h ^ w[1]);
    h = ipt_mix64(h ^ w[2]);
    return ipt_mix64(h ^ w[3]);
}

/* the efficiency discard of the 3k+2 hand h against vis, through the memo (may be NULL) */
static inline int ipt_eff_cached(ipt_ec_entry *cache, uint64_t cmask, const uint8_t *h,
                                 int total, const uint8_t *vis, int *s_out) {
    if (!cache) return ipt_efficiency(h, total, vis, IPT_ALL_KINDS, NULL, s_out, NULL);
    ipt_ec_entry *e = cache + (ipt_hash34(h) & cmask);
    if (!(e->n && memcmp(e->key, h, 34) == 0)) {
        uint64_t tied = 0, emasks[34];
        int k = ipt_efficiency_ex(h, total, vis, IPT_ALL_KINDS, NULL, s_out, NULL, &tied,
                                  emasks);
        int n = 0;
        for (uint64_t m = tied; m; m &= m - 1) n++;
        if (n <= IPT_EC_MAXC) {
            memcpy(e->key, h, 34);
            e->n = (uint8_t)n;
            e->best = (int8_t)*s_out;
            int i = 0;
            for (uint64_t m = tied; m; m &= m - 1) {
                int d = ipt_ctz64(m);
                e->d[i] = (uint8_t)d;
                e->emask[i] = n > 1 ? emasks[d] : 0;
                i++;
            }
        }
        return k;
    }
    *s_out = e->best;
    if (e->n == 1) return e->d[0];
    int top = -1, choice = -1;
    for (int i = 0; i < e->n; i++) {
        int d = e->d[i], u = 0;
        for (uint64_t m = e->emask[i]; m; m &= m - 1) {
            int k = ipt_ctz64(m);
            int left = 4 - h[k] + (k == d) - vis[k];
            if (left > 0) u += left;
        }
        if (u > top) {
            top = u;
            choice = d;
        }
    }
    return choice;
}

typedef struct {
    uint8_t hand[34]; /* the 3k+1 hand the draws start from */
    uint8_t vis[34];  /* 4 - hand - tiles still drawable */
    uint8_t pool[136];
    int total, m, draws, policy, s0;
    uint64_t emask0; /* kinds whose draw lowers the shanten of `hand` */
} ipt_solo_t;

/* Samples start <= i < stop: first_tenpai[d] / first_complete[d] count the samples first
 * tenpai / complete at draw d + 1, final_hist[s + 1] those ending at shanten s. */
static inline void ipt_solo_run(const ipt_solo_t *P, uint64_t key, int64_t start, int64_t stop,
                                int64_t *first_tenpai, int64_t *first_complete,
                                int64_t *final_hist) {
    uint8_t pool[136], h[34], vis[34], scratch[34];
    const int m = P->m, draws = P->draws, total = P->total, policy = P->policy;
    const uint64_t kmix = ipt_mix64(key);
    ipt_ec_entry *cache = NULL;
    uint64_t cmask = 0;
    if (policy == IPT_POLICY_EFFICIENCY && stop - start >= 64) {
        uint64_t want = (uint64_t)(stop - start) * (uint64_t)draws, size = 1024;
        while (size < want && size < ((uint64_t)1 << 16)) size <<= 1;
        cache = (ipt_ec_entry *)calloc((size_t)size, sizeof(ipt_ec_entry));
        cmask = size - 1;
    }
    for (int64_t i = start; i < stop; i++) {
        uint64_t st = ipt_mix64(kmix + (uint64_t)i * IPT_GOLDEN);
        memcpy(pool, P->pool, (size_t)m);
        memcpy(h, P->hand, 34);
        memcpy(vis, P->vis, 34);
        int s = P->s0, tenpai = -1, complete = -1;
        uint64_t emask = P->emask0;
        for (int d = 0; d < draws; d++) {
            st += IPT_GOLDEN;
            int j = d + (int)ipt_mulhi64(ipt_mix64(st), (uint64_t)(m - d));
            uint8_t t = pool[j];
            pool[j] = pool[d];
            pool[d] = t;
            if (policy == IPT_POLICY_SHANTEN && !((emask >> t) & 1)) {
                /* not effective: the 3k+2 hand keeps the shanten s, so discarding the
                 * drawn tile (back to s) is among the best: nothing changes */
            } else {
                h[t]++;
                if (s == 0 && ipt_is_agari(h, total + 1)) {
                    complete = d;
                    s = -1;
                    if (tenpai < 0) tenpai = d;
                    break;
                }
                int k = policy == IPT_POLICY_EFFICIENCY
                            ? ipt_eff_cached(cache, cmask, h, total + 1, vis, &s)
                            : ipt_policy_discard(policy, h, total + 1, vis, t, &s);
                h[k]--;
                vis[k]++;
                if (policy == IPT_POLICY_SHANTEN && k != t)
                    ipt_ukeire(h, total, NULL, scratch, &emask);
            }
            if (s <= 0 && tenpai < 0) tenpai = d;
        }
        if (tenpai >= 0) first_tenpai[tenpai]++;
        if (complete >= 0) first_complete[complete]++;
        final_hist[s + 1 < 9 ? s + 1 : 9]++;
    }
    free(cache);
}

#endif /* IPPATSU_KERNELS_H */
