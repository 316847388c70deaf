#define _GNU_SOURCE
#include "pb_mpi.h"
#include "pb_common.h"
#include "pb_run.h"
#include "pb_stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The variables MPI launchers set in every rank's environment. */
int pb_mpi_launched(void)
{
    static const char *const vars[] = {"PMI_RANK", "PMIX_RANK", "OMPI_COMM_WORLD_RANK", "MV2_COMM_WORLD_RANK",
                                       "SLURM_PROCID"};
    for (size_t i = 0; i < sizeof vars / sizeof *vars; ++i)
        if (getenv(vars[i]))
            return strcmp(vars[i], "SLURM_PROCID") != 0 || getenv("SLURM_STEP_ID"); /* srun, not sbatch */
    return 0;
}

static int trace_rank = -1;

void pb_mpi_trace(const char *what)
{
    static struct timespec t0;
    static int started;
    if (!getenv("PB_MPI_TRACE"))
        return;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    if (!started)
        t0 = t, started = 1;
    fprintf(stderr, "portbench: mpi trace: rank %d pid %ld +%.3f s: %s\n", trace_rank, (long)getpid(),
            (double)(t.tv_sec - t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - t0.tv_nsec), what);
    fflush(stderr);
}

#ifdef PB_HAVE_MPI
#include "pb_dl.h"

#include <mpi.h>

/* MPI is loaded with dlopen when an MPI launcher started portbench, not at program start,
 * so that the driver runs where no MPI is installed (the bundle's base part). mpi.h is
 * MPICH's: its handles and datatypes are integer constants (the MPICH ABI, CMakeLists.txt
 * checks), so only functions are looked up. */
#ifndef PB_MPI_SONAME
#define PB_MPI_SONAME "libmpich.so.12"
#endif
#define PB_MPI_FUNCTIONS(X)                                                                                  \
    X(Init) X(Finalize) X(Abort) X(Comm_rank) X(Comm_size) X(Comm_split_type) X(Comm_free) X(Test)           \
    X(Iallreduce) X(Ibarrier) X(Igather) X(Igatherv)
#define PB_MPI_POINTER(f) __typeof__(MPI_##f) *f;
static struct {
    PB_MPI_FUNCTIONS(PB_MPI_POINTER)
} mpi;

static int load_mpi(void)
{
#define PB_MPI_ENTRY(f) {"MPI_" #f, (void **)&mpi.f},
    const pb_dl_fn fns[] = {PB_MPI_FUNCTIONS(PB_MPI_ENTRY)};
    char why[256];
    if (pb_dl_load(PB_MPI_SONAME, fns, sizeof fns / sizeof *fns, why, sizeof why) != PB_OK) {
        pb_errorf("started by an MPI launcher, but %s (unpack portbench-extra.tar.xz next to the base part, or "
                  "install MPICH)",
                  why);
        return PB_ERR;
    }
    return PB_OK;
}

int pb_mpi_available(void) { return 1; }

static int initialised;
static void trace_exit_first(void) { pb_mpi_trace("exit: handlers start"); }
static void trace_exit_last(void) { pb_mpi_trace("exit: handlers done"); }

