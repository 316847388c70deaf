/* Tests of compare, history, --record and report: the classification rule and the
 * tables in-process, the commands as processes on the fixtures in tests/fixtures.
 *   test_compare GROUP PORTBENCH FIXTURES WORKDIR
 * GROUP: unit, compare, by_compiler, history, record, report. */
#define _GNU_SOURCE
#include "pb_check.h"
#include "pb_common.h"
#include "pb_compare.h"
#include "pb_record.h"
#include "pb_result.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

PB_CHECK_STATE;
static const char *pb, *fixtures, *work;


/* ---- helpers ---- */

static pb_row mkrow(const char *variant, const char *backend, const char *compiler, double t, double rel_sd,
                    const char *verified)
{
    pb_row r;
    pb_row_init(&r);
    pb_strlcpy(r.benchmark, "dmvm", sizeof r.benchmark);
    pb_strlcpy(r.variant, variant, sizeof r.variant);
    pb_strlcpy(r.backend, backend, sizeof r.backend);
    pb_strlcpy(r.compiler, compiler, sizeof r.compiler);
    pb_strlcpy(r.dtype, "double", sizeof r.dtype);
    pb_strlcpy(r.verified, verified, sizeof r.verified);
    pb_strlcpy(r.clock, "host", sizeof r.clock);
    r.size = 4096;
    r.time_median_s = t;
    r.time_stddev_s = t * rel_sd;
    r.gbs = 1e-3 / t;
    return r;
}

/* Run a shell command; its stdout and stderr end up in out (malloc'ed). Returns the
 * exit status, or -1 if it did not exit normally. */
static int run(char **out, const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    strncat(cmd, " 2>&1", sizeof cmd - strlen(cmd) - 1);
    FILE *p = popen(cmd, "r");
    if (!p) {
        *out = strdup("");
        return -1;
    }
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len - 1, p)) > 0) {
        len += got;
        if (cap - len < 1024) {
            char *q = realloc(buf, cap *= 2);
            if (!q)
                break;
            buf = q;
        }
    }
    if (buf)
        buf[len] = '\0';
    int st = pclose(p);
    *out = buf ? buf : strdup("");
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        ++n;
    return n;
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (long)st.st_size : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return strdup("");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = calloc((size_t)n + 1, 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n)
        buf[0] = '\0';
    fclose(f);
    return buf ? buf : strdup("");
}

