#!/bin/sh
# Proves kernel.c builds where there is no x86: compiles it for aarch64 (Apple silicon, Graviton)
# with the cross compiler (apt-get install gcc-aarch64-linux-gnu), and on this machine with
# -DKERNEL_PORTABLE_ONLY (the x86 parts left out). -Werror: a warning fails the check too.
# Usage: sh native/check-portable.sh [--require-cross]   (exit 1 on any failure)
set -eu
here=$(dirname "$0")
inc=${NODE_INCLUDE:-$(node -p "require('path').join(process.execPath, '..', '..', 'include', 'node')")}
flags="-std=gnu11 -O3 -Wall -Werror -Wno-unused-function -fPIC -I$inc"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc=${CC:-cc}
# shellcheck disable=SC2086
$cc -c $flags -DKERNEL_PORTABLE_ONLY "$here/kernel.c" -o "$out/portable.o"
echo "kernel.c: portable-only build compiles ($cc -DKERNEL_PORTABLE_ONLY)"
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
  # shellcheck disable=SC2086
  aarch64-linux-gnu-gcc -c $flags "$here/kernel.c" -o "$out/arm64.o"
  echo "kernel.c: compiles for aarch64 (aarch64-linux-gnu-gcc): $(file -b "$out/arm64.o" 2>/dev/null | cut -d, -f1-2)"
elif [ "${1:-}" = "--require-cross" ]; then
  echo "kernel.c: aarch64-linux-gnu-gcc is not installed (apt-get install gcc-aarch64-linux-gnu)" >&2
  exit 1
else
  echo "kernel.c: aarch64 cross compile not checked (aarch64-linux-gnu-gcc not installed)"
fi
