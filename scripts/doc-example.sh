#!/usr/bin/env bash
# doc-example.sh - build and run the C example in docs/host.md, so the
# documentation cannot drift from the API it shows.
set -euo pipefail
out=build/doc-example
mkdir -p "$out"
python3 - "$out/example.c" <<'PY'
import sys
text = open("docs/host.md").read()
code = text.split("```c\n", 1)[1].split("```", 1)[0]
open(sys.argv[1], "w").write(code)
PY
${CC:-gcc} -std=c11 -Wall -Werror -Wno-unused-parameter -Iinclude -Iarch/host/include -o "$out/example" "$out/example.c" \
	core/*.c arch/host/host.c controllers/simpic.c -lpthread
"$out/example"
echo "docs/host.md example: builds and passes"