/* A fresh, empty directory for one test group. */
static void fresh_dir(char *dir, size_t cap, const char *name)
{
    snprintf(dir, cap, "%s/%s", work, name);
    char *out;
    run(&out, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    free(out);
}

/* ---- unit: the rule, the tables, the helpers ---- */

static void test_classify(void)
{
    pb_cmp c;
    pb_row base = mkrow("v1", "cuda", "nvcc", 1e-3, 0.01, "PASS");
    pb_row slow1 = mkrow("v1", "cuda", "nvcc", 1.06e-3, 0.01, "PASS");
    pb_row slow10 = mkrow("v1", "cuda", "nvcc", 1.06e-3, 0.10, "PASS");
    pb_row base10 = mkrow("v1", "cuda", "nvcc", 1e-3, 0.10, "PASS");
    /* 6% slower with 1% spread: noise 2*sqrt(2)*1% = 2.8% < threshold 5%: SLOWER */
    CHECK(pb_classify(&base, &slow1, 0.05, &c) == PB_SLOWER);
    CHECK(fabs(c.ratio - 1.06) < 1e-12 && fabs(c.noise - 2 * sqrt(2) * 0.01) < 1e-12 && c.limit == 0.05);
    /* 6% slower with 10% spread: noise 28% hides it: SAME */
    CHECK(pb_classify(&base10, &slow10, 0.05, &c) == PB_SAME);
    CHECK(c.limit > 0.28);
    /* one noisy run is enough to widen the limit */
    CHECK(pb_classify(&base, &slow10, 0.05, NULL) == PB_SAME);
    /* the same rule the other way round */
    pb_row fast = mkrow("v1", "cuda", "nvcc", 0.8e-3, 0.01, "PASS");
    CHECK(pb_classify(&base, &fast, 0.05, NULL) == PB_FASTER);
    pb_row barely = mkrow("v1", "cuda", "nvcc", 1e-3 / 1.049, 0.0, "PASS");
    CHECK(pb_classify(&base, &barely, 0.05, NULL) == PB_SAME);
    /* the threshold */
    CHECK(pb_classify(&base, &slow1, 0.10, NULL) == PB_SAME);
    CHECK(pb_classify(&base, &slow1, 0.0, NULL) == PB_SLOWER);
    /* a failed row is never FASTER, whichever side failed */
    pb_row fail_fast = mkrow("v1", "cuda", "nvcc", 0.1e-3, 0.0, "FAIL");
    pb_row fail_base = mkrow("v1", "cuda", "nvcc", 10e-3, 0.0, "FAIL");
    CHECK(pb_classify(&base, &fail_fast, 0.05, NULL) == PB_FAILED);
    CHECK(pb_classify(&fail_base, &base, 0.05, NULL) == PB_FAILED);
    CHECK(pb_classify(&fail_base, &fail_fast, 0.05, NULL) == PB_FAILED);
    /* SKIP is never classified; FAIL wins over SKIP */
    pb_row skip = mkrow("v1", "cuda", "nvcc", NAN, NAN, "SKIP");
    CHECK(pb_classify(&base, &skip, 0.05, NULL) == PB_SKIPPED);
    CHECK(pb_classify(&skip, &base, 0.05, NULL) == PB_SKIPPED);
    CHECK(pb_classify(&fail_base, &skip, 0.05, NULL) == PB_FAILED);
    /* a passing row without a time */
    pb_row notime = mkrow("v1", "cuda", "nvcc", NAN, NAN, "PASS");
    CHECK(pb_classify(&base, &notime, 0.05, NULL) == PB_NOTIME);
    /* device clock: the device median is the time compared */
    pb_row dev = slow1;
    pb_strlcpy(dev.clock, "device", sizeof dev.clock);
    dev.device_time_median_s = 0.99e-3;
    CHECK(pb_classify(&base, &dev, 0.05, &c) == PB_SAME && fabs(c.new_s - 0.99e-3) < 1e-15);
    /* spread unknown counts as none */
    pb_row nosd = base;
    nosd.time_stddev_s = NAN;
    CHECK(pb_row_rel_spread(&nosd) == 0);
    /* a device-clock row is judged by the spread of the device times, not the host's */
    pb_row devsd = base;
    pb_strlcpy(devsd.clock, "device", sizeof devsd.clock);
    devsd.time_median_s = 2e-3;
    devsd.time_stddev_s = 1e-3; /* one slow host repetition */
    devsd.device_time_median_s = 1e-3;
    devsd.device_time_stddev_s = 1e-5;
    CHECK(fabs(pb_row_rel_spread(&devsd) - 0.01) < 1e-12);
    CHECK(strcmp(pb_verdict_name(PB_SLOWER), "SLOWER") == 0 && strcmp(pb_verdict_name(PB_FAILED), "FAIL") == 0);
}

static void test_threshold(void)
{
    double t;
    char err[256];
    CHECK(pb_parse_threshold("5%", &t, err, sizeof err) == 0 && fabs(t - 0.05) < 1e-15);
    CHECK(pb_parse_threshold("0.05", &t, err, sizeof err) == 0 && fabs(t - 0.05) < 1e-15);
    CHECK(pb_parse_threshold("2.5%", &t, err, sizeof err) == 0 && fabs(t - 0.025) < 1e-15);
    CHECK(pb_parse_threshold("0", &t, err, sizeof err) == 0 && t == 0);
    CHECK(pb_parse_threshold("5", &t, err, sizeof err) != 0 && strstr(err, "5%"));
    CHECK(pb_parse_threshold("-1%", &t, err, sizeof err) != 0);
    CHECK(pb_parse_threshold("100%", &t, err, sizeof err) != 0);
    CHECK(pb_parse_threshold("five", &t, err, sizeof err) != 0 && strstr(err, "--threshold"));
    CHECK(pb_parse_threshold("5%%", &t, err, sizeof err) != 0);
}

static void test_matching(void)
{
    pb_row a = mkrow("v1", "omp", "clang", 1e-3, 0, "PASS"), b = a;
    CHECK(pb_row_same_key(&a, &b));
    b.time_median_s = 2; /* measurements do not matter */
    pb_strlcpy(b.compiler_version, "20", sizeof b.compiler_version);
    CHECK(pb_row_same_key(&a, &b));
    static const char *const fields[] = {"variant", "backend", "compiler", "dtype", "size", "params", "benchmark"};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; ++i) {
        pb_row c = a;
        pb_row_set(&c, fields[i], strcmp(fields[i], "size") == 0 ? "4097" : "other");
        CHECK(!pb_row_same_key(&a, &c));
    }
    char key[256];
    pb_strlcpy(a.params, "stride=2", sizeof a.params);
    pb_row_key_str(&a, key, sizeof key);
    CHECK(strcmp(key, "dmvm v1 omp(clang) double 4096 stride=2") == 0);
    CHECK(pb_natural_cmp("k2", "k10") < 0 && pb_natural_cmp("run_10", "run_2") > 0 && pb_natural_cmp("v1", "v1") == 0);
}

