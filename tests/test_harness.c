/* Unit tests of the harness: CLI parsing and errors, size sweeps, statistics, the CSV
 * writer and reader, the cost model, the check, the generator and the GPU profiles. */
#define _GNU_SOURCE
#include "pb_bench.h"
#include "pb_ceilings.h"
#include "pb_check.h"
#include "pb_cli.h"
#include "pb_derive.h"
#include "pb_energy.h"
#include "pb_gpu.h"
#include "pb_plan.h"
#include "pb_progress.h"
#include "pb_registry.h"
#include "pb_result.h"
#include "pb_stats.h"
#include "pb_stream.h"
#include "pb_table.h"
#include "pb_testopts.h"
#include "pb_topo.h"
#include "pb_trace.h"
#include "pb_tuning.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

PB_CHECK_STATE;

/* A run's progress (driver/pb_progress.h): the row rule against what a worker writes, the
 * estimate's model and its words. */
static void test_progress(void)
{
    /* the rows file as a worker writes it: hello, two rows (with their samples), end */
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        pb_row r;
        pb_row_init(&r);
        pb_strlcpy(r.benchmark, "stream", sizeof r.benchmark);
        pb_strlcpy(r.variant, "kernel", sizeof r.variant);
        pb_sample smp[2] = {{1e-3, 1e-3, 1000}, {2e-3, 2e-3, 1000}};
        pb_row_set_samples(&r, smp, 2);
        pb_stream_hello h = {"pb-cpu", "gcc-12", "", "", "unavailable: no GPU backend"};
        pb_stream_end e = {.rows = 2};
        CHECK(pb_stream_write_hello(f, &h) == PB_OK && pb_stream_write_row(f, 0, &r) == PB_OK &&
              pb_stream_write_row(f, 1, &r) == PB_OK && pb_stream_write_end(f, &e) == PB_OK);
        rewind(f);
        char *line = NULL;
        size_t cap = 0;
        ssize_t n;
        int rows = 0, lines = 0;
        while ((n = getline(&line, &cap, f)) > 0) {
            rows += pb_progress_is_row(line, (size_t)n - 1);
            ++lines;
        }
        CHECK(rows == 2 && lines == 4);
        free(line);
        free(r.samples);
        fclose(f);
    }
    CHECK(!pb_progress_is_row("", 0));
    /* worker 0 measured case 0 twice (1 s each) and case 1 once (2 s); work doubles per case */
    pb_progress_rowinfo row[] = {
        {0, 1, 0, 1, 1},   {0, 1, 0, 1, 1}, {1, 2, 0, 1, 2}, /* done */
        {1, 2, 0, 0, -1},                                    /* its case's mean: 2 */
        {2, 4, 0, 0, -1},                                    /* the worker's 1 s per work: 4 */
        {0, 1, -1, 0, -1},                                   /* a later worker, a case measured: 1 */
        {3, 8, -1, 0, -1},                                   /* a later worker, a new case: 8 */
    };
    double next;
    CHECK(fabs(pb_progress_estimate(row, 7, 4, 1, 0, &next) - 15) < 1e-9 && fabs(next - 2) < 1e-9);
    row[4].work = 0.5; /* never below the worker's quickest row */
    CHECK(fabs(pb_progress_estimate(row, 7, 4, 1, 0, &next) - 12) < 1e-9);
    row[1].time = -1; /* two timed rows: no guess */
    CHECK(pb_progress_estimate(row, 7, 4, 1, 0, &next) < 0);
    static const struct {
        double s;
        const char *words;
    } about[] = {{3, "a few seconds"},   {23, "about 25 s"},  {80, "about 1 min 20 s"}, {120, "about 2 min"},
                 {1000, "about 17 min"}, {3590, "about 1 h"}, {4000, "about 1 h 5 min"}};
    for (size_t i = 0; i < sizeof about / sizeof about[0]; ++i) {
        char buf[48];
        pb_progress_about(about[i].s, buf, sizeof buf);
        CHECK(strcmp(buf, about[i].words) == 0);
    }
}

static int sizes_of(const char *spec, size_t *out, int *n)
{
    char err[200];
    return pb_parse_sizes(spec, out, PB_MAX_SIZES, n, err, sizeof err);
}

static void test_sizes(void)
{
    size_t s[PB_MAX_SIZES];
    int n;
    CHECK(sizes_of("1000", s, &n) == PB_OK && n == 1 && s[0] == 1000);
    CHECK(sizes_of("1,31,33", s, &n) == PB_OK && n == 3 && s[2] == 33);
    CHECK(sizes_of("1024:32768:x2", s, &n) == PB_OK && n == 6 && s[0] == 1024 && s[5] == 32768);
    CHECK(sizes_of("1000:3000:+1000", s, &n) == PB_OK && n == 3 && s[1] == 2000);
    CHECK(sizes_of("2^10:2^12:2/oct", s, &n) == PB_OK && n == 5 && s[0] == 1024 && s[1] == 1448 && s[2] == 2048 &&
          s[3] == 2896 && s[4] == 4096);
    CHECK(sizes_of("2^20", s, &n) == PB_OK && s[0] == 1048576);
    CHECK(sizes_of("16Ki,1M", s, &n) == PB_OK && s[0] == 16384 && s[1] == 1000000);
    CHECK(sizes_of("4,4,4", s, &n) == PB_OK && n == 1); /* duplicates collapse */
    const char *bad[] = {"0", "ten", "10:5:x2", "1:10:x1", "1:10", "", "1:10:3/octave", "-5", "2^99", "1:2^40:+1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i)
        CHECK(sizes_of(bad[i], s, &n) == PB_ERR);
}

/* A benchmark of the parser's own: its masks do not move when dmvm gains a variant. */
static const char *const fixture_variants[] = {"v0", "v1", "v2", "v3", "v4",   "v5",
                                               "v6", "v7", "v8", "v9", "best", NULL};
static const pb_bench fixture_bench = {.name = "fixture", .variants = fixture_variants};

static void test_variants_backends(void)
{
    const pb_bench *b = &fixture_bench;
    char err[256];
    unsigned m;
    CHECK(pb_parse_variants(b, "all", &m, err, sizeof err) == PB_OK && m == 0x7ffu); /* v0-v9, best */
    CHECK(pb_parse_variants(b, "v3-v9", &m, err, sizeof err) == PB_OK && m == 0x3f8u);
    CHECK(pb_parse_variants(b, "v0,v5-v6", &m, err, sizeof err) == PB_OK && m == 0x61u);
    CHECK(pb_parse_variants(b, "nosuch", &m, err, sizeof err) == PB_ERR && strstr(err, "v0 v1 v2"));
    CHECK(pb_parse_variants(b, "v9-v3", &m, err, sizeof err) == PB_ERR);
    pb_backend_mask bm;
    CHECK(pb_parse_backends("cuda,omp", &bm, err, sizeof err) == PB_OK);
    CHECK(bm == ((1ull << pb_backend_find("cuda")) | (1ull << pb_backend_find("omp@clang-19"))));
    CHECK(pb_backend_find("omp") == pb_backend_find("omp@clang"));
    CHECK(pb_backend_find("omp@clang") == pb_backend_find("omp@clang-19"));
    CHECK(pb_backend_find("omp@gcc") == pb_backend_find("omp@gcc-12"));
    CHECK(pb_parse_backends("omp@gcc", &bm, err, sizeof err) == PB_OK && bm == 1ull << pb_backend_find("omp@gcc-12"));
    CHECK(pb_parse_backends("gpu", &bm, err, sizeof err) == PB_ERR && strstr(err, "omp@gcc-12"));
    CHECK(pb_parse_backends("cub", &bm, err, sizeof err) == PB_OK && bm == 1ull << pb_backend_find("cub"));
}

/* The registry: a table that registers a name its benchmark does not list, or a variant
 * twice, is refused with its file named; the variants of a backend come grouped by
 * benchmark in harness/benchmarks/pb_benchmarks.def's order, each in table order, a benchmark's rows
 * together when its group's tables share them. */
static int fixture_run(const pb_args *a)
{
    (void)a;
    return PB_OK;
}

static void test_registry(void)
{
    static const pb_variant good[] = {{"dmvm", "v1", "", PB_DT_FP, fixture_run, "cuda", 0},
                                      {"reduce", "lib", "", PB_DT_FP, fixture_run, "cub", 0},
                                      {"dmvm", "v0", "", PB_DT_FP, fixture_run, "cuda", 0},
                                      {0}};
    static const pb_variant best[] = {{"dmvm", "best", "", PB_DT_FP, fixture_run, "cuda", PB_V_SHAPED}, {0}};
    static const pb_variant unlisted[] = {{"dmvm", "nosuch", "", PB_DT_FP, fixture_run, "cuda", 0}, {0}};
    static const pb_variant nobench[] = {{"nosuch", "v0", "", PB_DT_FP, fixture_run, "cuda", 0}, {0}};
    static const pb_variant nobackend[] = {{"dmvm", "v2", "", PB_DT_FP, fixture_run, NULL, 0}, {0}};
    static const pb_variant legacy[] = {{"reduce", "k0", "", PB_DT_FP, fixture_run, NULL, 0}};
    const pb_registry_table ok[] = {{"x/best.cu", best}, {"x/none.cu", NULL}, {"x/dmvm.cu", good}, {0, 0}};
    const pb_registry_table bad1[] = {{"x/dmvm.cu", good}, {"x/new.cu", unlisted}, {0, 0}};
    const pb_registry_table bad2[] = {{"x/odd.cu", nobench}, {0, 0}};
    const pb_registry_table bad3[] = {{"x/dmvm.cu", good}, {"x/again.cu", good}, {0, 0}};
    const pb_registry_table bad4[] = {{"x/nob.cu", nobackend}, {0, 0}};
    const pb_backend be_cuda = {.name = "cuda", .variants = legacy, .nvariants = 1};
    const pb_backend *const bes[] = {&be_cuda};
    char err[256] = "";
    CHECK(pb_registry_check(ok, bes, 1, err, sizeof err) == PB_OK);
    CHECK(pb_registry_check(bad1, bes, 1, err, sizeof err) == PB_ERR && strstr(err, "x/new.cu") &&
          strstr(err, "'nosuch'") && strstr(err, "dmvm"));
    CHECK(pb_registry_check(bad2, bes, 1, err, sizeof err) == PB_ERR && strstr(err, "x/odd.cu") &&
          strstr(err, "pb_benchmarks.def"));
    CHECK(pb_registry_check(bad3, bes, 1, err, sizeof err) == PB_ERR && strstr(err, "x/again.cu") &&
          strstr(err, "x/dmvm.cu"));
    CHECK(pb_registry_check(bad4, bes, 1, err, sizeof err) == PB_ERR && strstr(err, "x/nob.cu"));
    size_t n = 0;
    const pb_variant *v = pb_registry_variants(ok, &be_cuda, &n);
    CHECK(n == 4 && v && !strcmp(v[0].benchmark, "dmvm") && !strcmp(v[0].name, "best") && !strcmp(v[1].name, "v1") &&
          !strcmp(v[2].name, "v0") && !strcmp(v[3].benchmark, "reduce") && !strcmp(v[3].name, "k0"));
    const pb_backend be_cub = {.name = "cub"};
    v = pb_registry_variants(ok, &be_cub, &n);
    CHECK(n == 1 && v && !strcmp(v[0].name, "lib"));

    /* benchmarks sharing their kernel files (micro): each benchmark's rows together, in the
     * order of its first row, when its best is in another table of the group */
    static const pb_variant micro[] = {{"copy", "kernel", "", PB_DT_FP, fixture_run, "omp", 0},
                                       {"stream", "kernel", "", PB_DT_FP, fixture_run, "omp", 0},
                                       {"fma", "kernel", "", PB_DT_FP, fixture_run, "omp", 0},
                                       {0}};
    static const pb_variant micro_best[] = {{"stream", "best", "", PB_DT_FP, fixture_run, "omp", PB_V_SHAPED},
                                            {"dmvm", "best", "", PB_DT_FP, fixture_run, "omp", PB_V_SHAPED},
                                            {"copy", "best", "", PB_DT_FP, fixture_run, "omp", PB_V_SHAPED},
                                            {0}};
    const pb_registry_table shared[] = {{"x/micro.c", micro}, {"x/best.c", micro_best}, {0, 0}};
    const pb_backend be_omp = {.name = "omp"};
    static const char *const want[][2] = {{"dmvm", "best"},     {"copy", "kernel"}, {"copy", "best"},
                                          {"stream", "kernel"}, {"stream", "best"}, {"fma", "kernel"}};
    v = pb_registry_variants(shared, &be_omp, &n);
    CHECK(n == 6 && v);
    for (size_t i = 0; v && i < n && i < 6; ++i)
        CHECK(!strcmp(v[i].benchmark, want[i][0]) && !strcmp(v[i].name, want[i][1]));
}

static void test_options(void)
{
    static pb_options o, back;
    char err[512];
    CHECK(parse_opts(&o, "dmvm",
                     "--backend cuda,omp --variants v3-v9 --nx 1024:4096:x2 --dtype float,double --warmup 3 "
                     "--reps 7 --seed 9 --threads 4 --gpu h200 --csv out.csv",
                     err, sizeof err) == PB_OK);
    CHECK(o.nsizes == 3 && o.sizes[2] == 4096 && o.ndtypes == 2 && o.dtypes[0] == PB_FLOAT);
    CHECK(o.warmup == 3 && o.reps == 7 && o.seed == 9 && o.threads == 4);
    CHECK(o.gpu_kind == PB_GPU_MODEL && strcmp(o.gpu_model, "h200") == 0 && strcmp(o.csv, "out.csv") == 0);
    CHECK(parse_opts(&o, "dmvm", "--nx=33 --gpu=1", err, sizeof err) == PB_OK && o.sizes[0] == 33 && o.gpu_index == 1);
    /* baselines join unless --no-baselines */
    CHECK(parse_opts(&o, "dmvm", "--backend cuda", err, sizeof err) == PB_OK);
    pb_options_finish(&o);
    CHECK(o.backends & (1ull << pb_backend_find("cublas")));
    CHECK(o.backends & (1ull << pb_backend_find("cpu")));
    CHECK(parse_opts(&o, "dmvm", "--backend cuda --no-baselines", err, sizeof err) == PB_OK);
    pb_options_finish(&o);
    CHECK(o.backends == 1ull << pb_backend_find("cuda"));

    const char *bad[] = {"--frobnicate", "--reps 0", "--reps x", "--warmup -1", "--gpu z100", "--gpu 99",
                         "--dtype half", "--dtype int", "--nx", "--csv", "--clock wall", "--threads 0",
                         "--emit x.csv" /* worker-only */};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        err[0] = '\0';
        CHECK(parse_opts(&o, "dmvm", bad[i], err, sizeof err) == PB_ERR && err[0] && !strchr(err, '\n'));
    }
    CHECK(parse_opts(&o, "dmvm", "--nx", err, sizeof err) == PB_ERR && strstr(err, "needs a value"));

    /* What the driver hands a worker (the plan's settings) reads back the same. */
    static pb_plan plan;
    CHECK(parse_opts(&o, "dmvm",
                     "--backend omp@gcc,cpu --variants v1,v7 --nx 31,1000 --dtype float --reps 3 --seed 5 "
                     "--allow-host-fallback --clock host --threads 2",
                     err, sizeof err) == PB_OK);
    o.device = 1;
    pb_strlcpy(o.gpu_profile, "h200", sizeof o.gpu_profile);
    CHECK(plan_round_trip(&o, &plan, err, sizeof err) == PB_OK);
    CHECK(plan.reps == 3 && plan.seed == 5 && plan.allow_host_fallback && plan.clock == PB_PLAN_CLOCK_HOST &&
          plan.threads == 2 && plan.gpu_index == 1 && strcmp(plan.gpu_profile, "h200") == 0);
    CHECK(plan.max_noise == 0.01); /* issue 24: --max-noise 1% by default, also in the worker */
    pb_plan_free(&plan);
    (void)back;

    /* --max-noise off (or 0) reaches the worker as off, not as the default 1% */
    const char *noise[] = {"--max-noise off", "--max-noise 0", "--max-noise 0%", "--max-noise 2.5%"};
    const double want[] = {0, 0, 0, 0.025};
    for (size_t i = 0; i < sizeof noise / sizeof *noise; ++i) {
        CHECK(parse_opts(&o, "dmvm", noise[i], err, sizeof err) == PB_OK && o.max_noise == want[i]);
        CHECK(plan_round_trip(&o, &plan, err, sizeof err) == PB_OK && fabs(plan.max_noise - want[i]) < 1e-15);
        pb_plan_free(&plan);
    }
}

