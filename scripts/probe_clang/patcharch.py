# Compiler probe helper (build.sh, way clang-15.retarget-arch).
# Rewrite the "arch" string of every LLVM OffloadBinary in a file (same length: sm_86 -> sm_90).
# libomptarget 15's CUDA plugin loads an image only when its arch equals the GPU's "sm_<cc>".
import sys, struct
path, old, new = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
assert len(old) == len(new)
b = bytearray(open(path, 'rb').read())
magic = b'\x10\xff\x10\xad'; n = 0; o = 0
while True:
    o = b.find(magic, o)
    if o < 0: break
    ver, size, eoff, esize = struct.unpack_from('<IQQQ', b, o + 4)
    end = o + size
    if ver != 1 or size > len(b) - o: o += 4; continue
    # entry: ImageKind u16, OffloadKind u16, Flags u32, StringOffset u64, NumStrings u64, ImageOffset u64, ImageSize u64
    _, _, _, soff, nstr, ioff, isz = struct.unpack_from('<HHIQQQQ', b, o + eoff)
    for i in range(nstr):
        k, v = struct.unpack_from('<QQ', b, o + soff + 16 * i)
        key = bytes(b[o + k:b.index(0, o + k)])
        if key == b'arch' and b[o + v:o + v + len(old) + 1] == old + b'\0':
            b[o + v:o + v + len(old)] = new; n += 1
    o = end
open(path, 'wb').write(b)
print(f'{path}: {n} arch string(s) {old.decode()} -> {new.decode()}')
