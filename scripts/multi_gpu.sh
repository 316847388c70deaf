#!/usr/bin/env bash
# Every GPU of one host (issue 27), from the bundle: scripts/multi_gpu.sh OUTDIR
# For dmvm, stream and reduce: one GPU (--gpu 0), every GPU at once (--gpu all), every GPU
# one after another (--gpu all --gpu-serial), and one MPI rank per GPU (mpiexec -n NGPU),
# each with --spread, recorded under OUTDIR/results/<gpu>/<benchmark>/ with its wall time
# in OUTDIR/steps.log; the GPUs' topology (nvidia-smi topo -m) and, per rank, the GPU and
# NUMA node the driver found (its meta.json, from hwloc) in OUTDIR.
set -uo pipefail
out=${1:?usage: multi_gpu.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
pb=$here/../bin/portbench
[ -x "$pb" ] || pb=$here/../build/bin/portbench
mpi=$here/../bin/mpiexec
[ -x "$mpi" ] || mpi=mpiexec
mkdir -p "$out"
R=$out/results
log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" | tee -a "$out/steps.log"; }
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
{ nvidia-smi -L; nvidia-smi topo -m; nvidia-smi --query-gpu=index,name,uuid,pci.bus_id,clocks.sm,clocks.max.sm,power.draw,power.limit,temperature.gpu --format=csv; } > "$out/gpus.txt" 2>&1
log "$ngpu GPUs"
dmvm=(dmvm --backend cuda,omp,omp@gcc --variants v1,v5,v7,best --nx 16384 --dtype double --warmup 1 --reps 5 --time-budget 10)
stream=(stream --backend cuda,omp,omp@gcc --n 2^28 --dtype double --warmup 1 --reps 5)
reduce=(reduce --backend cuda,omp,omp@gcc,cub --variants shfl,clause,best --n 2^28 --dtype double --block 256 --warmup 1
        --reps 5 --time-budget 5)
timed() { # timed LABEL command...: run it, its wall time into steps.log
  local label=$1 t0=$SECONDS
  shift
  log "start $label: $*"
  "$@" > "$out/$label.txt" 2> "$out/$label.log"
  log "end   $label: exit $? after $((SECONDS - t0)) s"
}
for b in dmvm stream reduce; do
  declare -n args=$b
  timed "${b}_one" "$pb" "${args[@]}" --gpu 0 --record="$R" --label one
  timed "${b}_all" "$pb" "${args[@]}" --gpu all --spread --record="$R" --label all
  timed "${b}_serial" "$pb" "${args[@]}" --gpu all --gpu-serial --spread --record="$R" --label serial
  # one rank per GPU; capped (mpiexec once stayed after rank 0 had written everything)
  timed "${b}_mpi" timeout --kill-after=10 "${MPI_CAP:-300}" "$mpi" -n "$ngpu" "$pb" "${args[@]}" --spread \
    --csv "$out/${b}_mpi.csv" --record="$R" --label mpi
done
log "done"