static void test_tables(void)
{
    pb_tab t;
    CHECK(pb_tab_init(&t, 3) == 0);
    pb_tab_put(&t, "name");
    pb_tab_put(&t, "time");
    pb_tab_put(&t, "note");
    pb_tab_put(&t, "a|b");
    pb_tab_put(&t, "1.5 ms");
    pb_tab_put(&t, "x, \"y\"");
    pb_tab_put(&t, "c");
    pb_tab_put(&t, "12.25 ms");
    pb_tab_put(&t, "%s", "");
    CHECK(pb_tab_nrows(&t) == 2);
    char *buf;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    pb_tab_print(f, &t, PB_FMT_MD);
    pb_tab_print(f, &t, PB_FMT_CSV);
    pb_tab_print(f, &t, PB_FMT_TEXT);
    fclose(f);
    CHECK(strstr(buf, "| name | time | note |\n|---|---:|---|\n") != NULL); /* numbers right-aligned */
    CHECK(strstr(buf, "| a\\|b |") != NULL);                                /* | escaped in markdown */
    CHECK(strstr(buf, "a|b,1.5 ms,\"x, \"\"y\"\"\"\n") != NULL);            /* RFC 4180 quoting */
    CHECK(strstr(buf, "c,12.25 ms,\n") != NULL);                             /* CSV keeps empty cells */
    CHECK(strstr(buf, "name      time  note\n") != NULL);                    /* aligned text */
    CHECK(strstr(buf, "c     12.25 ms  -\n") != NULL);                       /* empty text cell: '-' */
    free(buf);
    pb_tab_hide_empty(&t);
    CHECK(!t.hidden[0] && !t.hidden[1] && !t.hidden[2]);
    pb_tab_free(&t);
    char x[32];
    CHECK(strcmp(pb_fmt_time(1.5e-3, PB_FMT_TEXT, x, sizeof x), "1.500 ms") == 0);
    CHECK(strcmp(pb_fmt_time(2.5e-5, PB_FMT_TEXT, x, sizeof x), "25.00 us") == 0);
    CHECK(strcmp(pb_fmt_time(NAN, PB_FMT_TEXT, x, sizeof x), "-") == 0);
    CHECK(strcmp(pb_fmt_time(NAN, PB_FMT_CSV, x, sizeof x), "") == 0);
}

static void test_label(void)
{
    pb_rowset s = {0};
    char label[64];
    pb_row r = mkrow("v1", "cuda", "nvcc", 1e-3, 0, "PASS");
    pb_rowset_push(&s, &r);
    pb_record_label("dmvm", &s, label, sizeof label);
    CHECK(strcmp(label, "double_nx4096") == 0);
    static const double sizes[] = {1024, 2048, 8192, 16384};
    for (int i = 0; i < 4; ++i) {
        r.size = sizes[i];
        pb_strlcpy(r.dtype, i % 2 ? "float" : "double", sizeof r.dtype);
        pb_rowset_push(&s, &r);
    }
    pb_record_label("dmvm", &s, label, sizeof label);
    CHECK(strcmp(label, "double-float_nx1024-16384_5pts") == 0);
    pb_rowset_free(&s);
    pb_record_label("dmvm", &s, label, sizeof label);
    CHECK(strcmp(label, "run") == 0);
}

static void test_record_options(void)
{
    char *argv[] = {"--nx", "33", "--record=/tmp", "--label", "a b/c", "--quiet", NULL};
    char *kept[8], err[512];
    int n;
    pb_record_opts rec;
    CHECK(pb_record_take_options(6, argv, kept, &n, &rec, err, sizeof err) == 0);
    CHECK(n == 3 && strcmp(kept[0], "--nx") == 0 && strcmp(kept[2], "--quiet") == 0 && kept[3] == NULL);
    CHECK(rec.on && strcmp(rec.dir, "/tmp") == 0 && strcmp(rec.label, "a-b-c") == 0);
    char *plain[] = {"--record", NULL};
    CHECK(pb_record_take_options(1, plain, kept, &n, &rec, err, sizeof err) == 0 && n == 0);
    CHECK(strcmp(rec.dir, PB_RECORD_DEFAULT_DIR) == 0);
    char *label_only[] = {"--label=x", NULL};
    CHECK(pb_record_take_options(1, label_only, kept, &n, &rec, err, sizeof err) != 0 && strstr(err, "--record"));
    char *empty[] = {"--record=", NULL};
    CHECK(pb_record_take_options(1, empty, kept, &n, &rec, err, sizeof err) != 0);
    char *file[] = {"--record=/dev/null/x", NULL};
    CHECK(pb_record_take_options(1, file, kept, &n, &rec, err, sizeof err) != 0 && strstr(err, "not a directory"));
}

/* ---- compare as a process ---- */

