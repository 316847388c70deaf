# validate_gpu.sh stage 1 (every variant at awkward sizes, every dtype) with the channel build: the benches in $1
set -u
R=/tmp/resc; mkdir -p $R
VALIDATE_STAGES="1" VALIDATE_OMP=omp@clang-19,omp@gcc-12 VALIDATE_BENCHES="$1" timeout ${2:-560} bash /tmp/chan/portbench/scripts/validate_gpu.sh $R/validate --time-budget 5 >> $R/validate.txt 2>&1
echo "validate [$1] exit $?" >> $R/validate.txt
tail -20 $R/validate.txt
