/* pb_registry.h - a worker's variants: the tables at the end of its kernel files.
 *
 * CMake generates each worker's pb_registry_tables[] from harness/benchmarks/pb_benchmarks.def and
 * the kernel files present (pb_registry in CMakeLists.txt): one entry per kernel file
 * the list names and the checkout has, in the list's order, ended by {NULL, NULL}. The
 * tables are weak references: a file without one (yet) has rows NULL. */
#ifndef PB_REGISTRY_H
#define PB_REGISTRY_H

#include "pb_backend.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_registry_table {
    const char *file;       /* "cuda/dmvm.cu": named when the table is refused */
    const pb_variant *rows; /* ended by a row whose benchmark is NULL; NULL: the file has no table */
} pb_registry_table;

/* The worker's tables (generated). */
extern const pb_registry_table pb_registry_tables[];

/* PB_OK when every row names a benchmark of harness/benchmarks/pb_benchmarks.def, a variant its
 * description lists (or "lib" / "baseline"), a backend and a run function, and no backend
 * has a (benchmark, variant) twice among the tables and its own `variants` of the
 * `nbackends` backends; else PB_ERR and one line naming the file in err. */
int pb_registry_check(const pb_registry_table *tables, const pb_backend *const *backends, size_t nbackends, char *err,
                      size_t cap);

/* The variants backend `be` runs: its own `variants` and the tables' rows whose backend is
 * be->name, grouped by the benchmark's kernel files in harness/benchmarks/pb_benchmarks.def's order;
 * within a group each benchmark's rows together, the benchmarks in the order of their first
 * rows, each benchmark's rows in table order (own table, then the tables in order): the
 * order a worker lists and runs them (`portbench list` shows it), whichever of the group's
 * tables holds a row (a best row in cuda/micro_best.cu follows its benchmark's kernel row
 * in cuda/micro.cu). *n of them; the array lives as long as the process (NULL with *n = 0 when
 * there are none or memory ran out). */
const pb_variant *pb_registry_variants(const pb_registry_table *tables, const pb_backend *be, size_t *n);

#ifdef __cplusplus
}
#endif
#endif
