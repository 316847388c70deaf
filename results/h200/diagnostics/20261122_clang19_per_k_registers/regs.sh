#!/usr/bin/env bash
src=$1; out=$2; mkdir -p $out; cd $out
mapfile -t line < /work/main/build/toolchains/clang-19.flags
cc=${line[0]}; flags=("${line[@]:2}"); flags=("${flags[@]/#--offload-arch=*/--offload-arch=sm_90}")
printf 'int pb_omp_device(void) { return 0; }\nint pb_omp_sms(void) { return 132; }\nint main(void) { return 0; }\n' > main.c
for f in best reduce; do
  mkdir -p $f; (cd $f && $cc "${flags[@]}" -I/work/main/harness -I$src/omp_target $src/omp_target/$f.c ../main.c -save-temps -o $f -lm -Wl,--unresolved-symbols=ignore-all > build.log 2>&1)
  img=$(ls $f/*sm_90*.img 2>/dev/null | head -1); echo "$f: $img"
  [ -n "$img" ] && PATH=/opt/portbench/cuda-11.8-offload/bin:$PATH cuobjdump -res-usage "$img" | awk '/Function/ {f=$2} /REG:/ {print f, $2, $3, $4}' | grep -E "best|partials" | sed 's/__omp_offloading_[0-9a-f]*_[0-9a-f]*_//' | sort > $f.regs
done
