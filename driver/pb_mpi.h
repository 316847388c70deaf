/* pb_mpi.h - many nodes: when portbench is started by an MPI launcher (mpirun, mpiexec,
 * srun), each rank measures the GPU of its node-local rank and rank 0 gathers every row
 * (MPI_Gatherv) into one result. Every collective waits with a deadline, so a rank that
 * is stuck or gone never hangs the others. The MPI library (MPICH) is loaded only then,
 * so that a driver without it runs alone; under a launcher without it, and in a build
 * without MPI (-DPB_WITH_MPI=OFF), the launch is refused instead of racing. */
#ifndef PB_MPI_H
#define PB_MPI_H

#include "pb_result.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pb_mpi {
    int on;                /* running as one rank of an MPI job */
    int rank, size;
    int local_rank, local_size; /* among the ranks of this node */
    double timeout_s;      /* how long a collective may wait for the others */
    double wait_s;         /* rank 0: time spent waiting for the slowest rank to finish */
    double gather_s;       /* rank 0: time of the gather itself */
} pb_mpi;

/* 1 if an MPI launcher started this process (its environment says so). */
int pb_mpi_launched(void);
/* 1 if this build can run under MPI. */
int pb_mpi_available(void);

/* MPI_Init when launched; PB_OK, or PB_ERR with a message (built without MPI, or the
 * MPI library not found). */
int pb_mpi_init(int *argc, char ***argv, pb_mpi *m);
void pb_mpi_finalize(void);
/* With PB_MPI_TRACE set: one line on stderr, "portbench: mpi trace: rank R pid P
 * +S.SSS s: WHAT", at the steps of a rank's life (init, gather, finalize, exit), so that
 * a launcher that does not end can be traced to the step a rank did not finish. */
void pb_mpi_trace(const char *what);
/* Stop every rank (a collective timed out). */
void pb_mpi_abort(int status);

/* Every rank's status, combined: the largest. PB_OK with *out set, or PB_ERR when the
 * others did not answer within the timeout. */
int pb_mpi_max(pb_mpi *m, int mine, int *out);

/* Gather every rank's rows and metadata (meta: a cJSON object, void * so that callers need
 * not include cJSON) on rank 0, each rank's as one rows stream (pb_stream.h: its rows whole,
 * its metadata as the meta record). Rank 0 gets all rows (in rank order, their rank set) in
 * *all and each rank's metadata in metas[rank] (a cJSON object, NULL where the rank's
 * stream was unreadable; the caller deletes them and frees the array); the other ranks get
 * nothing. PB_OK, or PB_ERR after a message when the others did not arrive within the
 * timeout. */
int pb_mpi_gather(pb_mpi *m, const pb_rowset *mine, const void *meta, pb_rowset *all, void ***metas);

#ifdef __cplusplus
}
#endif
#endif
