/* course_best_emu.cpp - runs the `best` CUDA kernels of histogram (cuda/histogram_best.cuh),
 * rank sort (cuda/ranksort_best.cuh) and window (cuda/window_best.cuh) on the host under the emulation of
 * tests/cuda_emu.h, every instantiated shape, at sizes that leave every partial case:
 *  - histogram: 1 to 16 vectors per thread, one or several histogram copies per block
 *    (warps sharing a copy), bins from 1 to 4096, n with a tail after the last 16-byte
 *    vector, keys that do not start on a 16-byte boundary (every key counted one per
 *    thread), grids smaller than the work (grid-stride) and larger (idle threads);
 *    the counts must equal a serial count exactly;
 *  - rank sort: 1 to 16 keys per thread, blocks of one and of several warps, n below one
 *    tile, at a tile (2048) and across several, with the block's keys in the first, a
 *    middle and the last tile (the <=, < and tie-rule paths), many ties; the output must
 *    equal a stable sort exactly.
 *  - window: both forms of its best (form 1: consecutive outputs per thread, padded tile),
 *    every instantiated U, radius 1, 2, 3 (form 1's phases and its small-window path at
 *    U = 8) and 256 (windows wider than the array), n = 1, 33, 1000, 100003, input and
 *    output on and off 16-byte boundaries, a grid per tile and a grid striding; the sums
 *    must equal naive's bit for bit.
 * Each block's fibers run forward, reversed and shuffled between barriers (a race shows as
 * a different result). Needs no GPU and no nvcc.
 * usage: course_best_emu   (exit 0: all passed) */
#include "cuda_emu.h"

/* what the kernels use beyond cuda_emu.h: int4 and atomicAdd (fibers run one at a time,
 * so a plain read-modify-write is atomic), and histogram's dynamic shared array */
struct alignas(16) int4 {
    int x, y, z, w;
};
inline int atomicAdd(int *p, int v)
{
    const int old = *p;
    *p = old + v;
    return old;
}
#define PB_HIST_PRIV(name) static int name[PB_HIST_BEST_SMEM / sizeof(int)]
/* window's tile: poisoned at each block's start, so an element read before this block
 * wrote it shows as NaN in the result */
#define PB_WINDOW_SMEM(name)                                         \
    static unsigned char name[1 << 16] __attribute__((aligned(16))); \
    PB_EMU_POISON_SHARED(name)

#include "histogram_best.cuh"
#include "ranksort_best.cuh"
#include "window_best.cuh"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

static int failures, runs;

static const emu::order orders[] = {emu::FORWARD, emu::REVERSE, emu::SHUFFLED};

/* ---- histogram ---- */

template <typename K> static K hist_key(uint32_t r, int bins)
{
    if constexpr (std::is_integral<K>::value) /* int: uniform in [-1, bins]: out of range too */
        return (K)((int)(r % (uint32_t)(bins + 2)) - 1);
    else /* float: multiples of 2^-23 in [-1.25, 1.25): some out of range */
        return (K)(((double)(int32_t)(r % (5u << 22)) - 10485760.0) * 0x1p-23);
}

template <typename K, int U>
static void hist_case(long n, int bins, unsigned grid, unsigned block, int copies, int offset)
{
    std::vector<K> store(n + 4);
    K *keys = store.data() + offset; /* offset 1: not 16-byte aligned */
    uint32_t s = 12345u + (uint32_t)n * 7u + (uint32_t)bins;
    for (long i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        keys[i] = hist_key<K>(s >> 4, bins);
    }
    std::vector<int> want(bins, 0);
    for (long i = 0; i < n; ++i) {
        const int b = bin_of(keys[i], bins);
        if (b >= 0)
            ++want[b];
    }
    const int vec = (uintptr_t)keys % 16 == 0;
    for (emu::order ord : orders) {
        std::vector<int> counts(bins, 0);
        const std::function<void()> fn = [&] { hist_best<K, U>(n, bins, copies, vec, keys, counts.data()); };
        ++runs;
        if (!emu::launch(grid, 1, block, ord, 99u + (unsigned)runs, fn) || counts != want) {
            std::fprintf(stderr,
                         "histogram best %s U=%d n=%ld bins=%d grid=%u block=%u copies=%d offset=%d order=%d: "
                         "wrong counts\n",
                         std::is_integral<K>::value ? "int" : "float", U, n, bins, grid, block, copies, offset,
                         (int)ord);
            ++failures;
            return;
        }
    }
}