static void test_compare_cli(void)
{
    char *out;
    /* regression: v1 6% slower with 1% spread; v3 fails in NEW (never FASTER) */
    CHECK(run(&out, "cd '%s' && '%s' compare compare_base.csv compare_slow.csv", fixtures, pb) == 1);
    CHECK(strstr(out, "1 SLOWER, 1 FASTER, 3 SAME, 2 FAIL, 1 SKIP; 1 only in base, 1 only in new") != NULL);
    CHECK(strstr(out, "only in compare_base.csv (1):\n  dmvm v6 omp(clang) double 4096 (PASS)") != NULL);
    CHECK(strstr(out, "only in compare_slow.csv (1):\n  dmvm v7 omp(gcc) double 4096 (PASS)") != NULL);
    free(out);
    /* CSV: one row per key, status per row, unmatched rows included */
    CHECK(run(&out, "cd '%s' && '%s' compare --csv compare_base.csv compare_slow.csv", fixtures, pb) == 1);
    CHECK(strncmp(out, "benchmark,variant,backend,compiler,dtype,size,params,base_s,new_s,ratio,noise,status,note\n",
                  90) == 0);
    CHECK(strstr(out, "dmvm,v1,cuda,nvcc,double,4096,,0.001,0.00106,1.06,0.0282843,SLOWER,\n") != NULL);
    CHECK(strstr(out, "dmvm,v2,cuda,nvcc,double,4096,,0.001,0.00106,1.06,0.282843,SAME,\n") != NULL);
    CHECK(strstr(out, ",v3,cuda,nvcc,double,4096,,0.001,,,,FAIL,FAIL in new\n") != NULL); /* no time for a wrong result */
    CHECK(strstr(out, ",v4,cuda,nvcc,double,4096,,0.001,0.0008,0.8,0.0320156,FASTER,\n") != NULL);
    CHECK(strstr(out, ",v8,cuda,nvcc,double,4096,,,0.0005,,,FAIL,FAIL in base\n") != NULL);
    CHECK(strstr(out, ",v5,omp,clang,double,4096,,0.002,,,,SKIP,SKIP in new\n") != NULL);
    CHECK(strstr(out, ",v6,omp,clang,double,4096,,0.002,,,,ONLY-BASE,PASS\n") != NULL);
    CHECK(strstr(out, ",v7,omp,gcc,double,4096,,,0.003,,,ONLY-NEW,PASS\n") != NULL);
    CHECK(count(out, "\n") == 1 + 10);
    free(out);
    /* no regression: FASTER and SAME rows, a FAIL only in BASE, rows matched by params
     * although the file lists them in the other order */
    CHECK(run(&out, "cd '%s' && '%s' compare compare_base.csv compare_ok.csv --md", fixtures, pb) == 0);
    CHECK(strstr(out, "| micro | read | cuda | nvcc | float | 1048576 | stride=2 | 200.0 us | 200.0 us | 1.000 |") != NULL);
    CHECK(strstr(out, "| SAME | clang 19.1.7 -> 19.1.8 |") != NULL); /* why it may have changed */
    CHECK(strstr(out, "| FAIL | FAIL in base |") != NULL);
    CHECK(strstr(out, "0 SLOWER, 1 FASTER, 6 SAME, 1 FAIL") != NULL);
    free(out);
    /* a row that newly fails is a regression even if nothing is slower */
    CHECK(run(&out, "cd '%s' && '%s' compare --threshold=10%% compare_base.csv compare_newfail.csv", fixtures, pb) == 1);
    CHECK(strstr(out, "0 SLOWER") != NULL && strstr(out, "FAIL in new") != NULL);
    free(out);
    /* the threshold moves the line: 6%% is SAME below 10%% */
    CHECK(run(&out, "cd '%s' && '%s' compare --threshold 0.1 --csv compare_base.csv compare_slow.csv", fixtures, pb) == 1);
    CHECK(strstr(out, "dmvm,v1,cuda,nvcc,double,4096,,0.001,0.00106,1.06,0.0282843,SAME,\n") != NULL);
    free(out);
    /* malformed input: one line naming the file and the line, exit 2 */
    CHECK(run(&out, "cd '%s' && '%s' compare compare_base.csv malformed.csv", fixtures, pb) == 2);
    CHECK(strcmp(out, "portbench: malformed.csv:3: column 'time_median_s': 'fast' is not a number\n") == 0);
    free(out);
    CHECK(run(&out, "'%s' compare '%s/compare_base.csv' /nonexistent.csv", pb, fixtures) == 2);
    CHECK(strstr(out, "/nonexistent.csv: cannot open") != NULL && count(out, "\n") == 1);
    free(out);
    /* usage errors */
    CHECK(run(&out, "'%s' compare '%s/compare_base.csv'", pb, fixtures) == 2 && strstr(out, "two files"));
    free(out);
    CHECK(run(&out, "'%s' compare --threshold 5 a.csv b.csv", pb) == 2 && strstr(out, "ambiguous"));
    free(out);
    CHECK(run(&out, "'%s' compare --frob a.csv b.csv", pb) == 2 && strstr(out, "unknown option '--frob'"));
    free(out);
    CHECK(run(&out, "'%s' compare --by variant a.csv", pb) == 2 && strstr(out, "only 'compiler'"));
    free(out);
    CHECK(run(&out, "'%s' compare --threshold", pb) == 2 && strstr(out, "needs a value"));
    free(out);
    CHECK(run(&out, "'%s' help compare", pb) == 0 && strstr(out, "noise rule"));
    free(out);
}

/* ---- compare --by compiler ---- */