/* Every benchmark declares the case sets the tests and scripts that run every benchmark need
 * (pb_bench.cases: tests/CMakeLists.txt, tests/golden, scripts/validate_gpu.sh), each a valid
 * command line of the benchmark, and a host set's lists give the rows per variant. */
static void test_case_sets(void)
{
    static const char *const need[] = {"host", "fault", "golden", "gpu", "sanitize"};
    static pb_options o;
    char err[512];
    for (size_t i = 0; i < pb_nbenches; ++i) {
        const pb_bench *b = pb_benches[i];
        for (size_t k = 0; k < sizeof need / sizeof *need; ++k)
            if (!pb_bench_case(b, need[k])) {
                fprintf(stderr, "%s declares no case set '%s'\n", b->name, need[k]);
                CHECK(0);
            }
        for (const pb_case_set *c = b->cases; c && c->name; ++c) {
            char buf[1024], *argv[64];
            int argc = 0;
            pb_strlcpy(buf, c->args, sizeof buf);
            for (char *t = strtok(buf, " "); t && argc < 64; t = strtok(NULL, " "))
                argv[argc++] = t;
            pb_options_defaults(&o, b);
            err[0] = '\0';
            if (pb_options_parse(&o, argc, argv, err, sizeof err) != PB_OK) {
                fprintf(stderr, "%s case set '%s': %s\n", b->name, c->name, err);
                CHECK(0);
            }
        }
    }
    CHECK(pb_bench_case(pb_bench_find("transpose"), "gpu:square") != NULL);
    CHECK(pb_bench_case(pb_bench_find("dmvm"), "nosuch") == NULL);
}

static void test_stats(void)
{
    pb_stats s;
    double a[] = {3, 1, 2};
    CHECK(pb_stats_compute(a, 3, &s) == 0 && s.median == 2 && s.min == 1 && s.max == 3 && s.mean == 2);
    CHECK_NEAR(s.stddev, 1.0, 1e-15);
    double b[] = {4, 1, 3, 2};
    CHECK(pb_stats_compute(b, 4, &s) == 0 && s.median == 2.5);
    double c[] = {-1, 5, -1};
    CHECK(pb_stats_compute(c, 3, &s) == 0 && s.n == 1 && s.median == 5 && s.stddev == 0);
    CHECK(pb_stats_compute(c, 0, &s) == -1 && isnan(s.median));
    CHECK(a[0] == 3); /* input untouched */
}

static void test_csv(void)
{
    char path[] = "/tmp/pb_test_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    pb_row r;
    pb_row_init(&r);
    strcpy(r.benchmark, "dmvm");
    strcpy(r.variant, "v7");
    strcpy(r.backend, "omp");
    strcpy(r.compiler, "clang");
    strcpy(r.dtype, "double");
    r.verified = PB_VERIFIED_PASS;
    strcpy(r.note, "a note, with \"quotes\"");
    r.size = 16384;
    r.time_median_s = 1.234567891e-3;
    r.gbs = 2176.5;
    pb_csv_write_header(f);
    pb_csv_write_row(f, &r);
    fclose(f);
    pb_rowset s = {0};
    char err[512];
    CHECK(pb_csv_read(path, &s, err, sizeof err) == 0 && s.n == 1);
    if (s.n == 1) {
        CHECK(strcmp(s.rows[0].note, r.note) == 0 && strcmp(s.rows[0].variant, "v7") == 0);
        CHECK(s.rows[0].size == 16384);
        CHECK_NEAR(s.rows[0].time_median_s, r.time_median_s, 1e-9 * r.time_median_s);
        CHECK(isnan(s.rows[0].speedup_vs_lib)); /* empty field stays missing */
    }
    pb_rowset_free(&s);

    /* the published column order */
    const char *first[] = {"benchmark", "variant", "backend", "compiler", "compiler_version", "device",
                           "gpu_profile", "dtype", "size", "reps", "time_median_s", "time_min_s", "time_max_s",
                           "time_stddev_s", "gbs", "gflops", "pct_peak_bw", "speedup_vs_lib", "verified",
                           "max_rel_err", "timestamp", "git_sha"};
    for (size_t i = 0; i < sizeof first / sizeof *first; ++i)
        CHECK(strcmp(pb_csv_column_name(i), first[i]) == 0);

    /* malformed input: the message names the line */
    struct { const char *text, *expect; } bad[] = {
        {"benchmark,variant\ndmvm,v1\n", "lacks the column"},
        {"benchmark,variant,backend,compiler,dtype,size,time_median_s,verified\ndmvm,v1,omp,clang,double,10\n",
         ":2: 6 fields"},
        {"benchmark,variant,backend,compiler,dtype,size,time_median_s,verified\n"
         "dmvm,v1,omp,clang,double,10,0.1,PASS\ndmvm,v1,omp,clang,double,ten,0.1,PASS\n",
         ":3: column 'size'"},
        {"benchmark,variant,backend,compiler,dtype,size,time_median_s,verified\n\"dmvm,v1\n", ":2: malformed"},
        {"", "empty file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        FILE *g = fopen(path, "w");
        fputs(bad[i].text, g);
        fclose(g);
        pb_rowset t = {0};
        CHECK(pb_csv_read(path, &t, err, sizeof err) == -1 && strstr(err, bad[i].expect));
        pb_rowset_free(&t);
    }
    CHECK(pb_csv_read("/nonexistent/x.csv", &s, err, sizeof err) == -1 && strstr(err, "cannot open"));

    /* an enum column takes only its spellings (case included), naming the valid ones */
    const char *const head = "benchmark,variant,backend,compiler,dtype,size,time_median_s,verified,offload\n";
    const char *const bad_enum[][2] = {
        {"dmvm,v1,omp,clang,double,10,0.1,pass,device\n",
         ":2: column 'verified': unknown value 'pass' (PASS, FAIL or SKIP)"},
        {"dmvm,v1,omp,clang,double,10,0.1,PASS,gpu\n",
         ":2: column 'offload': unknown value 'gpu' (device, host-fallback, cpu or empty)"},
    };
    for (size_t i = 0; i < sizeof bad_enum / sizeof *bad_enum; ++i) {
        FILE *g = fopen(path, "w");
        fprintf(g, "%s%s", head, bad_enum[i][0]);
        fclose(g);
        pb_rowset t = {0};
        CHECK(pb_csv_read(path, &t, err, sizeof err) == -1 && strstr(err, bad_enum[i][1]));
        pb_rowset_free(&t);
    }

    /* the enum columns: every value is written with today's spelling and read back to itself */
    struct enum_row {
        pb_verified v;
        pb_offload o;
        pb_rate_clock c;
        pb_device_clock d;
        pb_tri t;
        const char *text;
    } en[] = {
        {PB_VERIFIED_PASS, PB_OFFLOAD_DEVICE, PB_CLOCK_DEVICE, PB_DCLOCK_CUPTI, PB_TRI_NO,
         "PASS device device cupti no"},
        {PB_VERIFIED_FAIL, PB_OFFLOAD_HOST_FALLBACK, PB_CLOCK_HOST, PB_DCLOCK_CUDA_EVENTS, PB_TRI_YES,
         "FAIL host-fallback host cuda-events yes"},
        {PB_VERIFIED_SKIP, PB_OFFLOAD_CPU, PB_CLOCK_NONE, PB_DCLOCK_NONE, PB_TRI_UNKNOWN, "SKIP cpu   "},
    };
    enum { NE = sizeof en / sizeof *en };
    f = fopen(path, "w");
    pb_csv_write_header(f);
    for (int i = 0; i < NE; ++i) {
        r.verified = en[i].v, r.offload = en[i].o, r.clock = en[i].c, r.device_clock = en[i].d, r.throttled = en[i].t;
        pb_csv_write_row(f, &r);
        char got[128];
        snprintf(got, sizeof got, "%s %s %s %s %s", pb_verified_name(r.verified), pb_offload_name(r.offload),
                 pb_rate_clock_name(r.clock), pb_device_clock_name(r.device_clock), pb_tri_name(r.throttled));
        CHECK(strcmp(got, en[i].text) == 0);
    }
    fclose(f);
    CHECK(pb_csv_read(path, &s, err, sizeof err) == 0 && s.n == NE);
    for (size_t i = 0; i < s.n && s.n == NE; ++i)
        CHECK(s.rows[i].verified == en[i].v && s.rows[i].offload == en[i].o && s.rows[i].clock == en[i].c &&
              s.rows[i].device_clock == en[i].d && s.rows[i].throttled == en[i].t);
    pb_rowset_free(&s);
    unlink(path);
}

/* Write len bytes of text (NUL bytes included) to path. */
static void put_bytes(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fwrite(text, 1, len, f);
        fclose(f);
    }
}

/* Hostile input to the CSV reader (issue 22): a NUL byte is an error naming the line, never
 * a blank line (a zero-filled torn row passed, /dev/zero was read forever); in a partial
 * read it is the torn tail; every file is closed (history over 2,000 runs ran out of
 * descriptors). */
/* Samples on the channel: `#samples` lines before their row, exact (17 digits, NaN kept),
 * over several lines; the results CSV has none; a torn tail drops the row and its samples;
 * a rowset owns copies. */
static void test_csv_samples(void)
{
    enum { N = 2 * PB_SAMPLES_PER_LINE + 5 };
    pb_sample v[N];
    for (int i = 0; i < N; ++i)
        v[i] = (pb_sample){1e-3 / 3 * (i + 1), i % 7 ? 1e-4 / 7 * (i + 1) : NAN, i % 2 ? 1980 : NAN};
    pb_row a, b;
    pb_row_init(&a);
    strcpy(a.benchmark, "dmvm");
    strcpy(a.variant, "v7");
    strcpy(a.backend, "omp");
    strcpy(a.compiler, "clang");
    strcpy(a.dtype, "double");
    a.verified = PB_VERIFIED_PASS;
    a.size = 64;
    a.time_median_s = 1e-3;
    b = a;
    strcpy(b.variant, "v1");
    CHECK(pb_row_set_samples(&a, v, N) == 0 && a.samples != v && a.nsamples == N);
    pb_rowset set = {0};
    CHECK(pb_rowset_push(&set, &a) == 0 && set.rows[0].samples != a.samples && set.rows[0].nsamples == N);
    CHECK(pb_rowset_push(&set, &b) == 0 && set.rows[1].samples == NULL); /* a row without samples */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_csv_write_header(f);
    for (size_t i = 0; i < set.n; ++i) {
        pb_csv_write_samples(f, &set.rows[i]);
        pb_csv_write_row(f, &set.rows[i]);
    }
    fclose(f);
    int lines = 0;
    for (const char *p = text; (p = strstr(p, "#samples ")) != NULL; ++p)
        ++lines;
    CHECK(lines == 3); /* 64 + 64 + 5 */
    pb_rowset got = {0};
    char err[256] = "";
    CHECK(pb_csv_read_text(text, len, "channel", &got, err, sizeof err) == 0 && got.n == 2);
    if (got.n == 2) {
        CHECK(got.rows[0].nsamples == N && got.rows[1].nsamples == 0 && got.rows[1].samples == NULL);
        int same = got.rows[0].nsamples == N;
        for (int i = 0; same && i < N; ++i) {
            const pb_sample *x = &got.rows[0].samples[i];
            same = x->host_s == v[i].host_s &&
                   (x->device_s == v[i].device_s || (isnan(x->device_s) && isnan(v[i].device_s))) &&
                   (x->sm_clock_mhz == v[i].sm_clock_mhz || (isnan(x->sm_clock_mhz) && isnan(v[i].sm_clock_mhz)));
        }
        CHECK(same);
    }
    pb_rowset_free(&got);
    /* a worker that died after a row's samples, before the row: both left out */
    char *cut = strstr(text, "\ndmvm,v1");
    CHECK(cut != NULL);
    if (cut) {
        char torn[65536];
        size_t keep = (size_t)(cut - text) + 1;
        snprintf(torn, sizeof torn, "%.*s#samples 1 2 3;4 5 6\ndmvm,v1,omp,cla", (int)keep, text);
        char tpath[] = "/tmp/pb_test_XXXXXX";
        int fd = mkstemp(tpath);
        CHECK(fd >= 0 && write(fd, torn, strlen(torn)) == (ssize_t)strlen(torn));
        close(fd);
        CHECK(pb_csv_read_partial(tpath, &got, err, sizeof err) == 0 && got.n == 1 && got.rows[0].nsamples == N);
        pb_rowset_free(&got);
        unlink(tpath);
    }
    free(text);
    /* the results CSV (pb_csv_write_row alone) has no samples; a damaged #samples line is refused */
    const char *bad[] = {"#samples 1 2\n", "#samples 1 2 x\n", "#samples 1 2 3;\n", "#samples 1 2 3 4\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        char doc[512];
        snprintf(doc, sizeof doc, "benchmark,variant,backend,compiler,dtype,size,time_median_s,verified\n%s"
                                  "dmvm,v1,omp,clang,double,64,0.001,PASS\n", bad[i]);
        CHECK(pb_csv_read_text(doc, strlen(doc), "bad", &got, err, sizeof err) == -1 &&
              strstr(err, "bad:2: a #samples"));
        pb_rowset_free(&got);
    }
    /* a comment that is not #samples stays a comment */
    const char *plain = "benchmark,variant,backend,compiler,dtype,size,time_median_s,verified\n#samplesX\n"
                        "dmvm,v1,omp,clang,double,64,0.001,PASS\n";
    CHECK(pb_csv_read_text(plain, strlen(plain), "plain", &got, err, sizeof err) == 0 && got.n == 1 &&
          got.rows[0].nsamples == 0);
    pb_rowset_free(&got);
    free(a.samples);
    pb_rowset_free(&set);
}

/* --max-noise's estimator: the 95% distribution-free interval of the median by order
 * statistics (n = 6: x(1)..x(6); n = 100: x(40)..x(61), the tabulated ranks), none below 6. */
static void test_median_noise(void)
{
    double x[100000];
    for (int i = 0; i < 100000; ++i)
        x[i] = i + 1;
    CHECK(isnan(pb_median_noise(x, 5)));
    CHECK(fabs(pb_median_noise(x, 6) - (6.0 - 1) / 2 / 3.5) < 1e-12);
    CHECK(fabs(pb_median_noise(x, 100) - (61.0 - 40) / 2 / 50.5) < 1e-12);
    double y[7] = {6, -1, 5, 4, 3, 2, 1}; /* a missing (negative) value is left out */
    CHECK(fabs(pb_median_noise(y, 7) - (6.0 - 1) / 2 / 3.5) < 1e-12);
    double big = pb_median_noise(x, 100000); /* l about n/2 - 0.98 sqrt(n): 2^-n underflows, no harm */
    CHECK(big > 0.0060 && big < 0.0064);
    double same[8] = {2, 2, 2, 2, 2, 2, 2, 2};
    CHECK(pb_median_noise(same, 8) == 0);
    CHECK(isnan(pb_median_noise(x, 0)));
}