int pb_mpi_init(int *argc, char ***argv, pb_mpi *m)
{
    memset(m, 0, sizeof *m);
    m->timeout_s = 600;
    if (!pb_mpi_launched())
        return PB_OK;
    /* Only the rows stream's text crosses MPI here, never GPU memory: keep MPICH's GPU support (CUDA
     * in every rank) off unless the user asks for it. */
    setenv("MPIR_CVAR_ENABLE_GPU", "0", 0);
    /* On two H200s (MPICH 4 ch4:ucx, Debian's), both ranks stayed in MPI_Finalize after
     * rank 1 had sent its rows (about 14 KB) through UCX's rendezvous/zero-copy protocol;
     * with UCX_RNDV_THRESH=inf and UCX_ZCOPY_THRESH=inf (eager sends only) every run
     * ended. The rows are small text, so eager costs nothing: the default here, unless the
     * user sets them. */
    setenv("UCX_RNDV_THRESH", "inf", 0);
    setenv("UCX_ZCOPY_THRESH", "inf", 0);
    if (getenv("PB_MPI_TRACE")) {
        char what[256];
        snprintf(what, sizeof what, "environment: MPIR_CVAR_ENABLE_GPU=%s UCX_RNDV_THRESH=%s UCX_ZCOPY_THRESH=%s",
                 getenv("MPIR_CVAR_ENABLE_GPU"), getenv("UCX_RNDV_THRESH"), getenv("UCX_ZCOPY_THRESH"));
        pb_mpi_trace(what);
    }
    if (load_mpi() != PB_OK)
        return PB_ERR;
    pb_mpi_trace("MPI_Init");
    atexit(trace_exit_last); /* runs after the handlers registered later (MPI's, CUDA's) */
    if (mpi.Init(argc, argv) != MPI_SUCCESS) {
        pb_errorf("MPI_Init failed");
        return PB_ERR;
    }
    initialised = 1;
    m->on = 1;
    mpi.Comm_rank(MPI_COMM_WORLD, &m->rank);
    mpi.Comm_size(MPI_COMM_WORLD, &m->size);
    trace_rank = m->rank;
    pb_mpi_trace("MPI_Init done");
    atexit(trace_exit_first);
    MPI_Comm local;
    mpi.Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, m->rank, MPI_INFO_NULL, &local);
    mpi.Comm_rank(local, &m->local_rank);
    mpi.Comm_size(local, &m->local_size);
    mpi.Comm_free(&local);
    return PB_OK;
}

void pb_mpi_finalize(void)
{
    if (initialised) {
        initialised = 0;
        pb_mpi_trace("MPI_Finalize");
        mpi.Finalize();
        pb_mpi_trace("MPI_Finalize done");
    }
}

