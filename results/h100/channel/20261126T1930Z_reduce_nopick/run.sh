# on the GPU host: unpack main 2d0ee4a (sm_90) into /tmp/fin and run validate_gpu.sh stage 1 over reduce
# (cuda, clang-19, gcc-12, CUB, CPU): with atomic out of best's pick (PB_V_NO_PICK)
set -u
rm -rf /tmp/fin && mkdir -p /tmp/fin && cat /tmp/stage/part.* | tar -xJf - -C /tmp/fin
R=/tmp/resf; mkdir -p $R
/tmp/fin/portbench/bin/portbench --version > $R/version.txt 2>&1
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > $R/nvidia-smi.txt
s=$SECONDS
VALIDATE_STAGES="1" VALIDATE_OMP=omp@clang-19,omp@gcc-12 VALIDATE_BENCHES="reduce" timeout ${1:-280} bash /tmp/fin/portbench/scripts/validate_gpu.sh $R/validate --time-budget 5 > $R/validate.txt 2>&1
echo "validate [reduce] exit $? in $((SECONDS-s)) s" >> $R/validate.txt
tail -4 $R/validate.txt