static void test_csv_hostile(void)
{
    static const char head[] = "benchmark,variant,backend,compiler,dtype,size,time_median_s,verified\n";
    static const char row[] = "dmvm,v1,omp,clang,double,10,0.1,PASS\n";
    char path[] = "/tmp/pb_hostile_XXXXXX", text[512], err[512];
    close(mkstemp(path));
    pb_rowset s = {0};
    /* a zero-filled row between two good ones */
    size_t n = 0;
    n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", head, row);
    memset(text + n, 0, 40);
    n += 40;
    text[n++] = '\n';
    n += (size_t)snprintf(text + n, sizeof text - n, "%s", row);
    put_bytes(path, text, n);
    CHECK(pb_csv_read(path, &s, err, sizeof err) == -1 && strstr(err, ":3: a NUL byte") != NULL);
    pb_rowset_free(&s);
    /* a NUL inside a field cut the row short before */
    n = (size_t)snprintf(text, sizeof text, "%sdmvm,v1,omp,clang,double,10,0.1,PASS", head);
    text[n - 6] = '\0'; /* "0.1\0PASS" */
    text[n++] = '\n';
    put_bytes(path, text, n);
    CHECK(pb_csv_read(path, &s, err, sizeof err) == -1 && strstr(err, ":2: a NUL byte") != NULL);
    pb_rowset_free(&s);
    /* a worker's output torn by zeros (a crash before its blocks were written): the rows
     * before them count, the zeros are the unfinished tail */
    n = (size_t)snprintf(text, sizeof text, "%s%s", head, row);
    memset(text + n, 0, 100);
    n += 100;
    text[n++] = '\n';
    put_bytes(path, text, n);
    CHECK(pb_csv_read_partial(path, &s, err, sizeof err) == 0 && s.n == 1);
    pb_rowset_free(&s);
    /* /dev/zero ends (a hang would stop the test: the alarm) */
    alarm(20);
    CHECK(pb_csv_read("/dev/zero", &s, err, sizeof err) == -1 && strstr(err, "/dev/zero:1: a NUL byte") != NULL);
    alarm(0);
    pb_rowset_free(&s);
    /* a line that never ends trips the line-length limit */
    char *big = malloc(20000);
    if (big) {
        memset(big, 'x', 20000);
        put_bytes(path, big, 20000);
        CHECK(pb_csv_read(path, &s, err, sizeof err) == -1 && strstr(err, ":1: line longer than") != NULL);
        free(big);
    }
    pb_rowset_free(&s);
    CHECK(pb_csv_read("/tmp", &s, err, sizeof err) == -1 && strstr(err, "/tmp") != NULL);
    /* every file closed: more reads than descriptors, good file and bad */
    n = (size_t)snprintf(text, sizeof text, "%s%s", head, row);
    put_bytes(path, text, n);
    struct rlimit old, low;
    getrlimit(RLIMIT_NOFILE, &old);
    low = old;
    low.rlim_cur = 32;
    CHECK(setrlimit(RLIMIT_NOFILE, &low) == 0);
    int ok = 0;
    for (int i = 0; i < 100; ++i)
        ok += pb_csv_read(path, &s, err, sizeof err) == 0;
    CHECK(ok == 100 && s.n == 100);
    pb_rowset_free(&s);
    put_bytes(path, head, sizeof head - 1 - 1); /* no newline, no rows: still read */
    ok = 0;
    for (int i = 0; i < 100; ++i)
        ok += pb_csv_read(path, &s, err, sizeof err) == 0;
    put_bytes(path, "a,b\n", 4);
    for (int i = 0; i < 100; ++i)
        ok += pb_csv_read(path, &s, err, sizeof err) == -1 && strstr(err, "lacks the column") != NULL;
    CHECK(ok == 200);
    setrlimit(RLIMIT_NOFILE, &old);
    pb_rowset_free(&s);
    unlink(path);
}

static void test_cost_and_check(void)
{
    const pb_bench *b = pb_bench_find("dmvm");
    pb_case c = {b, PB_DOUBLE, 1000, {0}};
    CHECK(b->bytes(&c) == (1000.0 * 1000 + 2000) * 8);
    CHECK(b->flops(&c) == 2e6);
    c.dtype = PB_FLOAT;
    CHECK(b->bytes(&c) == (1000.0 * 1000 + 2000) * 4);
    CHECK(pb_case_buf_bytes(&c, 0) == 4000000 && pb_case_buf_bytes(&c, 2) == 4000);

    /* the reference and the check on a small, varied case */
    c.n = 37;
    c.dtype = PB_DOUBLE;
    void *in[3];
    for (int k = 0; k < 3; ++k)
        in[k] = malloc(pb_case_buf_bytes(&c, k));
    b->fill(&c, 0, in[0], 42);
    b->fill(&c, 1, in[1], 42);
    double *ref = b->reference(&c, in), *out = in[2];
    for (size_t r = 0; r < c.n; ++r) { /* an independent dot product */
        double acc = 0;
        for (size_t k = 0; k < c.n; ++k)
            acc += ((double *)in[0])[r * c.n + k] * ((double *)in[1])[k];
        out[r] = acc;
    }
    pb_check chk;
    b->check(&c, in, ref, out, &chk);
    CHECK(chk.err <= chk.tol && chk.unwritten == 0);
    out[5] += ((double *)in[0])[5 * c.n + 3] * ((double *)in[1])[3]; /* one term counted twice */
    b->check(&c, in, ref, out, &chk);
    CHECK(chk.err > chk.tol);
    /* the transposed product (what a wrong cuBLAS call gives) fails */
    for (size_t r = 0; r < c.n; ++r) {
        double acc = 0;
        for (size_t k = 0; k < c.n; ++k)
            acc += ((double *)in[0])[k * c.n + r] * ((double *)in[1])[k];
        out[r] = acc;
    }
    b->check(&c, in, ref, out, &chk);
    CHECK(chk.err > chk.tol);
    pb_poison(PB_DOUBLE, out, c.n);
    b->check(&c, in, ref, out, &chk);
    CHECK(chk.unwritten == c.n);
    free(ref);
    for (int k = 0; k < 3; ++k)
        free(in[k]);
}

/* C_out = alpha*A*B + beta*C_in in type T with T accumulation (the order a simple kernel
 * uses), into out. */
static void gemm_plain(pb_dtype t, size_t m, size_t n, size_t k, void *const *in, void *out)
{
    for (size_t i = 0; i < m; ++i)
        for (size_t j = 0; j < n; ++j) {
            if (t == PB_FLOAT) {
                const float *a = in[0], *b = in[1], *c = in[2];
                float acc = 0;
                for (size_t l = 0; l < k; ++l)
                    acc += a[i * k + l] * b[l * n + j];
                ((float *)out)[i * n + j] = 1.5f * acc - 0.5f * c[i * n + j];
            } else {
                const double *a = in[0], *b = in[1], *c = in[2];
                double acc = 0;
                for (size_t l = 0; l < k; ++l)
                    acc += a[i * k + l] * b[l * n + j];
                ((double *)out)[i * n + j] = 1.5 * acc - 0.5 * c[i * n + j];
            }
        }
}

static void scale_element(pb_dtype t, void *out, size_t i, double f)
{
    if (t == PB_FLOAT)
        ((float *)out)[i] *= (float)f;
    else
        ((double *)out)[i] *= f;
}

/* gemm: the exact check (small) and Freivalds' check (m*n*k > 2^27) accept a product
 * computed in the element type and reject one element off by 1%, a transposed B and
 * unwritten elements. */
static void test_gemm_check(void)
{
    const pb_bench *b = pb_bench_find("gemm");
    CHECK(b && b->flops_headline && b->steps_view);
    if (!b) /* no gemm: the check above failed; the rest would read through NULL */
        return;
    pb_case c = {b, PB_FLOAT, 4096, {0, 0, 0}};
    CHECK(b->flops(&c) == 2.0 * 4096 * 4096 * 4096 + 3.0 * 4096 * 4096);
    CHECK(b->bytes(&c) == 4.0 * 4 * 4096 * 4096);
    c.param[0] = 100, c.param[1] = 200, c.param[2] = 300; /* --m/--n/--k override --size */
    CHECK(b->bytes(&c) == (100.0 * 300 + 300.0 * 200 + 2 * 100.0 * 200) * 4);
    CHECK(pb_case_buf_bytes(&c, 0) == 100 * 300 * 4 && pb_case_buf_bytes(&c, 3) == 100 * 200 * 4);
    const size_t dims[][3] = {{37, 29, 41}, {600, 300, 800}}; /* exact, then Freivalds */
    for (int d = 0; d < 2; ++d)
        for (int t = 0; t < 2; ++t) {
            const size_t m = dims[d][0], n = dims[d][1], k = dims[d][2];
            c = (pb_case){b, t ? PB_DOUBLE : PB_FLOAT, 1, {(long)m, (long)n, (long)k}};
            void *in[4];
            for (int i = 0; i < 4; ++i)
                in[i] = malloc(pb_case_buf_bytes(&c, i));
            for (int i = 0; i < 3; ++i)
                b->fill(&c, i, in[i], 7);
            void *ref = b->reference(&c, in), *out = in[3];
            pb_check chk;
            gemm_plain(c.dtype, m, n, k, in, out);
            b->check(&c, in, ref, out, &chk);
            /* well inside the tolerance: the bound is not at the edge of real rounding */
            CHECK(chk.unwritten == 0 && chk.err <= chk.tol / 4);
            const size_t at = (m / 2) * n + n / 3;
            scale_element(c.dtype, out, at, 1.01);
            b->check(&c, in, ref, out, &chk);
            CHECK(chk.err > chk.tol);
            scale_element(c.dtype, out, at, 1 / 1.01);
            /* B transposed where it is square (the leading n x n block): a wrong operand */
            for (size_t i = 0; i < m; ++i)
                for (size_t j = 0; j < n; ++j) {
                    double acc = 0;
                    for (size_t l = 0; l < k; ++l)
                        acc += pb_load(c.dtype, in[0], i * k + l) * pb_load(c.dtype, in[1], j * n + l % n);
                    if (c.dtype == PB_FLOAT)
                        ((float *)out)[i * n + j] = (float)(1.5 * acc - 0.5 * pb_load(c.dtype, in[2], i * n + j));
                    else
                        ((double *)out)[i * n + j] = 1.5 * acc - 0.5 * pb_load(c.dtype, in[2], i * n + j);
                }
            b->check(&c, in, ref, out, &chk);
            CHECK(chk.err > chk.tol);
            pb_poison(c.dtype, out, 3);
            b->check(&c, in, ref, out, &chk);
            CHECK(chk.unwritten == 3 && !(chk.err <= chk.tol));
            free(ref);
            for (int i = 0; i < 4; ++i)
                free(in[i]);
        }
}

static void test_generator(void)
{
    CHECK(pb_rand_u64(1, 2, 3) == pb_rand_u64(1, 2, 3));
    CHECK(pb_rand_u64(1, 2, 3) != pb_rand_u64(1, 2, 4));
    CHECK(pb_rand_u64(1, 2, 3) != pb_rand_u64(1, 3, 3));
    CHECK(pb_rand_u64(1, 2, 3) != pb_rand_u64(2, 2, 3));
    double lo = 1, hi = -1, sum = 0;
    for (int i = 0; i < 100000; ++i) {
        double v = pb_rand_unit(42, 0, (uint64_t)i);
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        sum += v;
    }
    CHECK(lo >= -1 && hi < 1 && lo < -0.99 && hi > 0.99);
    CHECK(fabs(sum / 100000) < 0.01);
}

static void test_profiles(void)
{
    const pb_gpu_profile *p;
    CHECK((p = pb_gpu_profile_match("NVIDIA H200", 139.8)) && strcmp(p->id, "h200") == 0);
    CHECK((p = pb_gpu_profile_match("NVIDIA H100 80GB HBM3", 79.2)) && strcmp(p->id, "h100-sxm") == 0);
    CHECK((p = pb_gpu_profile_match("NVIDIA H100 PCIe", 79.2)) && strcmp(p->id, "h100-pcie") == 0);
    CHECK((p = pb_gpu_profile_match("NVIDIA A100-SXM4-80GB", 79.1)) && strcmp(p->id, "a100-80gb") == 0);
    CHECK((p = pb_gpu_profile_match("NVIDIA A100-SXM4-40GB", 39.4)) && strcmp(p->id, "a100-40gb") == 0);
    CHECK((p = pb_gpu_profile_match("NVIDIA A40", 44.4)) && strcmp(p->id, "a40") == 0);
    CHECK(pb_gpu_profile_match("Tesla V100-SXM2-16GB", 15.8) == NULL);
    CHECK(pb_gpu_model_covers("a100", pb_gpu_profile_by_id("a100-80gb")));
    CHECK(pb_gpu_model_covers("h200", pb_gpu_profile_by_id("h200")));
    CHECK(!pb_gpu_model_covers("h100", pb_gpu_profile_by_id("h200")));
    CHECK(pb_gpu_model_known("a40") && pb_gpu_model_known("h100-pcie") && !pb_gpu_model_known("v100"));
    for (size_t i = 0; i < pb_ngpu_profiles; ++i)
        CHECK(pb_gpu_profiles[i].bw_gbs > 0 && pb_gpu_profiles[i].fp32_gflops > 0 && pb_gpu_profiles[i].sms > 0 &&
              pb_gpu_profiles[i].l2_mib > 0);
}

static void test_speedup(void)
{
    pb_rowset s = {0};
    pb_row r;
    const char *variants[] = {"lib", "v1", "v7"};
    const double times[] = {1.0, 4.0, 2.0};
    for (int i = 0; i < 3; ++i) {
        pb_row_init(&r);
        strcpy(r.benchmark, "dmvm");
        strcpy(r.dtype, "double");
        strcpy(r.variant, variants[i]);
        r.verified = PB_VERIFIED_PASS;
        r.size = 100;
        r.time_median_s = times[i];
        pb_rowset_push(&s, &r);
    }
    r.size = 200; /* another size: no library row, no ratio */
    pb_rowset_push(&s, &r);
    const pb_derive_in in = {PB_PLAN_CLOCK_AUTO, NULL, 0, 0}, none = {PB_PLAN_CLOCK_AUTO, NULL, 0, 1};
    pb_rows_derive(&s, &none); /* portbench ceilings: none */
    CHECK(isnan(s.rows[0].speedup_vs_lib) && isnan(s.rows[1].speedup_vs_lib) && s.rows[0].clock == PB_CLOCK_HOST);
    pb_rows_derive(&s, &in);
    CHECK(s.rows[0].speedup_vs_lib == 1 && s.rows[1].speedup_vs_lib == 0.25 && s.rows[2].speedup_vs_lib == 0.5);
    CHECK(isnan(s.rows[3].speedup_vs_lib));
    pb_rowset_free(&s);

    /* two library rows in one case (gemm: cuBLAS and OpenBLAS): GPU rows are held to the
     * GPU library, CPU rows to the CPU one */
    pb_rowset g = {0};
    const char *gv[] = {"lib", "lib", "k8", "baseline"}, *gb[] = {"cublas", "openblas", "cuda", "cpu"};
    const pb_offload goff[] = {PB_OFFLOAD_DEVICE, PB_OFFLOAD_CPU, PB_OFFLOAD_DEVICE, PB_OFFLOAD_CPU};
    const double gt[] = {1.0, 10.0, 2.0, 40.0};
    for (int i = 0; i < 4; ++i) {
        pb_row_init(&r);
        strcpy(r.benchmark, "gemm");
        strcpy(r.dtype, "float");
        strcpy(r.variant, gv[i]);
        strcpy(r.backend, gb[i]);
        r.offload = goff[i];
        r.verified = PB_VERIFIED_PASS;
        r.size = 4096;
        r.time_median_s = gt[i];
        r.device_time_median_s = gt[i] / 2; /* the GPU rows' clock: the device's */
        pb_rowset_push(&g, &r);
    }
    pb_rows_derive(&g, &in);
    CHECK(g.rows[0].speedup_vs_lib == 1 && g.rows[1].speedup_vs_lib == 1);
    CHECK(g.rows[2].speedup_vs_lib == 0.5 && g.rows[3].speedup_vs_lib == 0.25);
    CHECK(g.rows[0].clock == PB_CLOCK_DEVICE && g.rows[1].clock == PB_CLOCK_HOST); /* each on its clock */
    pb_rowset_free(&g);

    /* --gpu all: each GPU has its own library row; a row is held to its own GPU's, even
     * when another GPU's comes first */
    pb_rowset m = {0};
    const char *mv[] = {"lib", "lib", "v7", "v7"};
    const double mt[] = {1.0, 3.0, 2.0, 6.0}, mg[] = {0, 1, 0, 1};
    for (int i = 0; i < 4; ++i) {
        pb_row_init(&r);
        strcpy(r.benchmark, "dmvm");
        strcpy(r.dtype, "double");
        strcpy(r.variant, mv[i]);
        r.offload = PB_OFFLOAD_DEVICE;
        r.verified = PB_VERIFIED_PASS;
        r.size = 100;
        r.gpu_index = mg[i];
        r.time_median_s = mt[i];
        pb_rowset_push(&m, &r);
    }
    pb_rows_derive(&m, &in);
    CHECK(m.rows[1].speedup_vs_lib == 1 && m.rows[2].speedup_vs_lib == 0.5 && m.rows[3].speedup_vs_lib == 0.5);
    pb_rowset_free(&m);
}