void pb_mpi_abort(int status)
{
    pb_mpi_trace("MPI_Abort");
    fflush(NULL);
    if (!initialised)
        exit(status);
    mpi.Abort(MPI_COMM_WORLD, status);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Wait for a non-blocking collective, at most the timeout. */
static int wait_deadline(pb_mpi *m, MPI_Request *req, const char *what)
{
    double t0 = now_s();
    for (;;) {
        int done = 0;
        mpi.Test(req, &done, MPI_STATUS_IGNORE);
        if (done)
            return PB_OK;
        if (now_s() - t0 > m->timeout_s) {
            pb_errorf("rank %d: the other ranks did not reach %s within %.0f s (--mpi-timeout): a rank is stuck "
                      "or gone",
                      m->rank, what, m->timeout_s);
            return PB_ERR;
        }
        struct timespec ts = {0, 2000000};
        nanosleep(&ts, NULL);
    }
}

int pb_mpi_max(pb_mpi *m, int mine, int *out)
{
    MPI_Request req;
    mpi.Iallreduce(&mine, out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
    return wait_deadline(m, &req, "the start-up check");
}

/* This rank's answer to rank 0 as rows stream text (pb_stream_write_rowset: hello, its rows
 * whole, its metadata, end); malloc'ed, its length in *len; NULL out of memory. */
static char *rows_text(const pb_rowset *rows, const void *meta, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        return NULL;
    pb_stream_hello h;
    pb_run_stream_hello(&h);
    pb_stream_end end;
    memset(&end, 0, sizeof end);
    int ok = pb_stream_write_rowset(f, &h, rows, meta, &end) == PB_OK;
    if (fclose(f) != 0 || !ok) {
        free(buf);
        *len = 0;
        return NULL;
    }
    return buf;
}

int pb_mpi_gather(pb_mpi *m, const pb_rowset *mine, const void *meta, pb_rowset *all, void ***metas)
{
    /* every rank done measuring: the time rank 0 waits here is the slowest rank's lead */
    double t0 = now_s();
    pb_mpi_trace("gather: barrier");
    MPI_Request req;
    mpi.Ibarrier(MPI_COMM_WORLD, &req);
    if (wait_deadline(m, &req, "the gather") != PB_OK)
        return PB_ERR;
    double t1 = now_s();
    size_t len = 0;
    char *send = rows_text(mine, meta, &len);
    if (!send)
        pb_errorf("rank %d: out of memory for its rows: rank 0 gets none of them", m->rank);
    long long mylen = (long long)len, *all_lens = NULL;
    if (m->rank == 0)
        all_lens = calloc((size_t)m->size, sizeof *all_lens);
    mpi.Igather(&mylen, 1, MPI_LONG_LONG, all_lens, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD, &req);
    int rc = wait_deadline(m, &req, "the gather of the row counts");
    /* one message per rank: its rows stream */
    char *recv = NULL;
    int *counts = NULL, *displs = NULL;
    if (rc == PB_OK && m->rank == 0) {
        counts = calloc((size_t)m->size, sizeof *counts);
        displs = calloc((size_t)m->size, sizeof *displs);
        long long total = 0;
        for (int r = 0; r < m->size && counts && displs; ++r) {
            displs[r] = (int)total;
            counts[r] = (int)all_lens[r];
            total += counts[r];
        }
        if (total > 0x7fffffff) {
            pb_errorf("the rows of all ranks exceed 2 GB: too many to gather");
            pb_mpi_abort(1);
        }
        recv = malloc((size_t)total + 1);
    }
    if (rc == PB_OK) {
        mpi.Igatherv(send ? send : "", (int)len, MPI_CHAR, recv, counts, displs, MPI_CHAR, 0, MPI_COMM_WORLD, &req);
        rc = wait_deadline(m, &req, "the gather of the rows");
    }
    double t2 = now_s();
    pb_mpi_trace(rc == PB_OK ? "gather done" : "gather failed");
    if (rc == PB_OK && m->rank == 0) {
        m->wait_s = t1 - t0;
        m->gather_s = t2 - t1;
        *metas = calloc((size_t)m->size, sizeof **metas);
        for (int r = 0; r < m->size; ++r) {
            char name[32], err[512];
            snprintf(name, sizeof name, "rank %d", r);
            pb_stream got;
            if (pb_stream_read_text(recv + displs[r], (size_t)all_lens[r], name, &got, err, sizeof err) != 0)
                pb_errorf("%s", err);
            else if (!got.has_end)
                pb_errorf("%s: its rows ended early (%zu rows)", name, got.rows.n);
            for (size_t i = 0; i < got.rows.n; ++i) {
                got.rows.rows[i].rank = r;
                pb_rowset_push(all, &got.rows.rows[i]);
            }
            if (*metas) { /* taken from the stream, which would free it */
                (*metas)[r] = got.meta;
                got.meta = NULL;
            }
            pb_stream_free(&got);
        }
    }
    free(send);
    free(recv);
    free(counts);
    free(displs);
    free(all_lens);
    return rc;
}

#else /* built without MPI */

int pb_mpi_available(void) { return 0; }

int pb_mpi_init(int *argc, char ***argv, pb_mpi *m)
{
    (void)argc;
    (void)argv;
    memset(m, 0, sizeof *m);
    if (pb_mpi_launched()) {
        pb_errorf("started by an MPI launcher, but this portbench was built without MPI (cmake -DPB_WITH_MPI=ON "
                  "with an MPI installed); each process would run alone");
        return PB_ERR;
    }
    return PB_OK;
}

void pb_mpi_finalize(void) {}
void pb_mpi_abort(int status) { exit(status); }

int pb_mpi_max(pb_mpi *m, int mine, int *out)
{
    (void)m;
    *out = mine;
    return PB_OK;
}

int pb_mpi_gather(pb_mpi *m, const pb_rowset *mine, const void *meta, pb_rowset *all, void ***metas)
{
    (void)m;
    (void)meta;
    (void)metas;
    for (size_t i = 0; i < mine->n; ++i)
        pb_rowset_push(all, &mine->rows[i]);
    return PB_OK;
}
#endif
