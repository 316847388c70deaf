/* pb_run.h - one benchmark run of the driver: find the GPU and check the request,
 * run the workers one after another with every expected row accounted for, and keep
 * what each worker said about itself for the run's metadata. */
#ifndef PB_RUN_H
#define PB_RUN_H

#include "pb_cli.h"
#include "pb_gpu.h"
#include "pb_plan.h"
#include "pb_result.h"
#include "pb_stream.h"
#include "pb_topo.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the driver learnt about the machine before running anything. */
typedef struct pb_run_env {
    pb_gpu_probe probe;
    pb_gpu_device gpu; /* the first GPU of the run, valid when probe.ok */
    const pb_gpu_profile *profile;
    int ngpus;         /* GPUs of the run (--gpu all or a list: several) */
    pb_gpu_device gpus[PB_MAX_GPUS];
    const pb_gpu_profile *profiles[PB_MAX_GPUS];
    char gpu_numa[PB_MAX_GPUS][64];
    pb_topo topo;
    char hostname[128];
    char started[32];
    double started_unix_us; /* the same to the microsecond: orders runs recorded in one second */
} pb_run_env;

/* Find the GPU (--gpu), check the sizes against device and host memory and --threads
 * against the hardware threads, refuse backends that are not built when asked for by
 * name, and summarise the host. PB_OK, or PB_ERR after one line on stderr (exit 2). */
int pb_run_prepare(pb_options *o, pb_run_env *env);

enum { PB_RUN_MAX_WORKERS = 16 };

/* A worker of a plan: its variant listing (n variants, or n = -1 and why), whether its
 * executable is there, the backends asked of it, and its items (plan ids first .. end-1). */
typedef struct pb_run_worker {
    char name[64];
    int n, built;
    pb_backend_mask mask;
    long first, end;
    char why[4400];
} pb_run_worker;

/* What the rows of a plan item carry beside the plan: its backend (index in the backend
 * table) and the compiler that built it, from its worker's listing, else the table. */
typedef struct pb_run_item {
    int spec;
    char compiler[32], version[64], toolchain[32];
} pb_run_item;

/* Every row of one GPU's run, once: the plan (pb_plan.h), and per item what the driver
 * fills in from it. */
typedef struct pb_run_plan {
    pb_plan plan;
    pb_run_item *item; /* item[i] for plan.items[i] */
    size_t item_cap;
    pb_run_worker workers[PB_PLAN_MAX_BACKENDS]; /* a worker holds one backend or more */
    int nworkers;
} pb_run_plan;

/* Enumerate every row of the request once into rp, for o's GPU (device, gpu_uuid,
 * gpu_profile): the cases (dtypes x sizes x parameter combinations), the workers in the
 * backend table's order with the backends asked of each, and per case, backend and
 * variant one item, ids in the order a worker writes its rows (case, backend, variant).
 * The variants are those of the worker's listing (pb_worker_list); a worker without one
 * gets the benchmark's declared variants, to be reported SKIP or FAIL. PB_OK, or PB_ERR
 * out of memory or when stopped by a signal (pb_interrupted). */
int pb_run_plan_build(const pb_options *o, pb_run_plan *rp);
void pb_run_plan_free(pb_run_plan *rp);

/* --dry-run: write the plan of every GPU of the run to f (one JSON document each), run
 * nothing. 0, 2 when it could not be written or built, or 128 + the signal that stopped it. */
int pb_run_dry(pb_options *o, const pb_run_env *env, FILE *f);

/* The workers a run started (their rows streams, with what each said about itself, stay in tmpdir). */
typedef struct pb_run_log {
    char tmpdir[4096];
    char worker[PB_RUN_MAX_WORKERS][64];
    int nworkers;
    int failed;       /* a worker failed: crashed, exited non-zero without a FAIL row, lost rows */
    int interrupted;  /* the signal that stopped the run, 0 if none */
    int per_gpu_dirs; /* several GPUs: each run's worker files are in tmpdir/gpu<index>/ */
    char bound[PB_MAX_GPUS][256]; /* what each GPU's run was bound to */
} pb_run_log;

/* Make the run's temporary directory (in $TMPDIR, else /tmp). PB_OK or PB_ERR. */
int pb_run_begin(pb_run_log *log);
/* Remove it and everything in it. */
void pb_run_end(pb_run_log *log);

/* Run the worker of every backend in o->backends (one process per worker), appending
 * their rows. Every row the workers were asked for comes back: measured, or FAIL with
 * the reason when its worker crashed, exited early or could not start, or SKIP when
 * its worker is not built. After SIGINT/SIGTERM the rows measured so far are kept, the
 * rest are left out and log->interrupted is set. */
void pb_run_workers(pb_options *o, pb_rowset *rows, pb_run_log *log);

/* The whole run: pb_run_workers for the one GPU, or for several GPUs one process per
 * GPU (at once, or one after another with --gpu-serial), each bound to the cores and
 * memory nearest its GPU, with the rows merged. */
void pb_run_all(pb_options *o, const pb_run_env *env, pb_rowset *rows, pb_run_log *log);

/* The run's metadata as a cJSON object (void * so that callers need not include
 * cJSON): schema_version, complete, command line, revision, host, GPU, topology and
 * every worker's hello and backend records (pb_stream.h). The caller owns it. */
void *pb_run_meta(int argc, char **argv, const pb_run_env *env, const pb_run_log *log);

/* The hello of a rows stream the driver writes (pb_stream_write_rowset: a GPU's run to the
 * parent, an MPI rank to rank 0): worker "portbench" and its git_sha. */
void pb_run_stream_hello(pb_stream_hello *h);

#ifdef __cplusplus
}
#endif
#endif