static void test_by_compiler(void)
{
    char *out;
    CHECK(run(&out, "cd '%s' && '%s' compare --by compiler --csv by_compiler.csv", fixtures, pb) == 0);
    CHECK(strstr(out, "benchmark,variant,dtype,size,params,clang_time_s,clang_gbs,clang_status,gcc_time_s,gcc_gbs,"
                      "gcc_status,nvc_time_s,nvc_gbs,nvc_status,gcc_over_clang,nvc_over_clang,fastest,cuda_time_s,"
                      "cuda_gbs,cuda_status,clang_over_cuda,gcc_over_cuda,nvc_over_cuda\n") == out);
    /* gcc 4x slower than clang; nvc within the noise of clang: a tie */
    CHECK(strstr(out, "dmvm,v1,double,4096,,0.002,67.1416,PASS,0.008,16.7854,PASS,0.00202,66.4769,PASS,4,1.01,"
                      "\"tie: clang, nvc\",0.001,134.283,PASS,2,8,2.02\n") != NULL);
    /* a failed gcc row has no time and no ratio; one passing compiler has no "fastest" */
    CHECK(strstr(out, "dmvm,v5,double,4096,,0.0006,223.805,PASS,,,FAIL,,,,,,,0.0005,268.567,PASS,1.2,,\n") !=
          NULL);
    /* no CUDA row: the reference stays empty */
    CHECK(strstr(out, "dmvm,v7,double,4096,,0.0004,335.708,PASS,0.00041,327.52,PASS,,,,1.025,,\"tie: clang, gcc\","
                      ",,,,,\n") != NULL);
    CHECK(count(out, "\n") == 4); /* library rows are not OpenMP rows */
    free(out);
    CHECK(run(&out, "cd '%s' && '%s' compare --by compiler --md by_compiler.csv", fixtures, pb) == 0);
    CHECK(strstr(out, "| benchmark | variant | dtype | size | clang time | clang GB/s | gcc time |") != NULL);
    CHECK(strstr(out, "| dmvm | v5 | double | 4096 | 600.0 us | 223.8 | FAIL | FAIL |") != NULL);
    free(out);
    CHECK(run(&out, "cd '%s' && '%s' compare --by compiler by_compiler.csv", fixtures, pb) == 0);
    CHECK(strstr(out, "gcc/clang") != NULL && strstr(out, "clang/cuda") != NULL);
    free(out);
    CHECK(run(&out, "cd '%s' && '%s' compare --by compiler malformed.csv", fixtures, pb) == 2 && strstr(out, "malformed.csv:3:"));
    free(out);
}

/* ---- history on a fixture tree ---- */

static void test_history(void)
{
    char *out;
    /* v7 omp(clang) regressed in the latest run (2.01 ms -> 2.4 ms, compiler 19.1.8): exit 1 */
    CHECK(run(&out, "cd '%s' && '%s' history --results history dmvm", fixtures, pb) == 1);
    CHECK(strstr(out, "dmvm v7 omp(clang) double 4096  [h200]") != NULL);
    CHECK(strstr(out, "dmvm v1 cuda double 4096  [a100]") != NULL); /* GPUs are kept apart */
    CHECK(count(out, "REGRESSED") == 2);                             /* v1 in February, v7 in March */
    CHECK(strstr(out, "3 configuration(s) over 4 run(s); 1 regressed or failed in their latest run:\n"
                      "  dmvm v7 omp(clang) double 4096 [h200]\n") != NULL);
    CHECK(strstr(out, "nvidia-smi") == NULL); /* other CSVs in a run directory are not results */
    free(out);
    /* in time order; v1 regressed in the middle run but recovered: exit 0 */
    CHECK(run(&out, "cd '%s' && '%s' history --results=history --gpu h200 dmvm --variant v1 --csv", fixtures, pb) == 0);
    CHECK(strstr(out, "gpu,benchmark,variant,backend,compiler,dtype,size,params,run,timestamp,git_sha,compiler_version,"
                      "time_s,gbs,ratio_vs_prev,noise,status\n") == out);
    const char *jan = strstr(out, "20260101T000000Z_double_nx4096,2026-01-01T00:00:05Z,1111111,13.0.88,0.001,");
    const char *feb = strstr(out, "20260201T000000Z_double_nx4096,2026-02-01T00:00:05Z,2222222,13.0.88,0.0011,");
    const char *mar = strstr(out, "20260301T000000Z_double_nx4096,2026-03-01T00:00:05Z,3333333,13.0.88,0.001,");
    CHECK(jan && feb && mar && jan < feb && feb < mar);
    CHECK(jan && strstr(jan, ",first\n") == strchr(jan, '\n') - 6);
    CHECK(feb && strstr(feb, "REGRESSED\n") == strchr(feb, '\n') - 9);
    CHECK(mar && strstr(mar, "FASTER\n") == strchr(mar, '\n') - 6);
    CHECK(count(out, "\n") == 4);
    free(out);
    CHECK(run(&out, "cd '%s' && '%s' history --results history --compiler clang --threshold 25%% dmvm", fixtures, pb) == 0);
    CHECK(count(out, "REGRESSED") == 0); /* 19% is within 25% */
    free(out);
    CHECK(run(&out, "cd '%s' && '%s' history --results history --gpu a100 --md dmvm", fixtures, pb) == 0);
    CHECK(strstr(out, "#### dmvm v1 cuda double 4096 (a100)") != NULL && strstr(out, "| first |") != NULL);
    free(out);
    /* errors */
    CHECK(run(&out, "cd '%s' && '%s' history --results history reduce", fixtures, pb) == 2 && strstr(out, "no recorded runs"));
    free(out);
    CHECK(run(&out, "cd '%s' && '%s' history --results history dmvm --dtype half", fixtures, pb) == 2 &&
          strstr(out, "match the filters"));
    free(out);
    CHECK(run(&out, "'%s' history --results /nonexistent dmvm", pb) == 2 && strstr(out, "/nonexistent"));
    free(out);
    CHECK(run(&out, "'%s' history", pb) == 2 && strstr(out, "needs a benchmark"));
    free(out);
    CHECK(run(&out, "'%s' history dmvm --size", pb) == 2 && strstr(out, "--size needs a value"));
    free(out);
}