static void test_trace_intervals(void)
{
    /* Three repetition windows (ns): [100,200], [300,400], [500,600]. */
    const uint64_t begin[] = {100, 300, 500}, end[] = {200, 400, 600};
    const pb_span spans[] = {
        {50, 60, 0, NULL},    /* before the first window (an upload): ignored */
        {110, 150, 0, NULL},  /* rep 0: memset */
        {150, 190, 1, NULL},  /* rep 0: kernel right after it (back to back) */
        {310, 390, 1, NULL},  /* rep 1: two overlapping kernels */
        {320, 380, 1, NULL},
        {250, 260, 1, NULL},  /* between windows: ignored */
        {590, 650, 1, NULL},  /* rep 2: starts inside, ends after the host window */
    };
    pb_rep_device d[3];
    size_t outside = pb_trace_assign(spans, sizeof spans / sizeof *spans, begin, end, 3, d);
    CHECK(outside == 2);
    CHECK(d[0].activities == 2 && d[0].kernels == 1);
    CHECK_NEAR(d[0].device_s, 80e-9, 1e-15);     /* 110 .. 190 */
    CHECK_NEAR(d[0].kernel_sum_s, 40e-9, 1e-15);
    CHECK(d[1].kernels == 2);
    CHECK_NEAR(d[1].device_s, 80e-9, 1e-15);     /* 310 .. 390: the union, not the sum */
    CHECK_NEAR(d[1].kernel_sum_s, 140e-9, 1e-15); /* 80 + 60: overlaps counted in full */
    CHECK(d[2].kernels == 1);
    CHECK_NEAR(d[2].device_s, 60e-9, 1e-15);
    /* an empty repetition */
    const uint64_t b2[] = {1000}, e2[] = {2000};
    CHECK(pb_trace_assign(spans, 3, b2, e2, 1, d) == 3 && d[0].device_s < 0 && d[0].kernels == 0);
    CHECK(pb_trace_assign(NULL, 0, b2, e2, 1, d) == 0 && d[0].activities == 0);
}

/* A row of measured facts for pb_derive's tests. */
static pb_row derive_row(const char *bench, const char *dtype, pb_offload where, pb_verified v, double host_s,
                         double device_s)
{
    pb_row r;
    pb_row_init(&r);
    strcpy(r.benchmark, bench);
    strcpy(r.variant, "v1");
    strcpy(r.dtype, dtype);
    r.size = 1000;
    r.offload = where;
    r.verified = v;
    r.time_median_s = host_s;
    r.device_time_median_s = device_s;
    r.bytes = 2e9;
    r.flops = 1e9;
    if (where == PB_OFFLOAD_DEVICE)
        strcpy(r.gpu_profile, "h200");
    return r;
}

static void test_derive(void)
{
    const pb_gpu_profile *h200 = pb_gpu_profile_by_id("h200");
    CHECK(h200 != NULL);
    pb_rowset s = {0};
    pb_row r = derive_row("dmvm", "double", PB_OFFLOAD_DEVICE, PB_VERIFIED_PASS, 2e-3, 1e-3);
    r.gbs = r.gflops = r.pct_peak_bw = 12345; /* a worker's host-clock numbers: replaced, not rescaled */
    pb_rowset_push(&s, &r);
    r = derive_row("dmvm", "double", PB_OFFLOAD_CPU, PB_VERIFIED_PASS, 4e-3, NAN);
    r.gpu_profile[0] = '\0';
    pb_rowset_push(&s, &r);
    r = derive_row("dmvm", "double", PB_OFFLOAD_DEVICE, PB_VERIFIED_SKIP, NAN, NAN);
    pb_rowset_push(&s, &r);
    pb_derive_in in = {PB_PLAN_CLOCK_AUTO, NULL, 0, 0};
    /* auto: every GPU row that ran has a device time, so the device clock; CPU rows keep the host's */
    CHECK(pb_rows_device_clock(&s, PB_PLAN_CLOCK_AUTO) == 1);
    pb_rows_derive(&s, &in);
    const pb_row *g = &s.rows[0], *cpu = &s.rows[1], *skip = &s.rows[2];
    CHECK(g->clock == PB_CLOCK_DEVICE && g->gbs == 2e9 / 1e-3 * 1e-9 && g->gflops == 1e9 / 1e-3 * 1e-9);
    CHECK(g->pct_peak_bw == 100 * g->gbs / h200->bw_gbs && g->pct_peak_flops == 100 * g->gflops / h200->fp64_gflops);
    CHECK(g->launch_overhead_s == 2e-3 - 1e-3 && isnan(g->elems_per_s) && isnan(g->gb_per_j));
    CHECK(cpu->clock == PB_CLOCK_HOST && cpu->gbs == 2e9 / 4e-3 * 1e-9 && isnan(cpu->pct_peak_bw) &&
          isnan(cpu->launch_overhead_s));
    /* a SKIP row: the host clock, nothing else */
    CHECK(skip->clock == PB_CLOCK_HOST && isnan(skip->gbs) && isnan(skip->pct_peak_bw) && isnan(skip->speedup_vs_lib));
    /* host, device: asked for; the rates from that clock's time directly */
    in.clock = PB_PLAN_CLOCK_HOST;
    pb_rows_derive(&s, &in);
    CHECK(g->clock == PB_CLOCK_HOST && g->gbs == 2e9 / 2e-3 * 1e-9 && g->pct_peak_bw == 100 * g->gbs / h200->bw_gbs);
    CHECK(g->launch_overhead_s == 2e-3 - 1e-3); /* on either clock */
    in.clock = PB_PLAN_CLOCK_DEVICE;
    pb_rows_derive(&s, &in);
    CHECK(g->clock == PB_CLOCK_DEVICE && g->gbs == 2e9 / 1e-3 * 1e-9 && cpu->clock == PB_CLOCK_HOST);
    /* one GPU row that ran without a device time: auto is the host clock for all, as before */
    r = derive_row("dmvm", "double", PB_OFFLOAD_DEVICE, PB_VERIFIED_FAIL, 3e-3, NAN);
    pb_rowset_push(&s, &r);
    g = &s.rows[0];
    in.clock = PB_PLAN_CLOCK_AUTO;
    CHECK(pb_rows_device_clock(&s, PB_PLAN_CLOCK_AUTO) == 0);
    pb_rows_derive(&s, &in);
    CHECK(g->clock == PB_CLOCK_HOST && s.rows[3].clock == PB_CLOCK_HOST && g->gbs == 2e9 / 2e-3 * 1e-9);
    CHECK(s.rows[3].gbs == 2e9 / 3e-3 * 1e-9); /* a FAIL row that was measured has its rates */
    /* --clock device: a GPU row without a device time stays on the host clock */
    in.clock = PB_PLAN_CLOCK_DEVICE;
    pb_rows_derive(&s, &in);
    CHECK(g->clock == PB_CLOCK_DEVICE && s.rows[3].clock == PB_CLOCK_HOST);
    pb_rowset_free(&s);

    /* pct_peak: only with a profile (none, or one this build does not know: empty); an
     * integer row has no FLOP peak; a float row the FP32 one */
    pb_row p[4] = {derive_row("dmvm", "double", PB_OFFLOAD_DEVICE, PB_VERIFIED_PASS, 1e-3, NAN),
                   derive_row("histogram", "int", PB_OFFLOAD_DEVICE, PB_VERIFIED_PASS, 1e-3, NAN),
                   derive_row("dmvm", "float", PB_OFFLOAD_DEVICE, PB_VERIFIED_PASS, 1e-3, NAN),
                   derive_row("dmvm", "float", PB_OFFLOAD_HOST_FALLBACK, PB_VERIFIED_PASS, 1e-3, NAN)};
    p[0].gpu_profile[0] = '\0';
    p[1].elems = 5000;
    strcpy(p[3].gpu_profile, "no-such-gpu");
    for (int i = 0; i < 4; ++i)
        pb_row_derive(&p[i], 0, NULL);
    CHECK(isnan(p[0].pct_peak_bw) && isnan(p[0].pct_peak_flops) && p[0].gbs == 2e9 / 1e-3 * 1e-9);
    CHECK(p[1].pct_peak_bw == 100 * p[1].gbs / h200->bw_gbs && isnan(p[1].pct_peak_flops));
    CHECK(p[1].elems_per_s == 5000 / 1e-3); /* elements counted: from the row's count */
    CHECK(p[2].pct_peak_flops == 100 * p[2].gflops / h200->fp32_gflops);
    CHECK(isnan(p[3].pct_peak_bw) && p[3].clock == PB_CLOCK_HOST); /* host fallback: not on the GPU */

    /* the energy rates: per joule of a repetition, on no clock */
    pb_row e = derive_row("stream", "double", PB_OFFLOAD_DEVICE, PB_VERIFIED_PASS, 1e-3, 5e-4);
    e.energy_j_per_rep = 0.5;
    pb_row_derive(&e, 1, NULL);
    CHECK(e.gb_per_j == 2e9 / 0.5 * 1e-9 && e.gflop_per_j == 1e9 / 0.5 * 1e-9 && e.clock == PB_CLOCK_DEVICE);

    /* pct_measured: each GPU's ceilings to its own rows (by UUID), the bandwidth of the
     * benchmark's access pattern; "" is for every row; CPU rows are related to none */
    pb_derive_ceilings ceil[2];
    memset(ceil, 0, sizeof ceil);
    strcpy(ceil[0].gpu_uuid, "GPU-a");
    strcpy(ceil[1].gpu_uuid, "GPU-b");
    for (int k = 0; k < 2; ++k) {
        ceil[k].bw_gbs[PB_PATTERN_READ_WRITE] = 1000 * (k + 1);
        ceil[k].bw_gbs[PB_PATTERN_READ] = 4000 * (k + 1);
        ceil[k].bw_gbs[PB_PATTERN_WRITE] = NAN; /* not measured: no percentage */
        ceil[k].fp32_gflops = 500 * (k + 1);
        ceil[k].fp64_gflops = 250 * (k + 1);
    }
    const char *mb[] = {"dmvm", "stream", "fill", "dmvm", "dmvm"},
               *mu[] = {"GPU-a", "GPU-a", "GPU-a", "GPU-b", "GPU-b"};
    for (int i = 0; i < 5; ++i) {
        r = derive_row(mb[i], "double", i == 4 ? PB_OFFLOAD_CPU : PB_OFFLOAD_DEVICE, PB_VERIFIED_PASS, 1, NAN);
        strcpy(r.gpu_uuid, mu[i]);
        pb_rowset_push(&s, &r);
    }
    in = (pb_derive_in){PB_PLAN_CLOCK_AUTO, ceil, 2, 0};
    pb_rows_derive(&s, &in);
    CHECK_NEAR(s.rows[0].pct_measured_bw, 100 * 2.0 / 4000, 1e-12); /* dmvm reads: GPU-a's read ceiling */
    CHECK_NEAR(s.rows[0].pct_measured_flops, 100 * 1.0 / 250, 1e-12);
    CHECK_NEAR(s.rows[1].pct_measured_bw, 100 * 2.0 / 1000, 1e-12); /* stream: read + write */
    CHECK(isnan(s.rows[2].pct_measured_bw) && !isnan(s.rows[2].pct_measured_flops));
    CHECK_NEAR(s.rows[3].pct_measured_bw, 100 * 2.0 / 8000, 1e-12); /* GPU-b's own */
    CHECK(isnan(s.rows[4].pct_measured_bw) && isnan(s.rows[4].pct_measured_flops));
    strcpy(ceil[1].gpu_uuid, ""); /* one GPU's run: its ceilings for every row */
    in.ceilings = &ceil[1];
    in.nceilings = 1;
    pb_rows_derive(&s, &in);
    CHECK_NEAR(s.rows[0].pct_measured_bw, 100 * 2.0 / 8000, 1e-12);
    in.ceilings = NULL; /* none: empty again */
    in.nceilings = 0;
    pb_rows_derive(&s, &in);
    CHECK(isnan(s.rows[0].pct_measured_bw) && isnan(s.rows[3].pct_measured_flops));
    pb_rowset_free(&s);
}

/* The course view of reduce: a ladder per backend and compiler, each over its own k1,
 * with the speedup over CUDA's k1 beside it. */
static void test_steps_view(void)
{
    pb_rowset s = {0};
    struct {
        const char *variant, *backend, *compiler, *toolchain;
        double t;
    } rows[] = {{"k0", "cuda", "nvcc", "nvcc-13", 8},         {"k1", "cuda", "nvcc", "nvcc-13", 4},
                {"k2", "cuda", "nvcc", "nvcc-13", 2},         {"best", "cuda", "nvcc", "nvcc-13", 1},
                {"lib", "cub", "cub", "", 1},                 {"k1", "omp", "clang", "clang-19", 10},
                {"k2", "omp", "clang", "clang-19", 5},        {"multiacc", "omp", "clang", "clang-19", 2},
                {"k1", "omp", "gcc", "gcc-12", 20}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i) {
        pb_row r;
        pb_row_init(&r);
        strcpy(r.benchmark, "reduce");
        strcpy(r.variant, rows[i].variant);
        strcpy(r.backend, rows[i].backend);
        strcpy(r.compiler, rows[i].compiler);
        strcpy(r.toolchain, rows[i].toolchain);
        strcpy(r.dtype, "int");
        strcpy(r.params, "block=128");
        r.offload = PB_OFFLOAD_DEVICE;
        r.verified = PB_VERIFIED_PASS;
        r.clock = PB_CLOCK_HOST;
        r.size = 4194304;
        r.time_median_s = rows[i].t * 1e-3;
        r.gbs = 1;
        pb_rowset_push(&s, &r);
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_table_print(f, &s);
    fclose(f);
    CHECK(strstr(text, "the course's ladder per backend") != NULL);
    /* backend, kernel, time, GB/s, step (numbered kernels), cumulative over own k1, vs CUDA k1 */
    const char *want[] = {
        "cuda             k0              8.0000        1.0                0.50x       0.50x\n",
        "cuda             k1              4.0000        1.0    2.00x       1.00x       1.00x\n",
        "cuda             k2              2.0000        1.0    2.00x       2.00x       2.00x\n",
        "cuda             best            1.0000        1.0                4.00x       4.00x\n",
        "cub              lib             1.0000        1.0                            4.00x\n",
        "omp(clang-19)    k1             10.0000        1.0                1.00x       0.40x\n",
        "omp(clang-19)    k2              5.0000        1.0    2.00x       2.00x       0.80x\n",
        "omp(clang-19)    multiacc        2.0000        1.0                5.00x       2.00x\n",
        "omp(gcc-12)      k1             20.0000        1.0                1.00x       0.20x\n"};
    const char *at = text;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) { /* each line, in this order */
        const char *hit = strstr(at, want[i]);
        CHECK(hit != NULL);
        if (hit)
            at = hit;
    }
    free(text);
    pb_rowset_free(&s);
}