template <typename K, int U> static void hist_all()
{
    const long sizes[] = {1, 3, 4, 5, 1001, 4099};
    const int bins_list[] = {1, 10, 257, 4096};
    for (long n : sizes)
        for (int bins : bins_list)
            for (int offset = 0; offset < 2; ++offset) {
                /* one warp, one copy; three warps, two copies (warps 0 and 2 share); a small
                 * grid striding, a large one with idle threads */
                hist_case<K, U>(n, bins, 1, 32, 1, offset);
                hist_case<K, U>(n, bins, 2, 96, 2, offset);
                hist_case<K, U>(n, bins, 7, 64, 2, offset);
            }
}

/* ---- rank sort ---- */

template <typename K, int R> static void rank_case(long n, unsigned block)
{
    std::vector<K> a(n), out(n);
    const uint32_t k = (uint32_t)(n / 2 + 2); /* about n/2 values: many ties */
    uint32_t s = 777u + (uint32_t)n;
    for (long i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        const int v = (int)((s >> 4) % k) - (int)(k / 2);
        a[i] = (K)v * (K)(std::is_integral<K>::value ? 1 : 0.0009765625); /* float: v * 2^-10 */
    }
    std::vector<K> want(a);
    std::stable_sort(want.begin(), want.end());
    const long per_block = (long)block * R;
    const unsigned grid = (unsigned)((n + per_block - 1) / per_block);
    for (emu::order ord : orders) {
        std::fill(out.begin(), out.end(), (K)-12345);
        const std::function<void()> fn = [&] { ranksort_best<K, R>(n, a.data(), out.data()); };
        ++runs;
        if (!emu::launch(grid, 1, block, ord, 7u + (unsigned)runs, fn) || out != want) {
            std::fprintf(stderr, "ranksort best %s R=%d n=%ld block=%u order=%d: not the stable sort\n",
                         std::is_integral<K>::value ? "int" : "float", R, n, block, (int)ord);
            ++failures;
            return;
        }
    }
}

template <typename K, int R> static void rank_all()
{
    /* below a tile, one tile exactly, one key more, several tiles with the blocks' keys
     * before, inside and after each tile */
    const long sizes[] = {1, 2, 33, PB_RANKSORT_TILE, PB_RANKSORT_TILE + 1, 2 * PB_RANKSORT_TILE + 999};
    for (long n : sizes) {
        rank_case<K, R>(n, 32);
        rank_case<K, R>(n, 96);
    }
}

/* ---- window ---- */

/* form 0 (U outputs blockDim apart) or form 1 (U consecutive outputs, register reuse) of
 * window best against naive's sums, bit for bit: the same adds in the same order. The
 * input starts off a 16-byte boundary when in_off is odd (no vector loads), the output
 * when out_off is odd (no vector stores); grid 0: one block per tile, else that many
 * blocks striding over the tiles. */