/* ---- --record ---- */

static int list_runs(const char *dir, char names[][256], int max)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && n < max)
            pb_strlcpy(names[n++], e->d_name, 256);
    if (d)
        closedir(d);
    return n;
}

static void test_record(void)
{
    char dir[1024], *out;
    fresh_dir(dir, sizeof dir, "record");
    for (int i = 0; i < 2; ++i) { /* the same second, the same label: a second directory */
        CHECK(run(&out, "'%s' dmvm --backend cpu --no-baselines --nx 33 --reps 1 --quiet --record='%s/results'", pb,
                  dir) == 0);
        free(out);
    }
    CHECK(run(&out, "cd '%s' && '%s' dmvm --backend cpu --no-baselines --nx 33 --reps 1 --quiet --record --label nightly",
              dir, pb) == 0);
    free(out);
    /* one GPU directory (nogpu here; the GPU profile on a GPU host) */
    char gpus[4][256], bench[8192], runs[8][256];
    CHECK(list_runs(dir, gpus, 4) == 1 && strcmp(gpus[0], "results") == 0);
    snprintf(bench, sizeof bench, "%s/results", dir);
    CHECK(list_runs(bench, gpus, 4) == 1);
    snprintf(bench, sizeof bench, "%s/results/%s/dmvm", dir, gpus[0]);
    int n = list_runs(bench, runs, 8);
    CHECK(n == 3);
    int unlabelled[2], nu = 0, labelled = 0;
    for (int i = 0; i < n; ++i) {
        size_t len = strlen(runs[i]);
        CHECK(len > 17 && runs[i][8] == 'T' && runs[i][15] == 'Z' && runs[i][16] == '_');
        if (strstr(runs[i], "_nightly"))
            ++labelled;
        else if (strstr(runs[i], "_double_nx33") && nu < 2)
            unlabelled[nu++] = i;
        static const char *const files[] = {"results.csv", "results.csv.meta.json", "table.txt", "command.txt"};
        for (int f = 0; f < 4; ++f) {
            char p[16384];
            snprintf(p, sizeof p, "%s/%s/%s", bench, runs[i], files[f]);
            CHECK(file_size(p) > 0);
        }
        char p[16384];
        snprintf(p, sizeof p, "%s/%s/command.txt", bench, runs[i]);
        char *cmd = slurp(p);
        CHECK(strstr(cmd, "dmvm --backend cpu --no-baselines --nx 33 --reps 1 --quiet --record") != NULL);
        free(cmd);
        snprintf(p, sizeof p, "%s/%s/table.txt", bench, runs[i]);
        char *table = slurp(p);
        CHECK(strstr(table, "dmvm  double  nx=33") != NULL && strstr(table, "1 rows: 1 passed, 0 failed, 0 skipped"));
        free(table);
        snprintf(p, sizeof p, "%s/%s/results.csv.meta.json", bench, runs[i]);
        char *meta = slurp(p);
        CHECK(strstr(meta, "\"command_line\"") != NULL && strstr(meta, "--record") != NULL);
        free(meta);
    }
    CHECK(labelled == 1 && nu == 2);
    /* two runs in the same second: the second got a suffix instead of overwriting */
    if (nu == 2 && strncmp(runs[unlabelled[0]], runs[unlabelled[1]], 16) == 0) {
        const char *a = runs[unlabelled[0]], *b = runs[unlabelled[1]];
        CHECK(strcmp(a + strlen(a) - 2, "_2") == 0 || strcmp(b + strlen(b) - 2, "_2") == 0);
    }
    /* the recorded runs feed history */
    CHECK(run(&out, "'%s' history --results '%s/results' dmvm", pb, dir) == 0 || strstr(out, "REGRESSED"));
    CHECK(strstr(out, "over 3 run(s)") != NULL);
    free(out);
    /* --csv still works next to --record */
    CHECK(run(&out, "cd '%s' && '%s' dmvm --backend cpu --no-baselines --nx 33 --reps 1 --quiet --csv out.csv "
                    "--record=rec2 && test -s out.csv && test -s out.csv.meta.json && ls rec2/*/dmvm/*/results.csv",
              dir, pb) == 0);
    free(out);
    /* in-process: runs recorded in a row never share a directory */
    pb_rowset rows = {0};
    pb_row r = mkrow("v1", "cuda", "nvcc", 1e-3, 0.01, "PASS");
    pb_rowset_push(&rows, &r);
    pb_record_opts rec = {1, "", "lbl"};
    snprintf(rec.dir, sizeof rec.dir, "%s/inproc", dir);
    char made[3][4096], err[512];
    char *args[] = {"portbench", "dmvm", "--label", "it's", NULL};
    for (int i = 0; i < 3; ++i)
        CHECK(pb_record_run(&rec, "NVIDIA H200 (test)", "dmvm", &rows, 4, args, made[i], sizeof made[i], err,
                            sizeof err) == 0);
    CHECK(strcmp(made[0], made[1]) != 0 && strcmp(made[1], made[2]) != 0 && strcmp(made[0], made[2]) != 0);
    CHECK(strstr(made[0], "/inproc/nvidia-h200-test/dmvm/") != NULL && strstr(made[0], "Z_lbl") != NULL);
    if (strncmp(strrchr(made[0], '/'), strrchr(made[2], '/'), 17) == 0) /* same second */
        CHECK(strcmp(made[2] + strlen(made[2]) - 6, "_lbl_3") == 0);
    snprintf(bench, sizeof bench, "%s/command.txt", made[0]);
    char *cmd = slurp(bench);
    CHECK(strcmp(cmd, "portbench dmvm --label 'it'\\''s'\n") == 0); /* re-runnable by a shell */
    free(cmd);
    CHECK(pb_record_run(&rec, NULL, "dmvm", &rows, 4, args, made[0], sizeof made[0], err, sizeof err) == 0 &&
          strstr(made[0], "/inproc/nogpu/dmvm/"));
    pb_rowset_free(&rows);
    /* errors before anything runs */
    CHECK(run(&out, "'%s' dmvm --backend cpu --label x", pb) == 2 && strstr(out, "--record"));
    free(out);
    CHECK(run(&out, "'%s' dmvm --backend cpu --record=/dev/null/x", pb) == 2 && strstr(out, "not a directory"));
    free(out);
    CHECK(run(&out, "'%s' dmvm --help", pb) == 0 && strstr(out, "--record[=DIR]"));
    free(out);
}

