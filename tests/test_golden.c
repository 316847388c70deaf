/* The committed results keep their meaning (a golden test, label `golden`):
 *   test_golden SOURCE_DIR SNAPSHOT WORKDIR
 * Every row CSV under results/ that git tracks (a header of result columns only; summary and
 * comparison CSVs are not row CSVs) is read with pb_csv_read, written back with
 * pb_csv_write_header/pb_csv_write_row and read again: the same rows; and where its header
 * is today's, the same bytes as the committed file. SNAPSHOT (tests/golden/results_csv.txt)
 * lists every CSV: for a row CSV its rows, columns, header, the lines that differ when written
 * back (two files today: a rounded rate that reads back as a whole number is written as one)
 * and a digest of the values the reader gives each column the file has, so that a reader that
 * changes what an older file means fails too. GOLDEN_UPDATE=1 writes SNAPSHOT instead of
 * comparing (then review the diff). Exit 77 (skipped) where the source is not a git checkout. */
#define _GNU_SOURCE
#include "pb_check.h"
#include "pb_result.h"
#include "pb_sha256.h"
#include "pb_testproc.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

PB_CHECK_STATE;

/* The header's names, split at commas (result headers hold no quoted names): their column
 * numbers in order, and which columns are present. Returns the count, or -1 when a name is
 * not a result column: not a row CSV. */
static int header_columns(const char *text, int order[], int present[])
{
    size_t ncol = pb_csv_ncolumns();
    for (size_t i = 0; i < ncol; ++i)
        present[i] = 0;
    size_t len = strcspn(text, "\r\n");
    int n = 0;
    for (size_t p = 0; p <= len;) {
        size_t q = p;
        while (q < len && text[q] != ',')
            ++q;
        size_t i = 0;
        while (i < ncol && !(strlen(pb_csv_column_name(i)) == q - p && !memcmp(text + p, pb_csv_column_name(i), q - p)))
            ++i;
        if (i == ncol || present[i])
            return -1;
        present[i] = 1;
        order[n++] = (int)i;
        p = q + 1;
    }
    return present[0] ? n : -1; /* benchmark is the first column */
}