template <typename T, int U>
static void window_case(int form, long n, long r, unsigned grid, unsigned block, int in_off, int out_off, bool orders3)
{
    std::vector<T> in_store(n + 2), out_store(n + 2), want(n);
    T *in = in_store.data() + in_off, *out = out_store.data() + out_off;
    uint32_t s = 4242u + (uint32_t)n * 13u + (uint32_t)r;
    for (long i = 0; i < n; ++i) { /* full mantissas of both signs: the order of the adds shows */
        s = s * 1664525u + 1013904223u;
        in[i] = (T)((double)(int32_t)s * 0x1p-31) * (T)(1 + (i % 7));
    }
    for (long i = 0; i < n; ++i) { /* naive: from the left end, zero outside [0, n) */
        T acc = 0;
        for (long j = i - r; j <= i + r; ++j)
            acc += j >= 0 && j < n ? in[j] : T(0);
        want[i] = acc;
    }
    if (window_best_smem_elems((long)block * U, r, vec16<T>::n, form ? U : 1) * (long)sizeof(T) > (1 << 16)) {
        std::fprintf(stderr, "window case too large for the emulated tile\n");
        ++failures;
        return;
    }
    const long W = (long)block * U, ntiles = (n + W - 1) / W;
    const unsigned blocks = grid ? grid : (unsigned)ntiles;
    const bool vec = (uintptr_t)in % 16 == 0, vst = (uintptr_t)out % 16 == 0;
    for (emu::order ord : orders) {
        if (!orders3 && ord != emu::SHUFFLED)
            continue;
        std::fill(out_store.begin(), out_store.end(), (T)-777);
        const std::function<void()> fn = [&] {
            if (form)
                window_best_reg<T, U>(n, r, ntiles, vec, vst, in, out);
            else
                window_best<T, U>(n, r, ntiles, vec, in, out);
        };
        ++runs;
        bool ok = emu::launch(blocks, 1, block, ord, 3u + (unsigned)runs, fn) &&
                  std::memcmp(out, want.data(), n * sizeof(T)) == 0;
        ok = ok && out_store[out_off ? 0 : n] == (T)-777 && out_store[n + 1] == (T)-777; /* nothing outside */
        if (!ok) {
            long i = 0;
            while (i < n && std::memcmp(&out[i], &want[i], sizeof(T)) == 0)
                ++i;
            std::fprintf(stderr,
                         "window best form=%d %s U=%d n=%ld r=%ld grid=%u block=%u in_off=%d out_off=%d order=%d: "
                         "out[%ld] differs from naive\n",
                         form, sizeof(T) == 4 ? "float" : "double", U, n, r, blocks, block, in_off, out_off, (int)ord,
                         i);
            ++failures;
            return;
        }
    }
}

template <typename T, int U> static void window_all()
{
    const long radii[] = {1, 2, 3, 256};
    for (int form = 0; form < 2; ++form)
        for (long r : radii) {
            for (long n : {1L, 33L, 1000L}) /* small: every order, a grid striding over the tiles and one per tile */
                for (int off = 0; off < 2; ++off) {
                    window_case<T, U>(form, n, r, 0, 32, off, off, true);
                    window_case<T, U>(form, n, r, 2, 96, off, 1 - off, true);
                }
            window_case<T, U>(form, 100003, r, 0, 64, 0, 0, false); /* large: shuffled only */
            window_case<T, U>(form, 100003, r, 3, 96, 1, 0, false);
        }
}

int main()
{
    hist_all<int, 1>();
    hist_all<int, 2>();
    hist_all<int, 4>();
    hist_all<int, 8>();
    hist_all<int, 16>();
    hist_all<float, 1>();
    hist_all<float, 4>();
    hist_all<float, 16>();
    rank_all<int, 1>();
    rank_all<int, 2>();
    rank_all<int, 4>();
    rank_all<int, 8>();
    rank_all<int, 16>();
    rank_all<float, 1>();
    rank_all<float, 4>();
    rank_all<float, 16>();
    window_all<float, 1>();
    window_all<float, 2>();
    window_all<float, 4>();
    window_all<float, 8>();
    window_all<double, 1>();
    window_all<double, 2>();
    window_all<double, 4>();
    window_all<double, 8>();
    std::printf("course_best_emu: %d runs, %d failed\n", runs, failures);
    return failures ? 1 : 0;
}