/* ---- report ---- */

static int have_gnuplot(void)
{
    char *out;
    int rc = run(&out, "command -v gnuplot");
    free(out);
    return rc == 0;
}

/* Parameter sweeps (report_sweep.csv: real H200 rows): stream-strided over stride_read
 * and stride_write at three sizes with one wrong result, fma-strided over stride at
 * one size. Each varying parameter is one family with one line per value. */
static void test_report_sweeps(const char *dir)
{
    char *out, p[8192];
    CHECK(run(&out, "'%s' report '%s/report_sweep.csv' -o '%s/sweep'", pb, fixtures, dir) == 0);
    CHECK(strstr(out, "and 3 plot(s)") != NULL);
    free(out);
    snprintf(p, sizeof p, "%s/sweep/report.md", dir);
    char *md = slurp(p);
    CHECK(strstr(md, "## stream-strided double: stride_read sweep (stride_write=1)") != NULL);
    CHECK(strstr(md, "## stream-strided double: stride_write sweep (stride_read=1)") != NULL);
    CHECK(strstr(md, "## stream-strided double stride_read") == NULL); /* no family per value */
    /* value per stride and backend at the largest size, % of the measured ceiling */
    CHECK(strstr(md, "| 4 | 2314.7 (60%) | **FAIL** | 82.9 |") != NULL);
    CHECK(count(md, "| 1 | 4639.7 (120%) | 3603.4 (93%) | 284.9 |") == 2); /* stride 1 is in both sweeps */
    CHECK(strstr(md, "## FAILED verification: 1 row(s)") != NULL);
    /* FLOP-bound: GFLOP/s everywhere, also in the compiler table */
    CHECK(strstr(md, "GFLOP/s per stride and backend") != NULL && strstr(md, "| 8 | 3926.2 (8.7%) | 5601.9 (12%) |"));
    CHECK(strstr(md, "| clang time | clang GFLOP/s |") != NULL);
    free(md);
    /* over size: one panel per backend, one line per stride; the wrong row in no plot */
    snprintf(p, sizeof p, "%s/sweep/stream-strided_double_stride_read_sweep_stride_write_1_size.gp", dir);
    char *gp = slurp(p);
    CHECK(strstr(gp, "set multiplot layout 1,3") != NULL && strstr(gp, "title 'stride_read'") != NULL);
    CHECK(strstr(gp, "set ylabel 'bandwidth [GB/s] (log scale)'") != NULL && strstr(gp, "set logscale x 2") != NULL);
    CHECK(strstr(gp, "1234.5") == NULL && strstr(gp, "h200 peak 4800 (dashed)") != NULL);
    free(gp);
    /* one size: the rate over the stride, one line per backend */
    snprintf(p, sizeof p, "%s/sweep/fma-strided_float_stride_sweep_chain_1024_values.gp", dir);
    gp = slurp(p);
    CHECK(strstr(gp, "set ylabel 'FLOP rate [GFLOP/s]'") != NULL && strstr(gp, "set xlabel 'stride (log scale)'"));
    CHECK(strstr(gp, "'8' 8") != NULL && strstr(gp, "\n8 5601.9\n") != NULL);
    free(gp);
}