/* The tuning table: the most specific row wins; PB_TUNE overrides per toolchain. */
static void test_tuning(void)
{
    pb_shape sh;
    char src[256], err[256];
    unsetenv(PB_TUNE_ENV);
    /* every best variant has a row for every model and toolchain, with accepted values */
    const char *bench[] = {"dmvm", "reduce", "stream", "copy", "fill", "fma"};
    const char *model[] = {"cuda", "omp", "omp"}, *tc[] = {"nvcc", "clang", "gcc"};
    const char *dt[] = {"float", "double", "int"};
    for (int b = 0; b < 6; ++b)
        for (int m = 0; m < 3; ++m)
            for (int d = 0; d < 3; ++d) {
                CHECK(pb_tuning_lookup(bench[b], "best", model[m], tc[m], dt[d], 90, &sh, src, sizeof src) == 0);
                CHECK(pb_shape_check(&sh, err, sizeof err) == 0);
            }
    CHECK(pb_tuning_lookup("dmvm", "v7", "cuda", "nvcc", "double", 90, &sh, src, sizeof src) == -1 && sh.threads == 0);
    CHECK(pb_tuning_lookup("stream-strided", "best", "omp", "clang", "double", 90, &sh, src, sizeof src) == -1);
    /* specificity: an exact cc beats any cc, an exact toolchain beats "*" */
    CHECK(pb_tuning_lookup("stream", "best", "cuda", "nvcc", "double", 0, &sh, src, sizeof src) == 0 && strstr(src, "any cc"));
    int exact = -1;
    for (size_t i = 0; i < pb_tuning_nrows; ++i)
        if (pb_tuning_table[i].cc != 0)
            exact = (int)i;
    if (exact >= 0) { /* a measured row: its own cc picks it, another cc does not */
        const pb_tuning_row *r = &pb_tuning_table[exact];
        const char *d = strcmp(r->dtype, "*") ? r->dtype : "double";
        CHECK(pb_tuning_lookup(r->bench, r->variant, r->model, r->toolchain, d, r->cc, &sh, src, sizeof src) == 0);
        CHECK(memcmp(&sh, &r->shape, sizeof sh) == 0 && strstr(src, "tuning table: cc"));
    }
    /* a row for one dtype: that dtype picks it over the "*" row of the same key; another
     * dtype does not see it */
    for (size_t i = 0; i < pb_tuning_nrows; ++i) {
        const pb_tuning_row *r = &pb_tuning_table[i];
        if (!strcmp(r->dtype, "*"))
            continue;
        CHECK(pb_tuning_lookup(r->bench, r->variant, r->model, r->toolchain, r->dtype, r->cc, &sh, src, sizeof src) ==
              0);
        CHECK(memcmp(&sh, &r->shape, sizeof sh) == 0 && strstr(src, r->dtype));
        const char *other = strcmp(r->dtype, "double") ? "double" : "float";
        CHECK(pb_tuning_lookup(r->bench, r->variant, r->model, r->toolchain, other, r->cc, &sh, src, sizeof src) == 0);
        CHECK(!strstr(src, r->dtype));
    }
    CHECK(pb_tuning_lookup("stream", "best", "omp", "clang", NULL, 90, &sh, src, sizeof src) == 0); /* "*" rows */
    /* what a backend runs with: the lookup's shape, or all zero (skipped) without a row */
    pb_shape got;
    pb_tuning_best_shape("stream", "omp", "clang", "float", 90, &got);
    CHECK(pb_tuning_lookup("stream", "best", "omp", "clang", "float", 90, &sh, NULL, 0) == 0 &&
          memcmp(&got, &sh, sizeof got) == 0 && got.threads > 0);
    pb_tuning_best_shape("stream-strided", "omp", "clang", "float", 90, &got);
    CHECK(got.threads == 0 && got.elems == 0);
    /* PB_TUNE: sections for all toolchains, then the toolchain's own; fields not named stay */
    pb_shape base = {8, 256, 4, 1, 0, 0, 0}, s2 = base;
    CHECK(pb_tune_apply("threads=128;gcc:elems=2;clang:elems=8", "gcc", &s2, err, sizeof err) == 1);
    CHECK(s2.per_sm == 8 && s2.threads == 128 && s2.elems == 2 && s2.rows == 1);
    s2 = base;
    CHECK(pb_tune_apply("nvcc:per_sm=0", "clang", &s2, err, sizeof err) == 0 && memcmp(&s2, &base, sizeof s2) == 0);
    s2 = base;
    CHECK(pb_tune_apply("elems=3", "nvcc", &s2, err, sizeof err) == -1 && strstr(err, "elems=3") &&
          memcmp(&s2, &base, sizeof s2) == 0);
    CHECK(pb_tune_apply("threads=100", "nvcc", &s2, err, sizeof err) == -1 && strstr(err, "multiples of 32"));
    CHECK(pb_tune_apply("rows=8", "nvcc", &s2, err, sizeof err) == -1);
    CHECK(pb_tune_apply("elems=32", "nvcc", &s2, err, sizeof err) == -1);
    s2 = base;
    CHECK(pb_tune_apply("clang:elems=16", "clang", &s2, err, sizeof err) == 1 && s2.elems == 16);
    s2 = base;
    CHECK(pb_tune_apply("per_sm=65", "nvcc", &s2, err, sizeof err) == -1);
    CHECK(pb_tune_apply("warps=4", "nvcc", &s2, err, sizeof err) == -1 && strstr(err, "unknown key"));
    CHECK(pb_tune_apply("icc:threads=64", "nvcc", &s2, err, sizeof err) == -1 && strstr(err, "unknown toolchain"));
    CHECK(pb_tune_apply("threads", "nvcc", &s2, err, sizeof err) == -1);
    /* a toolchain id (clang-16): its own sections after its family's, whatever their order;
     * another id's section does not apply; "clang-" and "clang-1" name no toolchain of it */
    s2 = base;
    CHECK(pb_tune_apply("clang-16:elems=8;clang:elems=2,threads=64", "clang-16", &s2, err, sizeof err) == 1 &&
          s2.elems == 8 && s2.threads == 64);
    s2 = base;
    CHECK(pb_tune_apply("clang-16:elems=8;clang:elems=2", "clang-19", &s2, err, sizeof err) == 1 && s2.elems == 2);
    s2 = base;
    CHECK(pb_tune_apply("clang-1:elems=8", "clang-16", &s2, err, sizeof err) == 0 && s2.elems == 4);
    CHECK(pb_tune_apply("clang-16:elems=8", "clang-16-nightly", &s2, err, sizeof err) == 1 && s2.elems == 8);
    CHECK(pb_tune_apply("clang-:elems=8", "clang-16", &s2, err, sizeof err) == -1 && strstr(err, "unknown toolchain"));
    /* table rows: an id's row before its family's, the family's for another id */
    CHECK(strcmp(pb_tuning_toolchain("clang", "clang-16"), "clang-16") == 0);
    CHECK(strcmp(pb_tuning_toolchain("clang", "aomp-5"), "clang") == 0);
    CHECK(strcmp(pb_tuning_toolchain("nvcc", ""), "nvcc") == 0);
    for (size_t i = 0; i < pb_tuning_nrows; ++i) {
        const pb_tuning_row *r = &pb_tuning_table[i];
        const char *dash = strchr(r->toolchain, '-');
        if (!dash || r->dtype[0] != '*')
            continue;
        char family[16] = "";
        snprintf(family, sizeof family, "%.*s", (int)(dash - r->toolchain), r->toolchain);
        pb_shape own, fam;
        CHECK(pb_tuning_lookup(r->bench, r->variant, r->model, r->toolchain, NULL, r->cc, &own, NULL, 0) == 0 &&
              memcmp(&own, &r->shape, sizeof own) == 0);
        CHECK(pb_tuning_lookup(r->bench, r->variant, r->model, family, NULL, r->cc, &fam, NULL, 0) == 0);
    }
    CHECK(pb_tune_apply("threads=x", "nvcc", &s2, err, sizeof err) == -1);
    /* vector: 0 or 16 bytes a lane loads per element group */
    s2 = base;
    CHECK(pb_tune_apply("clang:vector=16", "clang", &s2, err, sizeof err) == 1 && s2.vector == 16 && s2.elems == 4);
    s2 = base;
    CHECK(pb_tune_apply("vector=8", "clang", &s2, err, sizeof err) == -1 && strstr(err, "vector=8") &&
          s2.vector == 0);
    char text[96];
    pb_shape_format(&base, text, sizeof text);
    CHECK(strcmp(text, "per_sm=8,threads=256,elems=4,rows=1") == 0); /* no vector key when 0 */
    pb_shape round = {0};
    CHECK(pb_shape_parse(text, &round, err, sizeof err) == 0 && memcmp(&round, &base, sizeof round) == 0);
    pb_shape vec = base;
    vec.vector = 16;
    pb_shape_format(&vec, text, sizeof text);
    CHECK(strcmp(text, "per_sm=8,threads=256,elems=4,rows=1,vector=16") == 0);
    memset(&round, 0, sizeof round);
    CHECK(pb_shape_parse(text, &round, err, sizeof err) == 0 && memcmp(&round, &vec, sizeof round) == 0);
    /* form: 0, 1 or 2, named in the text only when not 0; a best variant runs only its own
     * forms (pb_best_forms), any other is skipped (threads 0) */
    s2 = base;
    CHECK(pb_tune_apply("gcc:form=1", "gcc", &s2, err, sizeof err) == 1 && s2.form == 1 && s2.elems == 4);
    s2 = base;
    CHECK(pb_tune_apply("form=3", "gcc", &s2, err, sizeof err) == -1 && strstr(err, "form=3") && s2.form == 0);
    s2 = base;
    CHECK(pb_tune_apply("gcc:form=2", "gcc", &s2, err, sizeof err) == 1 && s2.form == 2);
    pb_shape f1 = base;
    f1.form = 1;
    pb_shape_format(&f1, text, sizeof text);
    CHECK(strcmp(text, "per_sm=8,threads=256,elems=4,rows=1,form=1") == 0);
    memset(&round, 0, sizeof round);
    CHECK(pb_shape_parse(text, &round, err, sizeof err) == 0 && memcmp(&round, &f1, sizeof round) == 0);
    CHECK(pb_best_forms("dmvm", "omp") == 3 && pb_best_forms("fma", "omp") == 3 && pb_best_forms("fill", "omp") == 3);
    CHECK(pb_best_forms("reduce", "omp") == 1 && pb_best_forms("dmvm", "cuda") == 1 &&
          pb_best_forms("gemm", "omp") == 1);
    /* window's form 1 (register reuse) exists in both models */
    CHECK(pb_best_forms("window", "omp") == 2 && pb_best_forms("window", "cuda") == 2);
    /* transpose's and rank sort's form 1 (the course version itself): OpenMP only */
    CHECK(pb_best_forms("transpose", "omp") == 2 && pb_best_forms("transpose", "cuda") == 1 &&
          pb_best_forms("ranksort", "omp") == 2 && pb_best_forms("ranksort", "cuda") == 1);
    setenv(PB_TUNE_ENV, "form=1", 1);
    pb_tuning_best_shape("window", "cuda", "nvcc", "float", 90, &got);
    CHECK(got.threads > 0 && got.form == 1);
    pb_tuning_best_shape("window", "omp", "clang", "float", 90, &got);
    CHECK(got.threads > 0 && got.form == 1);
    pb_tuning_best_shape("dmvm", "omp", "clang", "double", 90, &got);
    CHECK(got.threads > 0 && got.form == 1);
    pb_tuning_best_shape("reduce", "omp", "clang", "double", 90, &got);
    CHECK(got.threads == 0 && got.form == 0);
    pb_tuning_best_shape("dmvm", "cuda", "nvcc", "double", 90, &got);
    CHECK(got.threads == 0);
    unsetenv(PB_TUNE_ENV);
    /* the table picks the form per toolchain, not the kernels: gcc's rows of dmvm, fill and
     * fma select form 2 (the H100's sweep found no clause that beat gcc's own launch),
     * clang's and nvcc's form 0 */
    const char *const gcc_form2[] = {"dmvm", "fill", "fma"};
    for (int b = 0; b < 3; ++b)
        for (int d = 0; d < 2; ++d) {
            CHECK(pb_tuning_lookup(gcc_form2[b], "best", "omp", "gcc", dt[d], 90, &sh, src, sizeof src) == 0 &&
                  sh.form == 2 && sh.elems == 1 && sh.vector == 0 && strstr(src, "form=2"));
            CHECK(pb_tuning_lookup(gcc_form2[b], "best", "omp", "clang", dt[d], 90, &sh, NULL, 0) == 0 && sh.form == 0);
        }
    for (size_t i = 0; i < pb_tuning_nrows; ++i) /* a form a variant has */
        CHECK(pb_tuning_table[i].shape.form < pb_best_forms(pb_tuning_table[i].bench, pb_tuning_table[i].model));
    /* every row of the table holds accepted values (vector 0 unless a sweep chose 16) */
    for (size_t i = 0; i < pb_tuning_nrows; ++i)
        CHECK(pb_shape_check(&pb_tuning_table[i].shape, err, sizeof err) == 0);
    /* the environment reaches the lookup, and the source says so; a bad value is ignored */
    setenv(PB_TUNE_ENV, "clang:threads=512,rows=2", 1);
    CHECK(pb_tuning_lookup("dmvm", "best", "omp", "clang", "double", 90, &sh, src, sizeof src) == 0);
    CHECK(sh.threads == 512 && sh.rows == 2 && strstr(src, "from PB_TUNE=clang:threads=512,rows=2"));
    CHECK(pb_tuning_lookup("dmvm", "best", "omp", "gcc", "double", 90, &sh, src, sizeof src) == 0 && !strstr(src, "PB_TUNE"));
    setenv(PB_TUNE_ENV, "threads=7", 1);
    pb_shape table;
    unsetenv(PB_TUNE_ENV);
    pb_tuning_lookup("fma", "best", "cuda", "nvcc", "double", 90, &table, NULL, 0);
    setenv(PB_TUNE_ENV, "threads=7", 1);
    CHECK(pb_tuning_lookup("fma", "best", "cuda", "nvcc", "double", 90, &sh, src, sizeof src) == 0);
    CHECK(memcmp(&sh, &table, sizeof sh) == 0 && strstr(src, "ignored"));
    /* where the shape came from, as a fact (a row's shape_source): applied, ignored, table */
    int tuned = 9;
    CHECK(pb_tuning_lookup_tuned("fma", "best", "cuda", "nvcc", "double", 90, &sh, NULL, 0, &tuned) == 0 &&
          tuned == -1);
    setenv(PB_TUNE_ENV, "clang:threads=512,rows=2", 1);
    CHECK(pb_tuning_lookup_tuned("dmvm", "best", "omp", "clang", "double", 90, &sh, NULL, 0, &tuned) == 0 &&
          tuned == 1);
    CHECK(pb_tuning_lookup_tuned("dmvm", "best", "omp", "gcc", "double", 90, &sh, NULL, 0, &tuned) == 0 && tuned == 0);
    unsetenv(PB_TUNE_ENV);
    CHECK(pb_tuning_lookup_tuned("dmvm", "best", "omp", "clang", "double", 90, &sh, NULL, 0, &tuned) == 0 &&
          tuned == 0);
    /* teams: one per work group without a cap, else per_sm * SMs, at least 1 */
    pb_shape t = {0, 256, 1, 1, 0, 0, 0};
    CHECK(pb_shape_teams(&t, 132, 1000, 256) == 4 && pb_shape_teams(&t, 132, 0, 256) == 1);
    t.per_sm = 8;
    CHECK(pb_shape_teams(&t, 132, 1L << 30, 256) == 1056 && pb_shape_teams(&t, 132, 1000, 256) == 4);
    CHECK(pb_shape_teams(&t, 0, 1L << 30, 256) == 8);
}

