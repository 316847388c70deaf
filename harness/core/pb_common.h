/* pb_common.h - types and helpers every portbench module shares. */
#ifndef PB_COMMON_H
#define PB_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status values: functions return one of these, callers check it. */
enum { PB_OK = 0, PB_ERR = 1, PB_SKIP = 2 };

typedef enum pb_dtype { PB_FLOAT = 0, PB_DOUBLE = 1, PB_INT = 2, PB_NDTYPES = 3 } pb_dtype;

const char *pb_dtype_name(pb_dtype t);
size_t pb_dtype_size(pb_dtype t);
int pb_dtype_parse(const char *s, pb_dtype *out); /* PB_OK or PB_ERR */

/* Counter-based generator: value i of stream `stream` for seed `seed` depends on
 * nothing else, so every process (and thread) draws identical inputs. */
uint64_t pb_rand_u64(uint64_t seed, uint64_t stream, uint64_t i);
double pb_rand_unit(uint64_t seed, uint64_t stream, uint64_t i); /* in [-1, 1) */

/* Monotonic wall clock in seconds (CLOCK_MONOTONIC). */
double pb_now(void);

/* printf-style message to stderr prefixed with "portbench: ": one line, control
 * characters (of a file name or label it quotes) written as \n, \t, \xHH. */
void pb_errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* 1 when s may be one component of a path portbench builds from user text (a benchmark,
 * a GPU directory, a label): not empty, no '/', not "." or "..", no control character. */
int pb_plain_name(const char *s);

/* Run fn over [0, n) split into contiguous chunks on up to one thread per core, each
 * at least `grain` items; small n runs inline. fn(begin, end, ctx) must be safe to call concurrently. */
void pb_parallel_for(size_t n, size_t grain, void (*fn)(size_t begin, size_t end, void *ctx), void *ctx);

/* 1 if any of argv[0..argc) is --help or -h: commands answer it before parsing. */
int pb_wants_help(int argc, char **argv);

/* Columns the text outputs (tables, summaries) fit by default; --wide lifts the limit. */
enum { PB_TEXT_WIDTH = 120 };

/* Bounded string copy that always terminates. */
void pb_strlcpy(char *dst, const char *src, size_t cap);

/* One line of f into buf (cap >= 2): its bytes up to and including the '\n', then a
 * terminating NUL. Returns the number of bytes read, NUL bytes of the file included (so
 * that a caller can tell them from the end: memchr(buf, 0, n)); 0 at the end of the file
 * or on a read error (ferror). A line longer than cap - 1 bytes comes back cut, without its
 * '\n': n == cap - 1, and the rest of it is left unread. */
size_t pb_read_line(FILE *f, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
