/* gemm_emu.cpp - runs gemm's best CUDA kernel (cuda/gemm_best.cuh) on the host under the
 * emulation of tests/cuda_emu.h: every float candidate of PB_GEMM_BEST_CONFIGS (with its
 * block order and with bands of 3 tile-rows), the scalar float shape and the double
 * shape, at sizes below, at and above the tiles, with and without 16-byte groups, each
 * with the fibers of a block run forward, reversed and shuffled between barriers.
 * Inputs are small integers and alpha, beta are exact in binary, so every element of
 * the result is exact: the check is equality with a double reference; C_out is
 * poisoned with NaN first (an unwritten element fails), shared memory per block too;
 * every matrix ends at (and starts after) an inaccessible page, so a load out of range
 * crashes the test.
 * usage: gemm_emu   (exit 0: all passed) */
#include "cuda_emu.h"

#include "gemm_best.cuh"
#include "pb_shapes.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>

struct dims {
    int m, n, k;
};

template <typename T>
struct problem {
    int m, n, k;
    T *A, *B, *Cin, *Cout;
    std::vector<double> want;
};

/* count elements that end where an inaccessible page begins (and start after one): a
 * load past either end of a matrix faults (the kernel clamps rows and columns, so none
 * may happen). The start stays 16-byte aligned, so at most 15 bytes of slack remain. */
template <typename T>
static T *alloc(size_t count)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = (count * sizeof(T) + 15) / 16 * 16;
    const size_t span = (bytes + page - 1) / page * page + 2 * page;
    char *base = static_cast<char *>(mmap(nullptr, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (base == MAP_FAILED || mprotect(base + page, span - 2 * page, PROT_READ | PROT_WRITE) != 0) {
        std::perror("gemm_emu: mmap");
        std::exit(2);
    }
    return reinterpret_cast<T *>(base + span - page - bytes);
}

template <typename T>
static void unmap(T *p, size_t count)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = (count * sizeof(T) + 15) / 16 * 16;
    const size_t span = (bytes + page - 1) / page * page + 2 * page;
    munmap(reinterpret_cast<char *>(p) + bytes + page - span, span);
}

template <typename T>
static problem<T> make(dims d, unsigned seed)
{
    problem<T> p{d.m, d.n, d.k, alloc<T>((size_t)d.m * d.k), alloc<T>((size_t)d.k * d.n),
                 alloc<T>((size_t)d.m * d.n), alloc<T>((size_t)d.m * d.n), {}};
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> small(-3, 3);
    for (size_t i = 0; i < (size_t)d.m * d.k; ++i)
        p.A[i] = (T)small(rng);
    for (size_t i = 0; i < (size_t)d.k * d.n; ++i)
        p.B[i] = (T)small(rng);
    for (size_t i = 0; i < (size_t)d.m * d.n; ++i)
        p.Cin[i] = (T)small(rng);
    p.want.resize((size_t)d.m * d.n);
    for (int r = 0; r < d.m; ++r)
        for (int c = 0; c < d.n; ++c) {
            double s = 0;
            for (int l = 0; l < d.k; ++l)
                s += (double)p.A[(size_t)r * d.k + l] * (double)p.B[(size_t)l * d.n + c];
            p.want[(size_t)r * d.n + c] = PB_GEMM_ALPHA * s + PB_GEMM_BETA * (double)p.Cin[(size_t)r * d.n + c];
        }
    return p;
}

template <typename T>
static void release(problem<T> &p)
{
    unmap(p.A, (size_t)p.m * p.k), unmap(p.B, (size_t)p.k * p.n);
    unmap(p.Cin, (size_t)p.m * p.n), unmap(p.Cout, (size_t)p.m * p.n);
}

static int failures = 0, runs = 0;