/* The best variants' method key (0 dpf, 1 loop, 2 bare): parsed by number and by name,
 * printed by number and only when not 0 (as form), checked, applied through PB_TUNE; a
 * best variant runs only its own methods (form 0), and a method the compiler lacks
 * (pb_tuning_set_methods) is skipped with the reason in the lookup's source. */
static void test_methods(void)
{
    const pb_shape base = {8, 256, 4, 1, 0, 0, 0};
    pb_shape s = base, round;
    char err[256], text[128], src[400];
    CHECK(pb_tune_apply("clang:method=1", "clang", &s, err, sizeof err) == 1 && s.method == 1 && s.elems == 4);
    s = base;
    CHECK(pb_tune_apply("method=bare", "clang", &s, err, sizeof err) == 1 && s.method == PB_METHOD_BARE);
    s = base;
    CHECK(pb_tune_apply("method=loop,elems=2", "gcc", &s, err, sizeof err) == 1 && s.method == PB_METHOD_LOOP &&
          s.elems == 2);
    s = base;
    CHECK(pb_tune_apply("method=3", "gcc", &s, err, sizeof err) == -1 && strstr(err, "method=3") && s.method == 0);
    CHECK(pb_tune_apply("method=simd", "gcc", &s, err, sizeof err) == -1 && strstr(err, "not a number") &&
          s.method == 0);
    CHECK(pb_tune_apply("method=", "gcc", &s, err, sizeof err) == -1 && s.method == 0);
    CHECK(pb_tune_apply("metod=1", "gcc", &s, err, sizeof err) == -1 && strstr(err, "method)"));
    pb_shape_format(&base, text, sizeof text);
    CHECK(strcmp(text, "per_sm=8,threads=256,elems=4,rows=1") == 0); /* no method key when 0 */
    pb_shape m = base;
    m.method = 2;
    m.vector = 16;
    pb_shape_format(&m, text, sizeof text);
    CHECK(strcmp(text, "per_sm=8,threads=256,elems=4,rows=1,vector=16,method=2") == 0);
    memset(&round, 0, sizeof round);
    CHECK(pb_shape_parse(text, &round, err, sizeof err) == 0 && memcmp(&round, &m, sizeof round) == 0);
    CHECK(strcmp(pb_method_name(0), "dpf") == 0 && strcmp(pb_method_name(1), "loop") == 0 &&
          strcmp(pb_method_name(2), "bare") == 0 && pb_method_name(3) == NULL && pb_method_name(-1) == NULL);
    /* which best variants have which methods */
    const char *const all[] = {"stream", "copy", "fill", "fma", "vecadd"};
    for (int b = 0; b < 5; ++b) {
        CHECK(pb_best_methods(all[b], "omp") == 7u);
        CHECK(pb_best_methods(all[b], "cuda") == 1u);
    }
    const char *const dpf_only[] = {"dmvm", "reduce", "window", "transpose", "histogram", "ranksort", "gemm"};
    for (int b = 0; b < 7; ++b)
        CHECK(pb_best_methods(dpf_only[b], "omp") == 1u);
    /* every row of the table is method 0 (until a sweep measures the others) */
    for (size_t i = 0; i < pb_tuning_nrows; ++i)
        CHECK(pb_tuning_table[i].shape.method == 0);
    /* the variant's methods only; form 1 has method 0 only */
    pb_shape got;
    setenv(PB_TUNE_ENV, "method=1", 1);
    pb_tuning_best_shape("stream", "omp", "clang", "double", 90, &got);
    CHECK(got.threads > 0 && got.method == 1);
    pb_tuning_best_shape("window", "omp", "clang", "double", 90, &got);
    CHECK(got.threads == 0);
    pb_tuning_best_shape("stream", "cuda", "nvcc", "double", 90, &got);
    CHECK(got.threads == 0);
    pb_tuning_best_shape("fill", "omp", "gcc", "double", 0, &got); /* gcc's design row: form 1 */
    CHECK(got.threads == 0);
    setenv(PB_TUNE_ENV, "method=2,form=0", 1);
    pb_tuning_best_shape("fill", "omp", "gcc", "double", 0, &got);
    CHECK(got.threads > 0 && got.method == 2 && got.form == 0);
    /* a method this compiler lacks: skipped, and the source says why */
    pb_tuning_set_methods(1u << PB_METHOD_DPF | 1u << PB_METHOD_LOOP, "no bare here");
    pb_tuning_best_shape("fill", "omp", "gcc", "double", 0, &got);
    CHECK(got.threads == 0);
    CHECK(pb_tuning_lookup("fill", "best", "omp", "gcc", "double", 0, &got, src, sizeof src) == 0 &&
          strstr(src, "method=2 (bare: not in this compiler, no bare here) from PB_TUNE=method=2,form=0"));
    unsetenv(PB_TUNE_ENV); /* the table's shape: the reason too */
    CHECK(pb_tuning_lookup("fill", "best", "omp", "gcc", "double", 0, &got, src, sizeof src) == 0 &&
          !strstr(src, "not in this compiler"));
    setenv(PB_TUNE_ENV, "method=2,form=0", 1);
    setenv(PB_TUNE_ENV, "method=1,form=0", 1);
    pb_tuning_best_shape("fill", "omp", "gcc", "double", 0, &got);
    CHECK(got.threads > 0 && got.method == 1);
    CHECK(pb_tuning_lookup("fill", "best", "omp", "gcc", "double", 0, &got, src, sizeof src) == 0 &&
          strstr(src, "method=1 from PB_TUNE=") && !strstr(src, "not in this compiler"));
    pb_tuning_set_methods(7u, NULL);
    unsetenv(PB_TUNE_ENV);
}

/* Each benchmark's rows relate to the ceiling of its access pattern; old files load. */
static void test_ceilings_patterns(void)
{
    CHECK(pb_bench_find("dmvm")->pattern == PB_PATTERN_READ && pb_bench_find("reduce")->pattern == PB_PATTERN_READ);
    CHECK(pb_bench_find("stream")->pattern == PB_PATTERN_READ_WRITE &&
          pb_bench_find("copy")->pattern == PB_PATTERN_READ_WRITE);
    CHECK(pb_bench_find("fill")->pattern == PB_PATTERN_WRITE);
    CHECK(strcmp(pb_pattern_name(PB_PATTERN_WRITE), "write") == 0);
    char path[] = "/tmp/pb_ceil_XXXXXX", err[512];
    int fd = mkstemp(path);
    close(fd);
    pb_ceilings c, back;
    memset(&c, 0, sizeof c);
    strcpy(c.uuid, "GPU-1");
    c.stream_gbs = 4000;
    c.read_gbs = 4400;
    c.write_gbs = 2000;
    strcpy(c.read_from, "cub/cub lib double n=268435456");
    c.fma_fp32_gflops = c.fma_fp64_gflops = 1;
    CHECK(pb_ceilings_write(path, &c, err, sizeof err) == 0);
    CHECK(pb_ceilings_read(path, &back, err, sizeof err) == 0);
    CHECK(back.read_gbs == 4400 && back.write_gbs == 2000 && strcmp(back.read_from, c.read_from) == 0);
    CHECK(pb_ceilings_bw(&back, PB_PATTERN_READ) == 4400 && pb_ceilings_bw(&back, PB_PATTERN_WRITE) == 2000 &&
          pb_ceilings_bw(&back, PB_PATTERN_READ_WRITE) == 4000);
    pb_rowset s = {0};
    const char *bench[] = {"dmvm", "reduce", "stream", "fill", "stream-strided"};
    for (int i = 0; i < 5; ++i) {
        pb_row r;
        pb_row_init(&r);
        strcpy(r.benchmark, bench[i]);
        r.offload = PB_OFFLOAD_DEVICE;
        r.verified = PB_VERIFIED_PASS;
        strcpy(r.dtype, "double");
        r.bytes = 2200e9; /* 2200 GB/s */
        r.time_median_s = 1;
        pb_rowset_push(&s, &r);
    }
    pb_derive_ceilings dc;
    pb_ceilings_for_derive(&back, "", &dc);
    const pb_derive_in in = {PB_PLAN_CLOCK_AUTO, &dc, 1, 0};
    pb_rows_derive(&s, &in);
    CHECK_NEAR(s.rows[0].pct_measured_bw, 50, 1e-9);  /* dmvm: read */
    CHECK_NEAR(s.rows[1].pct_measured_bw, 50, 1e-9);  /* reduce: read */
    CHECK_NEAR(s.rows[2].pct_measured_bw, 55, 1e-9);  /* stream: read + write */
    CHECK_NEAR(s.rows[3].pct_measured_bw, 110, 1e-9); /* fill: write */
    CHECK_NEAR(s.rows[4].pct_measured_bw, 55, 1e-9);  /* stream-strided: read + write */
    /* a file written before the read and write ceilings existed: it loads, they are
     * unknown, and read or write rows get no percentage rather than the stream one */
    FILE *f = fopen(path, "w");
    fputs("# old\ndevice = NVIDIA H200\nuuid = GPU-1\nstream_gbs = 4000\nstream_from = cuda/nvcc double n=1\n"
          "memcpy_gbs = 3900\nfma_fp32_gflops = 60000\nfma_fp64_gflops = 30000\n",
          f);
    fclose(f);
    CHECK(pb_ceilings_read(path, &back, err, sizeof err) == 0);
    CHECK(back.stream_gbs == 4000 && isnan(back.read_gbs) && isnan(back.write_gbs));
    pb_ceilings_for_derive(&back, "", &dc);
    pb_rows_derive(&s, &in);
    CHECK(isnan(s.rows[0].pct_measured_bw) && isnan(s.rows[3].pct_measured_bw));
    CHECK_NEAR(s.rows[2].pct_measured_bw, 55, 1e-9);
    /* the measured ceilings: reduce rows give the read ceiling, fill rows the write one */
    pb_rowset m = {0};
    const char *mb[] = {"reduce", "reduce", "fill", "fill", "stream"};
    const char *mv[] = {"best", "lib", "best", "lib", "best"};
    const double mg[] = {4300, 4500, 2100, 1900, 3900};
    for (int i = 0; i < 5; ++i) {
        pb_row r;
        pb_row_init(&r);
        strcpy(r.benchmark, mb[i]);
        strcpy(r.variant, mv[i]);
        strcpy(r.backend, i == 1 ? "cub" : "cuda");
        strcpy(r.compiler, "nvcc");
        strcpy(r.dtype, "double");
        r.offload = PB_OFFLOAD_DEVICE;
        r.verified = PB_VERIFIED_PASS;
        r.gbs = mg[i];
        r.size = 1024;
        pb_rowset_push(&m, &r);
    }
    pb_ceilings_from_rows(&m, &c);
    CHECK(c.read_gbs == 4500 && strstr(c.read_from, "cub") && c.write_gbs == 2100 && c.stream_gbs == 3900);
    unlink(path);
    pb_rowset_free(&s);
    pb_rowset_free(&m);
}

static void test_ceilings(void)
{
    char path[] = "/tmp/pb_ceil_XXXXXX", err[512];
    int fd = mkstemp(path);
    close(fd);
    pb_ceilings c, back;
    memset(&c, 0, sizeof c);
    strcpy(c.device, "NVIDIA H200");
    strcpy(c.uuid, "GPU-1234");
    strcpy(c.clock, "device");
    strcpy(c.stream_from, "cuda/nvcc double n=268435456");
    c.stream_gbs = 4000;
    c.memcpy_gbs = 3900.5;
    c.fma_fp32_gflops = 60000;
    c.fma_fp64_gflops = 30000;
    CHECK(pb_ceilings_write(path, &c, err, sizeof err) == 0);
    CHECK(pb_ceilings_read(path, &back, err, sizeof err) == 0);
    CHECK(strcmp(back.uuid, "GPU-1234") == 0 && back.stream_gbs == 4000 && back.memcpy_gbs == 3900.5 &&
          back.fma_fp64_gflops == 30000 && strcmp(back.stream_from, c.stream_from) == 0);

    pb_rowset s = {0};
    pb_row r;
    pb_row_init(&r);
    r.offload = PB_OFFLOAD_DEVICE;
    r.verified = PB_VERIFIED_PASS;
    strcpy(r.dtype, "double");
    r.bytes = 2000e9; /* 2000 GB/s, 3000 GFLOP/s */
    r.flops = 3000e9;
    r.time_median_s = 1;
    pb_rowset_push(&s, &r);
    r.offload = PB_OFFLOAD_CPU; /* CPU rows are not related to GPU ceilings */
    pb_rowset_push(&s, &r);
    pb_derive_ceilings dc;
    pb_ceilings_for_derive(&back, "GPU-1234", &dc);
    CHECK(strcmp(dc.gpu_uuid, "GPU-1234") == 0 && dc.bw_gbs[PB_PATTERN_READ_WRITE] == 4000 &&
          isnan(dc.bw_gbs[PB_PATTERN_READ]) && dc.fp64_gflops == 30000);
    strcpy(dc.gpu_uuid, "");
    const pb_derive_in in = {PB_PLAN_CLOCK_AUTO, &dc, 1, 0};
    pb_rows_derive(&s, &in);
    CHECK_NEAR(s.rows[0].pct_measured_bw, 50, 1e-12);
    CHECK_NEAR(s.rows[0].pct_measured_flops, 10, 1e-12);
    /* an MPI rank's ceilings reach rank 0 as JSON text: the same numbers, NaN as null; one
     * for every row (no UUID) is no other rank's to apply */
    pb_derive_ceilings two[2] = {dc, dc}, *got = NULL;
    strcpy(two[0].gpu_uuid, "GPU-r1");
    cJSON *json = pb_ceilings_to_json(two, 2);
    char *text = cJSON_PrintUnformatted(json);
    cJSON_Delete(json);
    json = cJSON_Parse(text);
    size_t ngot = 0;
    CHECK(pb_ceilings_from_json(json, &got, &ngot) == PB_OK && ngot == 1 && strcmp(got[0].gpu_uuid, "GPU-r1") == 0);
    CHECK(got && got[0].bw_gbs[PB_PATTERN_READ_WRITE] == 4000 && isnan(got[0].bw_gbs[PB_PATTERN_READ]) &&
          got[0].fp32_gflops == 60000 && got[0].fp64_gflops == 30000 && strstr(text, "null"));
    CHECK(pb_ceilings_from_json(NULL, &got, &ngot) == PB_OK && ngot == 1);
    cJSON_Delete(json);
    free(text);
    free(got);
    CHECK(isnan(s.rows[1].pct_measured_bw));
    /* the ceilings of measured rows: the best verified result of each kind */
    pb_rowset m = {0};
    const char *bench[] = {"stream", "stream", "copy", "fma", "fma"};
    const char *variant[] = {"kernel", "kernel", "lib", "kernel", "kernel"};
    const char *dtype[] = {"double", "float", "double", "float", "double"};
    const double gbs[] = {100, 120, 90, 1, 1}, gflops[] = {0, 0, 0, 500, 250};
    for (int i = 0; i < 5; ++i) {
        pb_row_init(&r);
        strcpy(r.benchmark, bench[i]);
        strcpy(r.variant, variant[i]);
        strcpy(r.dtype, dtype[i]);
        r.offload = PB_OFFLOAD_DEVICE;
        r.verified = PB_VERIFIED_PASS;
        r.gbs = gbs[i];
        r.gflops = gflops[i];
        pb_rowset_push(&m, &r);
    }
    r.verified = PB_VERIFIED_FAIL; /* a failed row never sets a ceiling */
    r.gflops = 1e9;
    pb_rowset_push(&m, &r);
    pb_ceilings_from_rows(&m, &c);
    CHECK(c.stream_gbs == 120 && c.memcpy_gbs == 90 && c.fma_fp32_gflops == 500 && c.fma_fp64_gflops == 250);
    FILE *f = fopen(path, "w");
    fputs("stream_gbs = lots\n", f);
    fclose(f);
    CHECK(pb_ceilings_read(path, &back, err, sizeof err) == -1 && strstr(err, ":1:"));
    /* a NUL byte cut "12<NUL>34" to 12 */
    f = fopen(path, "w");
    fputs("# ceilings\nmemcpy_gbs = 3\n", f);
    fwrite("stream_gbs = 12\0" "34\n", 1, 19, f);
    fclose(f);
    CHECK(pb_ceilings_read(path, &back, err, sizeof err) == -1 && strstr(err, ":3: a NUL byte") != NULL &&
          strstr(err, path) != NULL);
    CHECK(pb_ceilings_read("/nonexistent/c.txt", &back, err, sizeof err) == -1);
    err[0] = '\0'; /* a full disk is named, not an empty message */
    CHECK(pb_ceilings_write("/dev/full", &c, err, sizeof err) == -1 && strstr(err, "No space left on device"));
    unlink(path);
    pb_rowset_free(&s);
    pb_rowset_free(&m);
}

