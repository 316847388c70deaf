#!/usr/bin/env bash
# Install the built portbench (driver in PREFIX/bin, workers in PREFIX/libexec/portbench)
# so that `portbench` is on PATH. PREFIX defaults to /usr/local (with sudo when not
# root). BUILD_DIR as for scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${PREFIX:-/usr/local}
SUDO=""
if [ ! -w "$prefix" ] && [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
$SUDO cmake --install "${BUILD_DIR:-build}" --prefix "$prefix"
case ":$PATH:" in
*":$prefix/bin:"*) echo "install: portbench is in $prefix/bin" ;;
*) echo "install: portbench is in $prefix/bin, which is not on PATH: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