/* one launch of shape S (VEC as given) with block order `group`, checked exactly */
template <typename T, typename S, bool VEC>
static void run(const char *what, problem<T> &p, int group, emu::order ord)
{
    constexpr int V = vec16<T>::n;
    if (VEC && (p.k % V || p.n % V))
        return; /* the host never launches the vector path there */
    std::memset(p.Cout, 0xff, (size_t)p.m * p.n * sizeof(T)); /* NaN: unwritten elements show */
    const bool vecC = p.n % V == 0;
    const int m = p.m, n = p.n, k = p.k;
    T *A = p.A, *B = p.B, *Cin = p.Cin, *Cout = p.Cout;
    std::function<void()> fn = [=] {
        gemm_best_kernel<T, S, VEC>(m, n, k, (T)PB_GEMM_ALPHA, A, B, (T)PB_GEMM_BETA, Cin, Cout, group, vecC);
    };
    const unsigned gx = (unsigned)((n + S::BN - 1) / S::BN), gy = (unsigned)((m + S::BM - 1) / S::BM);
    ++runs;
    static const char *const order_name[] = {"forward", "reverse", "shuffled"};
    char tag[256];
    std::snprintf(tag, sizeof tag, "%s %s VEC=%d group=%d m=%d n=%d k=%d order=%s", what,
                  sizeof(T) == 4 ? "float" : "double", (int)VEC, group, m, n, k, order_name[ord]);
    if (!emu::launch(gx, gy, S::NT, ord, 1234u + (unsigned)runs, fn)) {
        std::printf("FAIL %s: non-uniform barrier\n", tag);
        ++failures;
        return;
    }
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < (size_t)m * n; ++i)
        if (!((double)p.Cout[i] == p.want[i])) {
            if (!bad)
                first = i;
            ++bad;
        }
    if (bad) {
        std::printf("FAIL %s: %zu of %zu elements wrong, first at (%zu, %zu): %g, want %g\n", tag, bad,
                    (size_t)m * n, first / n, first % n, (double)p.Cout[first], p.want[first]);
        ++failures;
    }
}

/* every size, each in the three orders (or forward only: one_order) */
template <typename T, typename S, bool VEC>
static void sweep(const char *what, int group, const std::vector<dims> &sizes, bool one_order = false)
{
    unsigned seed = 7;
    for (dims d : sizes) {
        problem<T> p = make<T>(d, seed++);
        run<T, S, VEC>(what, p, group, emu::FORWARD);
        if (!one_order) {
            run<T, S, VEC>(what, p, group, emu::REVERSE);
            run<T, S, VEC>(what, p, group, emu::SHUFFLED);
        }
        release(p);
    }
}

int main()
{
    /* below, at and above the tiles; k with a partial first tile or none; n, k multiples
     * of 4 (vector path) or not (scalar path); n = 4 clamps every column group to 0 */
    const std::vector<dims> sizes = {{1, 1, 1},    {3, 4, 4},     {33, 65, 17},  {128, 128, 8},
                                     {129, 132, 12}, {257, 260, 36}, {130, 4, 20}, {7, 300, 3}};
    /* several tile-rows and -columns for the block order (bands of 3 over 5 tile-rows) */
    const std::vector<dims> bands = {{600, 520, 8}};
#define X(i, bm, bn, bk, wm, wn, wmiter, wniter, minb, group)                                                \
    {                                                                                                        \
        typedef best_shape<bm, bn, bk, wm, wn, wmiter, wniter, minb> S;                                      \
        sweep<float, S, true>("candidate " #i, group, sizes);                                                \
        sweep<float, S, true>("candidate " #i, 3, bands, true);                                              \
    }
    PB_GEMM_BEST_CONFIGS(X)
#undef X
    sweep<float, best_shape_scalar_float, false>("scalar float", 0, sizes);
    sweep<float, best_shape_scalar_float, false>("scalar float", 3, bands, true);
    sweep<double, best_shape_double, true>("double", 0, sizes);
    sweep<double, best_shape_double, false>("double", 0, sizes);
    std::printf("gemm_emu: %d launches, %d failed\n", runs, failures);
    return failures ? 1 : 0;
}
