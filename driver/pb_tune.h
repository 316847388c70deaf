/* pb_tune.h - `portbench tune BENCH`: sweep the launch-shape candidates of a benchmark's
 * best variants on this GPU and print rows of the tuning table (pb_tuning.c). */
#ifndef PB_TUNE_H
#define PB_TUNE_H

#ifdef __cplusplus
extern "C" {
#endif

/* argv[0] is the benchmark; returns the exit status (0 ok, 1 a run or candidate failed,
 * 2 bad input). */
int pb_cmd_tune(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