/* Headers show a parameter whose 0 stands for the size as that size; the CSV keeps 0. */
static void test_params_shown(void)
{
    char buf[128];
    pb_params_shown("gemm", "m=0;n=0;k=0", 4096, buf, sizeof buf);
    CHECK(strcmp(buf, "m=4096;n=4096;k=4096") == 0);
    pb_params_shown("gemm", "m=20;n=0;k=5", 33, buf, sizeof buf);
    CHECK(strcmp(buf, "m=20;n=33;k=5") == 0);
    pb_params_shown("gemm", "m=20;n=0;k=0", NAN, buf, sizeof buf); /* over several sizes: left out */
    CHECK(strcmp(buf, "m=20") == 0);
    pb_params_shown("gemm", "m=0;n=0;k=0", NAN, buf, sizeof buf);
    CHECK(strcmp(buf, "") == 0);
    pb_params_shown("transpose", "cols=0", 16384, buf, sizeof buf);
    CHECK(strcmp(buf, "cols=16384") == 0);
    pb_params_shown("reduce", "block=0", 16384, buf, sizeof buf); /* a 0 that means 0 */
    CHECK(strcmp(buf, "block=0") == 0);
    pb_params_shown("nosuch", "m=0;x", 5, buf, sizeof buf);
    CHECK(strcmp(buf, "m=0;x") == 0);
    pb_params_shown("gemm", "m=0;n=0;k=0", 4096, buf, 10); /* cut, never overrun */
    CHECK(strlen(buf) < 10);
    /* the headline rate: GB/s, GFLOP/s, Melem/s for benchmarks that count elements */
    pb_row r;
    pb_row_init(&r);
    strcpy(r.benchmark, "histogram");
    r.gbs = 4, r.elems_per_s = 1.5e9;
    CHECK(strcmp(pb_row_unit(&r), "Melem/s") == 0 && pb_row_rate(&r) == 1500);
    strcpy(r.benchmark, "fma");
    r.gflops = 7;
    CHECK(strcmp(pb_row_unit(&r), "GFLOP/s") == 0 && pb_row_rate(&r) == 7);
    strcpy(r.benchmark, "dmvm");
    CHECK(strcmp(pb_row_unit(&r), "GB/s") == 0 && pb_row_rate(&r) == 4);
    CHECK(strcmp(pb_rate_text(0.0423456, buf, sizeof buf), "0.0423") == 0);
    CHECK(strcmp(pb_rate_text(4301.64, buf, sizeof buf), "4301.6") == 0);
    CHECK(strcmp(pb_rate_text(NAN, buf, sizeof buf), "-") == 0);
}

/* Issue 27: on a machine of one NUMA node (4 H200s, 64 PUs), every GPU of --gpu all was
 * near all 64 PUs and each run bound to all of them: four CPU baselines and input
 * preparations oversubscribed the cores. The GPUs run at once now share the PUs, each a
 * slice of its own. */
static void test_topo_slices(void)
{
    char a[64], b[64], c[64], d[64], one[64];
    CHECK(pb_topo_slice_text("pack:1 core:32 pu:2", 0, 4, a, sizeof a) == 0 && strcmp(a, "0-15") == 0);
    CHECK(pb_topo_slice_text("pack:1 core:32 pu:2", 1, 4, b, sizeof b) == 0 && strcmp(b, "16-31") == 0);
    CHECK(pb_topo_slice_text("pack:1 core:32 pu:2", 2, 4, c, sizeof c) == 0 && strcmp(c, "32-47") == 0);
    CHECK(pb_topo_slice_text("pack:1 core:32 pu:2", 3, 4, d, sizeof d) == 0 && strcmp(d, "48-63") == 0);
    /* one GPU, or one after another: all of them */
    CHECK(pb_topo_slice_text("pack:1 core:32 pu:2", 0, 1, one, sizeof one) == 0 && strcmp(one, "0-63") == 0);
    /* more GPUs than cores: each still gets a PU */
    CHECK(pb_topo_slice_text("pack:1 core:2 pu:1", 2, 3, one, sizeof one) == 0 && one[0] != '\0');
}

/* Text of a plan written by pb_plan_write (worker NULL: all of it). */
static char *plan_text(const pb_plan *p, const char *worker)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(pb_plan_write(f, p, worker) == PB_OK);
    fclose(f);
    return text;
}
/* The plan: written and read back the same (a 64-bit seed exactly), one worker's part,
 * and refused, one line each, when it is not one this build reads. */
static void test_plan(void)
{
    static pb_plan p, q;
    pb_plan_init(&p, pb_bench_find("reduce"));
    p.warmup = 3;
    p.reps = 7;
    p.time_budget = 0.25;
    p.max_noise = 0.02;
    p.energy = 1;
    p.energy_window = 2.5;
    p.cooldown = PB_COOLDOWN_AUTO;
    p.start_temp_c = 41.5;
    p.seed = 9223372036854775807ULL; /* 2^63-1, the largest --seed: not a double */
    p.threads = 4;
    p.clock = PB_PLAN_CLOCK_DEVICE;
    p.allow_host_fallback = 1;
    p.progress = 0;
    p.has_tune = 1;
    strcpy(p.tune, "clang:per_sm=2,threads=64");
    p.gpu_index = 1;
    strcpy(p.gpu_uuid, "GPU-1234");
    strcpy(p.gpu_profile, "h200");
    int cpu = pb_plan_add_backend(&p, "cpu", "cpu", "pb-cpu", 1);
    int omp = pb_plan_add_backend(&p, "omp@clang-19", "omp", "pb-omp-clang-19", 0);
    pb_plan_case c0 = {PB_INT, 1000, {64}}, c1 = {PB_DOUBLE, 4097, {1024}};
    CHECK(pb_plan_add_case(&p, &c0) == 0 && pb_plan_add_case(&p, &c1) == 1);
    /* ids in the rows' order: worker, case, backend, variant */
    CHECK(pb_plan_add_item(&p, 0, 0, cpu, "baseline") == 0 && pb_plan_add_item(&p, 1, 1, cpu, "baseline") == 0);
    CHECK(pb_plan_add_item(&p, 2, 0, omp, "k1") == 0 && pb_plan_add_item(&p, 3, 0, omp, "best") == 0 &&
          pb_plan_add_item(&p, 4, 1, omp, "k1") == 0);
    char *text = plan_text(&p, NULL), err[512];
    CHECK(pb_plan_read(text, strlen(text), "plan", &q, err, sizeof err) == PB_OK);
    CHECK(q.bench == p.bench && q.warmup == 3 && q.reps == 7 && q.time_budget == 0.25 && q.threads == 4);
    CHECK(q.max_noise == 0.02 && q.energy && q.energy_window == 2.5 && q.cooldown == PB_COOLDOWN_AUTO &&
          q.start_temp_c == 41.5 && strstr(text, "\"cooldown_s\":\t\"auto\""));
    CHECK(q.seed == 9223372036854775807ULL && strstr(text, "\"9223372036854775807\""));
    CHECK(q.clock == PB_PLAN_CLOCK_DEVICE && q.allow_host_fallback && !q.quiet && !q.progress && q.has_tune &&
          strcmp(q.tune, p.tune) == 0);
    CHECK(q.gpu_index == 1 && strcmp(q.gpu_uuid, "GPU-1234") == 0 && strcmp(q.gpu_profile, "h200") == 0);
    CHECK(q.nbackends == 2 && q.backends[0].joined && !q.backends[1].joined &&
          strcmp(q.backends[1].worker, "pb-omp-clang-19") == 0 && strcmp(q.backends[1].name, "omp") == 0);
    CHECK(q.ncases == 2 && q.cases[0].dtype == PB_INT && q.cases[0].n == 1000 && q.cases[0].param[0] == 64 &&
          q.cases[1].n == 4097 && q.cases[1].param[0] == 1024);
    /* items come back grouped by case, each with its id, backend and variant */
    CHECK(q.nitems == 5);
    long want_id[] = {0, 2, 3, 1, 4};
    const char *want_v[] = {"baseline", "k1", "best", "baseline", "k1"};
    for (size_t i = 0; i < q.nitems && i < 5; ++i)
        CHECK(q.items[i].id == want_id[i] && strcmp(q.items[i].variant, want_v[i]) == 0 &&
              q.items[i].cas == (i < 3 ? 0u : 1u));
    /* a row's identity, built once from its item (by the worker, and by the driver for an
     * item no worker answered): the case's cost model and the plan's GPU */
    pb_row r;
    pb_plan_item_row(&q, &q.items[4], "clang", "19.1.7", "clang-19", &r);
    pb_case c;
    pb_plan_case_of(&q, 1, &c);
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    CHECK(strcmp(r.benchmark, "reduce") == 0 && strcmp(r.variant, "k1") == 0 && strcmp(r.backend, "omp") == 0 &&
          strcmp(r.compiler, "clang") == 0 && strcmp(r.compiler_version, "19.1.7") == 0 &&
          strcmp(r.toolchain, "clang-19") == 0 && strcmp(r.dtype, "double") == 0 && r.size == 4097);
    CHECK(r.bytes == c.bench->bytes(&c) && r.flops == c.bench->flops(&c) && r.bytes > 0 &&
          strcmp(r.params, "block=1024") == 0 && isnan(r.elems)); /* reduce counts no elements */
    CHECK(r.gpu_index == 1 && strcmp(r.gpu_uuid, "GPU-1234") == 0 && strcmp(r.host, host) == 0 &&
          strlen(r.timestamp) == 20 && r.timestamp[19] == 'Z' && strlen(r.git_sha) > 0);
    CHECK(r.verified == PB_VERIFIED_NONE && r.clock == PB_CLOCK_NONE && !r.gpu_profile[0] && !r.note[0] &&
          isnan(r.time_median_s) && isnan(r.gbs));
    pb_plan_free(&q);
    free(text);
    /* a benchmark that counts elements: the row carries the count (elems_per_s is derived from it) */
    static pb_plan h;
    pb_plan_init(&h, pb_bench_find("histogram"));
    pb_plan_case hc = {PB_INT, 5000, {0}};
    CHECK(pb_plan_add_backend(&h, "cpu", "cpu", "pb-cpu", 0) == 0 && pb_plan_add_case(&h, &hc) == 0 &&
          pb_plan_add_item(&h, 0, 0, 0, "baseline") == 0);
    pb_plan_item_row(&h, &h.items[0], "gcc", "12.2.0", "gcc-12", &r);
    CHECK(r.elems == 5000 && strcmp(r.benchmark, "histogram") == 0 && strcmp(r.toolchain, "gcc-12") == 0);
    pb_plan_free(&h);
    /* settings a plan leaves out are the options' defaults; an unknown temperature is null */
    static pb_options o;
    pb_options_defaults(&o, NULL);
    const char *bare = "{\"format\":\"portbench.plan\",\"version\":1,\"bench\":\"dmvm\",\"backends\":[],\"cases\":[]}";
    CHECK(pb_plan_read(bare, strlen(bare), "bare", &q, err, sizeof err) == PB_OK);
    CHECK(q.warmup == o.warmup && q.reps == o.reps && q.time_budget == o.time_budget && q.seed == o.seed &&
          q.max_noise == o.max_noise && q.energy_window == o.energy_window && q.cooldown == o.cooldown &&
          isnan(q.start_temp_c) && q.nitems == 0);
    pb_plan_free(&q);
    /* tune's candidate shapes travel in the plan (a kept plan reruns them); none: null */
    pb_plan_settings(&q, &o);
    CHECK(!q.has_tune);
    pb_strlcpy(o.tune, "nvcc:elems=2;clang:elems=4", sizeof o.tune);
    pb_plan_settings(&q, &o);
    CHECK(q.has_tune && strcmp(q.tune, o.tune) == 0);
    o.tune[0] = '\0';
    /* one worker's part: its backends and items only */
    text = plan_text(&p, "pb-omp-clang-19");
    CHECK(pb_plan_read(text, strlen(text), "plan", &q, err, sizeof err) == PB_OK);
    CHECK(q.nbackends == 1 && strcmp(q.backends[0].id, "omp@clang-19") == 0 && q.nitems == 3 && q.ncases == 2);
    pb_plan_free(&q);
    free(text);
    /* refused, one line naming what is wrong */
    text = plan_text(&p, NULL);
    struct {
        const char *from, *to, *expect;
    } bad[] = {
        {"\"version\":\t1", "\"version\":\t2", "plan version 2, this worker reads version 1"},
        {"portbench.plan", "portbench.rows", "not a portbench plan"},
        {"\"9223372036854775807\"", "9223372036854775807", "\"seed\" must be a string of decimal digits"},
        {"\"9223372036854775807\"", "\"18446744073709551616\"", "\"seed\""},
        {"\"bench\":\t\"reduce\"", "\"bench\":\t\"nosuch\"", "unknown benchmark 'nosuch'"},
        {"\"block\":\t64", "\"blocks\":\t64", "reduce has no parameter \"blocks\""},
        {"\"block\":\t64", "\"block\":\t65536", "\"block\" must be an integer"},
        {"\"id\":\t3", "\"id\":\t2", "item id 2 is used twice"},
        {"\"backend\":\t\"omp@clang-19\"", "\"backend\":\t\"omp@clang-99\"", "backend \"omp@clang-99\" is not in"},
        {"\"warmup\":\t3", "\"warmpu\":\t3", "unknown setting \"warmpu\""},
        {"\"clock\":\t\"device\"", "\"clock\":\t\"wall\"", "\"clock\" must be auto, host or device"},
        {"{", "[", "not a JSON object"},
        {"\"cooldown_s\":\t\"auto\"", "\"cooldown_s\":\t\"soon\"", "\"cooldown_s\" must be seconds"},
        {"\"max_noise\":\t0.02", "\"max_noise\":\t2", "\"max_noise\" must be a fraction"},
        {"\"energy_window_s\":\t2.5", "\"energy_window_s\":\t0.01", "\"energy_window_s\" must be seconds"},
        {"\"start_temp_c\":\t41.5", "\"start_temp_c\":\t\"warm\"", "\"start_temp_c\" must be degrees C"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        char *at = strstr(text, bad[i].from);
        CHECK(at != NULL);
        if (!at)
            continue;
        char edited[8192];
        snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, bad[i].to, at + strlen(bad[i].from));
        err[0] = '\0';
        int rc = pb_plan_read(edited, strlen(edited), "p.json", &q, err, sizeof err);
        CHECK(rc == PB_ERR && strstr(err, bad[i].expect) && strncmp(err, "p.json: ", 8) == 0 && !strchr(err, '\n'));
        if (rc != PB_ERR || !strstr(err, bad[i].expect))
            printf("  case %zu: %s\n", i, err);
    }
    free(text);
    pb_plan_free(&p);
}