static void test_report(void)
{
    char dir[1024], *out;
    fresh_dir(dir, sizeof dir, "report");
    /* without gnuplot: one clear line, exit 2 */
    CHECK(run(&out, "PORTBENCH_GNUPLOT=/nonexistent/gnuplot '%s' report '%s/report.csv' -o '%s/none'", pb, fixtures,
              dir) == 2);
    CHECK(strstr(out, "gnuplot not found") != NULL && strstr(out, "gnuplot-nox") != NULL && count(out, "\n") == 1);
    free(out);
    CHECK(run(&out, "'%s' report '%s/malformed.csv' -o '%s/bad'", pb, fixtures, dir) == 2 && strstr(out, "malformed.csv:3:"));
    free(out);
    CHECK(run(&out, "'%s' report '%s/report.csv'", pb, fixtures) == 2 && strstr(out, "-o DIR"));
    free(out);
    if (!have_gnuplot()) {
        printf("SKIPPED the report images: gnuplot is not installed (apt-get install gnuplot-nox; "
               "scripts/setup.sh installs it)\n");
        return;
    }
    CHECK(run(&out, "'%s' report '%s/report.csv' -o '%s/r'", pb, fixtures, dir) == 0);
    CHECK(strstr(out, "and 6 plot(s)") != NULL);
    free(out);
    char p[8192];
    snprintf(p, sizeof p, "%s/r/report.md", dir);
    CHECK(file_size(p) > 0);
    char *md = slurp(p);
    /* every image the report links exists and is not empty */
    int images = 0;
    for (const char *s = md; (s = strstr(s, "](")) != NULL; s += 2) {
        const char *end = strchr(s, ')');
        if (!end)
            break;
        char img[512];
        snprintf(img, sizeof img, "%.*s", (int)(end - s - 2), s + 2);
        snprintf(p, sizeof p, "%s/r/%s", dir, img);
        CHECK(strstr(img, ".svg") && file_size(p) > 1000);
        ++images;
    }
    CHECK(images == 6);
    /* the generic families, failures first and never as results, the reduce ladder */
    CHECK(strstr(md, "## FAILED verification: 2 row(s)") < strstr(md, "## dmvm double"));
    CHECK(strstr(md, "## stream double stride=2") != NULL); /* a benchmark portbench does not know */
    CHECK(strstr(md, "| v5 | omp | gcc | - | - | - | - | - | **FAIL** |") != NULL);
    CHECK(strstr(md, "Speedup ladder, cuda, n = 16777216") != NULL);
    CHECK(strstr(md, "| k4 | 267.1 us | 251.3 | 1.60x | 3.74x | PASS |") != NULL);
    CHECK(strstr(md, "| k5 | - | - | - | - | **FAIL** |") != NULL);
    CHECK(strstr(md, "| k6 | 231.2 us | 290.2 | 1.16x | 4.32x | PASS |") != NULL); /* vs k4: k5 failed */
    CHECK(strstr(md, "% meas. BW") != NULL && strstr(md, "% peak BW") != NULL);
    CHECK(strstr(md, "## OpenMP compilers side by side") != NULL);
    CHECK(strstr(md, "omp(gcc): 1 row(s): backend not built") != NULL);
    free(md);
    /* the failed row's value is in no plot */
    snprintf(p, sizeof p, "%s/r/dmvm_double_bars.gp", dir);
    char *gp = slurp(p);
    CHECK(strstr(gp, "set label 'FAIL'") != NULL && strstr(gp, "\"v5\" 268.567 223.805 NaN ") != NULL);
    free(gp);
    /* PNG works too */
    CHECK(run(&out, "'%s' report '%s/report.csv' -o '%s/png' --format png && test -s '%s/png/dmvm_double_bars.png'",
              pb, fixtures, dir, dir) == 0);
    free(out);
    test_report_sweeps(dir);
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: test_compare GROUP PORTBENCH FIXTURES WORKDIR\n");
        return 2;
    }
    pb = argv[2];
    fixtures = argv[3];
    work = argv[4];
    static const struct {
        const char *name;
        void (*fn)(void);
    } groups[] = {{"unit", NULL},         {"compare", test_compare_cli}, {"by_compiler", test_by_compiler},
                  {"history", test_history}, {"record", test_record},   {"report", test_report}};
    int found = 0;
    for (size_t g = 0; g < sizeof groups / sizeof *groups; ++g) {
        if (strcmp(argv[1], groups[g].name) != 0)
            continue;
        found = 1;
        if (groups[g].fn) {
            groups[g].fn();
        } else {
            test_classify();
            test_threshold();
            test_matching();
            test_tables();
            test_label();
            test_record_options();
        }
    }
    if (!found) {
        fprintf(stderr, "unknown group '%s'\n", argv[1]);
        return 2;
    }
    printf("%s: %d checks, %d failed\n", argv[1], checks, failures);
    return failures ? 1 : 0;
}