static int same_number(double a, double b)
{
    return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

/* Rows a and b equal in every column; the first difference in why. */
static int same_rows(const pb_rowset *a, const pb_rowset *b, char *why, size_t cap)
{
    if (a->n != b->n) {
        snprintf(why, cap, "%zu rows, %zu after the round trip", a->n, b->n);
        return 0;
    }
    for (size_t r = 0; r < a->n; ++r)
        for (size_t i = 0; i < pb_csv_ncolumns(); ++i) {
            int same = pb_csv_column_is_number(i) ? same_number(pb_row_num(&a->rows[r], i), pb_row_num(&b->rows[r], i))
                                                  : strcmp(pb_row_str(&a->rows[r], i), pb_row_str(&b->rows[r], i)) == 0;
            if (!same) {
                if (pb_csv_column_is_number(i))
                    snprintf(why, cap, "row %zu, %s: %.17g, then %.17g", r + 1, pb_csv_column_name(i),
                             pb_row_num(&a->rows[r], i), pb_row_num(&b->rows[r], i));
                else
                    snprintf(why, cap, "row %zu, %s: '%s', then '%s'", r + 1, pb_csv_column_name(i),
                             pb_row_str(&a->rows[r], i), pb_row_str(&b->rows[r], i));
                return 0;
            }
        }
    return 1;
}

/* SHA-256 of "name=value" for each column the file has, in its order, and toolchain, which
 * the reader derives where it is missing; numbers in full precision: what the file means to
 * the reader, whatever the order of today's columns. */
static void digest(const pb_rowset *s, const int order[], int ncols, const int present[], char hex[65])
{
    int toolchain = 0;
    while (strcmp(pb_csv_column_name((size_t)toolchain), "toolchain") != 0)
        ++toolchain;
    pb_sha256 c;
    pb_sha256_init(&c);
    for (size_t r = 0; r < s->n; ++r)
        for (int k = 0; k <= ncols; ++k) {
            if (k == ncols && present[toolchain])
                break;
            size_t i = (size_t)(k < ncols ? order[k] : toolchain);
            const char *name = pb_csv_column_name(i);
            char buf[512];
            if (!pb_csv_column_is_number(i))
                snprintf(buf, sizeof buf, "%s=%s\n", name, pb_row_str(&s->rows[r], i));
            else if (isnan(pb_row_num(&s->rows[r], i)))
                snprintf(buf, sizeof buf, "%s=\n", name);
            else
                snprintf(buf, sizeof buf, "%s=%.17g\n", name, pb_row_num(&s->rows[r], i));
            pb_sha256_update(&c, buf, strlen(buf));
        }
    pb_sha256_hex(&c, hex);
}

/* The next line of text at *at (without its newline), and *at moved past it. */
static const char *next_line(const char *text, size_t len, size_t *at, size_t *n)
{
    const char *line = text + *at;
    size_t end = *at;
    while (end < len && text[end] != '\n')
        ++end;
    *n = end - *at;
    *at = end < len ? end + 1 : end;
    return line;
}

/* Committed bytes a against the same rows written back, b: the number of lines that differ,
 * and the first pair of fields that differ in example ("" when none). */
static size_t differing_lines(const char *a, size_t na, const char *b, size_t nb, char *example, size_t cap)
{
    size_t ia = 0, ib = 0, count = 0;
    example[0] = '\0';
    while (ia < na || ib < nb) {
        size_t la, lb;
        const char *pa = next_line(a, na, &ia, &la), *pb = next_line(b, nb, &ib, &lb);
        if (la == lb && memcmp(pa, pb, la) == 0)
            continue;
        if (count++ == 0) {
            size_t fa = 0, fb = 0; /* the first field that differs (commas in quotes are rare here) */
            while (fa < la && fb < lb && pa[fa] == pb[fb]) {
                ++fa;
                ++fb;
            }
            while (fa > 0 && pa[fa - 1] != ',')
                --fa;
            fb = fa;
            size_t ea = fa, eb = fb;
            while (ea < la && pa[ea] != ',')
                ++ea;
            while (eb < lb && pb[eb] != ',')
                ++eb;
            snprintf(example, cap, "%.*s -> %.*s", (int)(ea - fa > 60 ? 60 : ea - fa), pa + fa,
                     (int)(eb - fb > 60 ? 60 : eb - fb), pb + fb);
        }
    }
    return count;
}

/* One committed CSV: its line of the listing, and the round trip checked. */
static void one_file(const char *src, const char *rel, FILE *listing, size_t *nrow_csv, size_t *ntoday)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s", src, rel);
    size_t len = 0;
    char *bytes = read_file(path, &len);
    CHECK(bytes != NULL);
    if (!bytes) {
        fprintf(stderr, "%s: cannot be read\n", rel);
        return;
    }
    int *present = calloc(pb_csv_ncolumns(), sizeof *present);
    int *order = calloc(pb_csv_ncolumns(), sizeof *order);
    int ncols = header_columns(bytes, order, present);
    if (ncols < 0) {
        fprintf(listing, "%s\tnot a row CSV\n", rel);
        free(order);
        free(present);
        free(bytes);
        return;
    }
    ++*nrow_csv;
    pb_rowset a = {0}, b = {0};
    int rc = pb_csv_read(path, &a, err, sizeof err);
    CHECK(rc == 0);
    if (rc != 0) {
        fprintf(stderr, "%s: pb_csv_read: %s\n", rel, err);
        fprintf(listing, "%s\tunreadable\n", rel);
        goto out;
    }
    char *text = NULL;
    size_t tlen = 0;
    FILE *m = open_memstream(&text, &tlen);
    pb_csv_write_header(m);
    for (size_t r = 0; r < a.n; ++r)
        pb_csv_write_row(m, &a.rows[r]);
    fclose(m);
    rc = pb_csv_read_text(text, tlen, rel, &b, err, sizeof err);
    CHECK(rc == 0);
    char why[512] = "";
    int same = rc == 0 && same_rows(&a, &b, why, sizeof why);
    CHECK(same);
    if (rc != 0)
        fprintf(stderr, "%s: written back, it does not read: %s\n", rel, err);
    else if (!same)
        fprintf(stderr, "%s: written back and read again, the rows differ: %s\n", rel, why);
    /* today's header: the same bytes written back, or the listing counts the lines that differ
     * and shows the first field that does (today: a value rounded to 10 digits that reads back
     * as a whole number is written as one, 5.246815112e+11 -> 524681511200) */
    size_t hlen = strcspn(text, "\n") + 1;
    int today = len >= hlen && memcmp(bytes, text, hlen) == 0;
    char bytes_note[200] = "";
    if (today) {
        ++*ntoday;
        char example[160];
        size_t ndiff = differing_lines(bytes, len, text, tlen, example, sizeof example);
        if (ndiff)
            snprintf(bytes_note, sizeof bytes_note, ", written back %zu line(s) differ: %s", ndiff, example);
    }
    char hex[65];
    digest(&a, order, ncols, present, hex);
    fprintf(listing, "%s\t%zu rows\t%d columns\t%s%s\t%.16s\n", rel, a.n, ncols,
            today ? "today's header" : "older header", bytes_note, hex);
    free(text);
out:
    pb_rowset_free(&a);
    pb_rowset_free(&b);
    free(order);
    free(present);
    free(bytes);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: test_golden SOURCE_DIR SNAPSHOT WORKDIR\n");
        return 2;
    }
    const char *src = argv[1], *snapshot = argv[2], *work = argv[3];
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "git -C '%s' ls-files -z -- 'results/**.csv' 2> /dev/null", src);
    FILE *p = popen(cmd, "r");
    size_t nlen = 0;
    char *names = read_stream_len(p, &nlen);
    if (!p || pclose(p) != 0 || nlen == 0) {
        printf("%s is not a git checkout with results/: the committed CSVs are not checked\n", src);
        free(names);
        return 77;
    }
    char *listing = NULL;
    size_t llen = 0;
    FILE *l = open_memstream(&listing, &llen);
    size_t nfiles = 0, nrow_csv = 0, ntoday = 0;
    for (size_t at = 0; at < nlen; at += strlen(names + at) + 1, ++nfiles)
        one_file(src, names + at, l, &nrow_csv, &ntoday);
    fprintf(l, "%zu CSVs, %zu row CSVs, %zu with today's header\n", nfiles, nrow_csv, ntoday);
    fclose(l);
    printf("%zu CSVs under results/: %zu row CSVs read, written back and read again, %zu with today's header compared "
           "byte for byte\n",
           nfiles, nrow_csv, ntoday);

    const char *update = getenv("GOLDEN_UPDATE");
    if (update && strcmp(update, "1") == 0) {
        FILE *f = fopen(snapshot, "w");
        CHECK(f && fwrite(listing, 1, llen, f) == llen && fclose(f) == 0);
        printf("updated %s: review it with git diff\n", snapshot);
    } else {
        size_t slen = 0;
        char *want = read_file(snapshot, &slen);
        int same = want && slen == llen && memcmp(want, listing, llen) == 0;
        CHECK(same);
        if (!same) {
            char got[4096];
            snprintf(got, sizeof got, "%s/results_csv.txt", work);
            snprintf(cmd, sizeof cmd, "mkdir -p '%s'", work);
            if (system(cmd) != 0)
                fprintf(stderr, "cannot make %s\n", work);
            FILE *f = fopen(got, "w");
            if (f) {
                fwrite(listing, 1, llen, f);
                fclose(f);
            }
            snprintf(cmd, sizeof cmd, "diff -u '%s' '%s' 1>&2", snapshot, got);
            if (system(cmd) == -1)
                fprintf(stderr, "cannot run diff\n");
            fprintf(stderr,
                    "%s changed (above: - the snapshot, + today). If the change is meant, update it with\n"
                    "GOLDEN_UPDATE=1 ctest --test-dir build -L golden and review git diff.\n",
                    snapshot);
        }
        free(want);
    }
    free(listing);
    free(names);
    printf("golden results: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