/* Text of a rows stream: hello, a backend, the rows given (ids 7, 8, ...), end. (Not
 * inlined: gcc 12 then takes a pointer into the text for one to its local variable.) */
static __attribute__((noinline)) char *stream_text(const pb_row *rows, size_t n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_stream_hello h = {"pb-omp-clang-19", "clang-19", "abc123-dirty", "-O3 -fopenmp", "unavailable: no GPU"};
    pb_stream_backend b = {"omp", "clang", "19.1.7", PB_BACKEND_SKIP, "no GPU", "", "", 8, "a detail"};
    pb_stream_end e = {.rows = (long)n, .failed = 1};
    CHECK(pb_stream_write_hello(f, &h) == PB_OK && pb_stream_write_backend(f, &b) == PB_OK);
    for (size_t i = 0; i < n; ++i)
        CHECK(pb_stream_write_row(f, 7 + (long)i, &rows[i]) == PB_OK);
    CHECK(pb_stream_write_end(f, &e) == PB_OK);
    fclose(f);
    return text;
}

/* The rows stream: every record written and read back the same (a row's CSV line and its
 * samples bit for bit, one line each), a torn last line left out, and a damaged line
 * refused with "name:line: why", the records before it kept. */
static void test_stream(void)
{
    pb_row r[2];
    pb_row_init(&r[0]);
    strcpy(r[0].benchmark, "dmvm");
    strcpy(r[0].variant, "v7");
    strcpy(r[0].backend, "omp");
    strcpy(r[0].dtype, "double");
    strcpy(r[0].note, "a \"quoted\", comma\nand a line break");
    r[0].verified = PB_VERIFIED_PASS;
    r[0].offload = PB_OFFLOAD_HOST_FALLBACK;
    r[0].device_clock = PB_DCLOCK_CUDA_EVENTS;
    r[0].throttled = PB_TRI_NO;
    r[0].size = 9007199254740992.0; /* 2^53 */
    r[0].time_median_s = 1.0 / 3;
    r[0].launch_overhead_s = -2.5e-7;
    pb_sample v[3] = {{1e-3 / 3, NAN, 1980}, {2e-3 / 7, 1e-4 / 7, NAN}, {0.5, 0.25, 1755}};
    CHECK(pb_row_set_samples(&r[0], v, 3) == 0);
    /* the shape a best variant ran and where from: facts of the record, not CSV columns */
    strcpy(r[0].shape, "per_sm=4,threads=256,elems=2,rows=2,vector=16");
    r[0].shape_source = PB_SHAPE_TUNE;
    pb_row_init(&r[1]);
    strcpy(r[1].variant, "lib");
    r[1].verified = PB_VERIFIED_SKIP;
    r[1].elems = 1e9 + 1; /* not a column: carried as a key of its own */
    char *text = stream_text(r, 2), err[512] = "";
    CHECK(strstr(text, "\"shape\":\"per_sm=4,threads=256,elems=2,rows=2,vector=16\",\"shape_source\":\"tune\"") &&
          !strstr(strstr(text, "\"shape_source\"") + 1, "\"shape")); /* a row without a shape has neither key */
    size_t lines = 0;
    for (const char *c = text; *c; ++c)
        lines += *c == '\n';
    CHECK(lines == 5); /* one record a line: the note's line break is escaped */
    pb_stream s;
    CHECK(pb_stream_read_text(text, strlen(text), "w.jsonl", &s, err, sizeof err) == 0);
    CHECK(s.has_hello && strcmp(s.hello.worker, "pb-omp-clang-19") == 0 &&
          strcmp(s.hello.device_clock, "unavailable: no GPU") == 0 && strcmp(s.hello.git_sha, "abc123-dirty") == 0);
    CHECK(s.nbackends == 1 && s.backends[0].status == PB_BACKEND_SKIP && strcmp(s.backends[0].why, "no GPU") == 0 &&
          s.backends[0].threads == 8 && strcmp(s.backends[0].compiler_version, "19.1.7") == 0);
    CHECK(s.has_end && s.end.rows == 2 && s.end.failed == 1);
    CHECK(s.rows.n == 2 && s.ids[0] == 7 && s.ids[1] == 8 && s.lines[0] == 3 && s.lines[1] == 4);
    for (size_t i = 0; i < s.rows.n && i < 2; ++i) { /* the same CSV line */
        char *a = NULL, *b = NULL;
        size_t la = 0, lb = 0;
        FILE *fa = open_memstream(&a, &la), *fb = open_memstream(&b, &lb);
        pb_csv_write_row(fa, &r[i]);
        pb_csv_write_row(fb, &s.rows.rows[i]);
        fclose(fa);
        fclose(fb);
        CHECK(strcmp(a, b) == 0);
        free(a);
        free(b);
    }
    const pb_row *g = &s.rows.rows[0];
    CHECK(g->time_median_s == 1.0 / 3 && g->size == 9007199254740992.0 && g->launch_overhead_s == -2.5e-7 &&
          isnan(g->time_min_s) && strcmp(g->note, r[0].note) == 0 && g->offload == PB_OFFLOAD_HOST_FALLBACK);
    CHECK(g->nsamples == 3 && g->samples[0].host_s == v[0].host_s && isnan(g->samples[0].device_s) &&
          g->samples[1].device_s == v[1].device_s && isnan(g->samples[1].sm_clock_mhz) &&
          g->samples[2].sm_clock_mhz == 1755);
    CHECK(s.rows.rows[1].nsamples == 0 && s.rows.rows[1].verified == PB_VERIFIED_SKIP);
    CHECK(isnan(g->elems) && s.rows.rows[1].elems == 1e9 + 1 && !strstr(strstr(text, "\"v7\""), "\"elems\":null"));
    CHECK(strcmp(g->shape, r[0].shape) == 0 && g->shape_source == PB_SHAPE_TUNE);
    CHECK(s.rows.rows[1].shape[0] == '\0' && s.rows.rows[1].shape_source == PB_SHAPE_NONE);
    for (pb_shape_source k = PB_SHAPE_NONE; k <= PB_SHAPE_IGNORED; ++k) { /* every spelling reads back */
        pb_shape_source back = PB_SHAPE_NONE;
        CHECK(pb_shape_source_parse(pb_shape_source_name(k), &back) == 0 && back == k);
    }
    pb_stream_free(&s);
    /* a torn last line (its writer stopped mid-line, or left zeros) is left out, no error */
    size_t cut = strlen(text) - 10;
    CHECK(pb_stream_read_text(text, cut, "w.jsonl", &s, err, sizeof err) == 0 && !s.has_end && s.rows.n == 2);
    pb_stream_free(&s);
    char *zeros = strdup(text);
    memset(zeros + cut, 0, strlen(text) - cut);
    CHECK(pb_stream_read_text(zeros, strlen(text), "w.jsonl", &s, err, sizeof err) == 0 && !s.has_end && s.rows.n == 2);
    pb_stream_free(&s);
    free(zeros);
    /* damaged: refused at its line, the records before it kept */
    struct {
        const char *from, *to, *expect;
        int line;
        size_t rows;
    } bad[] = {
        {"\"version\":1", "\"version\":2", "rows stream version 2, this reader takes version 1", 1, 0},
        {"portbench.rows", "portbench.plan", "not a portbench rows stream", 1, 0},
        {"\"t\":\"hello\"", "\"t\":\"hi\"", "unknown record type \"hi\"", 1, 0},
        {"\"status\":\"skip\"", "\"status\":\"maybe\"", "\"status\" is not ok, skip or error", 2, 0},
        {"\"id\":7", "\"id\":\"7\"", "\"id\" is not an integer >= 0", 3, 0},
        {"\"id\":7", "\"id\":-7", "\"id\" is not an integer >= 0", 3, 0},
        {"\"id\":8,", "", "\"id\" is not an integer >= 0", 4, 1},
        {"\"verified\":\"SKIP\"", "\"verified\":\"MAYBE\"", "column 'verified': unknown value 'MAYBE'", 4, 1},
        {"\"time_median_s\":0.3333333333333333,", "\"time_median_s\":\"fast\",", "column 'time_median_s': not a number",
         3, 0},
        {"\"variant\":\"lib\"", "\"variant\":17", "column 'variant': not a string", 4, 1},
        {"[0.5,0.25,1755]", "[0.5,0.25]", "sample 3 is not [host_s, device_s, sm_clock_mhz]", 3, 0},
        {"\"shape_source\":\"tune\"", "\"shape_source\":\"env\"", "\"shape_source\": unknown value 'env'", 3, 0},
        {"\"shape_source\":\"tune\"", "\"shape_source\":2", "\"shape_source\" is not a string", 3, 0},
        {"\"shape\":\"per_sm", "\"shape\":[\"per_sm\"],\"x\":\"", "\"shape\" is not a string", 3, 0},
        {"{\"t\":\"end\"", "{\"t\":\"end\",", "not a JSON object", 5, 2},
        {"\"rows\":2", "\"rows\":2.5", "\"rows\" is not an integer >= 0", 5, 2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        const char *at = strstr(text, bad[i].from);
        CHECK(at != NULL);
        if (!at) {
            printf("  stream case %zu: '%s' not in the stream\n", i, bad[i].from);
            continue;
        }
        const int off = (int)(at - text);
        char edited[16384], want[64];
        snprintf(edited, sizeof edited, "%.*s%s%s", off, text, bad[i].to, text + off + strlen(bad[i].from));
        snprintf(want, sizeof want, "w.jsonl:%d: ", bad[i].line);
        err[0] = '\0';
        int rc = pb_stream_read_text(edited, strlen(edited), "w.jsonl", &s, err, sizeof err);
        int ok = rc == -1 && strstr(err, bad[i].expect) && strncmp(err, want, strlen(want)) == 0 &&
                 !strchr(err, '\n') && s.rows.n == bad[i].rows;
        CHECK(ok);
        if (!ok)
            printf("  stream case %zu: rc %d, %zu rows: %s\n", i, rc, s.rows.n, err);
        pb_stream_free(&s);
    }
    /* no hello first, a record after end */
    const char *nohello = "{\"t\":\"row\",\"id\":1}\n";
    CHECK(pb_stream_read_text(nohello, strlen(nohello), "x", &s, err, sizeof err) == -1 &&
          strstr(err, "x:1: no \"hello\" record first"));
    pb_stream_free(&s);
    char after[16384];
    snprintf(after, sizeof after, "%s%s", text, "{\"t\":\"end\",\"rows\":0,\"failed\":0}\n");
    CHECK(pb_stream_read_text(after, strlen(after), "x", &s, err, sizeof err) == -1 &&
          strstr(err, "x:6: a record after \"end\""));
    pb_stream_free(&s);
    /* a worker's end record has only rows and failed: the keys of a driver's run are left out when unset */
    CHECK(strstr(text, "{\"t\":\"end\",\"rows\":2,\"failed\":1}\n") != NULL);
    free(text);
    free(r[0].samples);
}

/* The stream of a driver's run (a GPU's of several to the parent, an MPI rank's to rank 0):
 * its rows exactly as they were (samples too), its metadata, and an end record with what
 * the run's log says (run_failed, interrupted, bound); damaged ones refused at their line. */
static void test_stream_run(void)
{
    pb_row r;
    pb_row_init(&r);
    strcpy(r.benchmark, "dmvm");
    strcpy(r.variant, "v1");
    strcpy(r.backend, "omp");
    r.verified = PB_VERIFIED_FAIL;
    r.gbs = 1234.56789012345678; /* beyond the CSV's 10 digits: exact here */
    r.gpu_index = 1;
    pb_sample v[1] = {{1e-3 / 3, 2e-3 / 7, 1980}};
    CHECK(pb_row_set_samples(&r, v, 1) == 0);
    cJSON *meta = cJSON_CreateObject();
    cJSON_AddStringToObject(meta, "host", "node7");
    cJSON_AddNumberToObject(meta, "schema_version", 1);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_stream_hello h = {"portbench", "", "abc123", "", ""};
    pb_stream_end e = {1, 1, 1, 15, "cores 0-7, memory of NUMA node 0"};
    CHECK(pb_stream_write_hello(f, &h) == PB_OK && pb_stream_write_row(f, 0, &r) == PB_OK &&
          pb_stream_write_meta(f, meta) == PB_OK && pb_stream_write_end(f, &e) == PB_OK);
    CHECK(pb_stream_write_meta(f, NULL) == PB_ERR); /* nothing written */
    fclose(f);
    cJSON_Delete(meta); /* the writer kept no reference to it */
    pb_stream s;
    char err[512] = "";
    CHECK(pb_stream_read_text(text, len, "gpu1", &s, err, sizeof err) == 0);
    CHECK(s.has_end && s.end.rows == 1 && s.end.failed == 1 && s.end.run_failed == 1 && s.end.interrupted == 15 &&
          strcmp(s.end.bound, e.bound) == 0);
    CHECK(s.rows.n == 1 && s.rows.rows[0].gbs == r.gbs && s.rows.rows[0].gpu_index == 1 &&
          s.rows.rows[0].nsamples == 1 && s.rows.rows[0].samples[0].device_s == v[0].device_s);
    const cJSON *m = s.meta, *host = cJSON_GetObjectItemCaseSensitive(m, "host");
    CHECK(cJSON_IsObject(m) && cJSON_IsString(host) && strcmp(host->valuestring, "node7") == 0 &&
          cJSON_GetArraySize(m) == 2);
    pb_stream_free(&s);
    CHECK(s.meta == NULL);
    struct {
        const char *from, *to, *expect;
    } bad[] = {
        {"\"interrupted\":15", "\"interrupted\":\"TERM\"", "\"interrupted\" is not an integer >= 0"},
        {"\"interrupted\":15", "\"interrupted\":99", "\"interrupted\" is not a signal number"},
        {"\"run_failed\":true", "\"run_failed\":1", "\"run_failed\" is not true or false"},
        {"\"bound\":\"cores", "\"bound\":[\"cores\"],\"x\":\"", "\"bound\" is not a string"},
        {"\"meta\":{\"host\":\"node7\",", "\"meta\":\"node7\",\"x\":{", "\"meta\" is not an object"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
        const char *at = strstr(text, bad[i].from);
        CHECK(at != NULL);
        if (!at)
            continue;
        char edited[16384];
        snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, bad[i].to, at + strlen(bad[i].from));
        err[0] = '\0';
        int rc = pb_stream_read_text(edited, strlen(edited), "gpu1", &s, err, sizeof err);
        int ok = rc == -1 && strstr(err, bad[i].expect) && strncmp(err, "gpu1:", 5) == 0 && s.rows.n == 1;
        CHECK(ok);
        if (!ok)
            printf("  run stream case %zu: rc %d: %s\n", i, rc, err);
        pb_stream_free(&s);
    }
    /* a second meta record */
    char twice[16384];
    const char *end = strstr(text, "{\"t\":\"end\"");
    CHECK(end != NULL);
    if (end) {
        const char *mline = strstr(text, "{\"t\":\"meta\"");
        snprintf(twice, sizeof twice, "%.*s%.*s%s", (int)(end - text), text, (int)(end - mline), mline, end);
        CHECK(pb_stream_read_text(twice, strlen(twice), "gpu1", &s, err, sizeof err) == -1 &&
              strstr(err, "gpu1:4: a second \"meta\""));
        pb_stream_free(&s);
    }
    free(text);
    free(r.samples);
}

int main(void)
{
    test_topo_slices();
    test_params_shown();
    test_ceilings();
    test_ceilings_patterns();
    test_tuning();
    test_methods();
    test_steps_view();
    test_trace_intervals();
    test_derive();
    test_sizes();
    test_variants_backends();
    test_registry();
    test_options();
    test_case_sets();
    test_stats();
    test_csv();
    test_csv_hostile();
    test_csv_samples();
    test_plan();
    test_stream();
    test_stream_run();
    test_median_noise();
    test_cost_and_check();
    test_gemm_check();
    test_generator();
    test_profiles();
    test_speedup();
    test_progress();
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
