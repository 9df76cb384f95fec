#!/usr/bin/python3
"""Lists C++ functions longer than a limit (80 lines by default).

fxpp's rule: no function over ~80 lines without a reason. A long function
carries its reason in the comment right above its definition, on a line
starting `// Long function:` (e.g. `// Long function: one case per ArgKind;
split, the spellings of a kind would be scattered.`), or in
tools/function_length_allowlist.txt (`path<TAB>function<TAB>reason`).

Functions are found by clang's parser (libclang, Debian's python3-clang-14,
installed by tools/setup.sh), not by matching braces: a definition's extent
runs from its first token (template header and return type included) to its
closing brace. Lambdas count toward the function that holds them.

Usage (from the repository root, after a `bazel build` so that generated
protobuf headers exist under bazel-bin/):
  /usr/bin/python3 tools/check_function_length.py [--limit=N] [--jobs=N]
      [--all] [PATH...]
PATHs are files or folders (default: the whole tree). Prints one line per
long function without a reason (`--all`: with a reason too), and exits 1
when there is any.

libclang takes seconds per file (it parses every header), too slow to run
over the tree in CI. So a file goes to libclang only when a quick scan of
its braces finds a block that could belong to a long function: a `{...}`
of at least LIMIT - SIGNATURE_SLACK lines that opens no namespace, class,
struct, union or enum (member functions have blocks of their own). The scan
skips comments, string, character and raw string literals; it can only
send a file to libclang that needs none, never skip one that does.
`--no-prefilter` parses every file.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

import clang.cindex as cindex

LIBCLANG = "/usr/lib/llvm-14/lib/libclang-14.so.1"
ALLOWLIST = "tools/function_length_allowlist.txt"
REASON_MARKER = "// long function:"
SKIPPED_DIRS = {".git", "third_party", "examples"}
FUNCTION_KINDS = {
    cindex.CursorKind.FUNCTION_DECL,
    cindex.CursorKind.CXX_METHOD,
    cindex.CursorKind.CONSTRUCTOR,
    cindex.CursorKind.DESTRUCTOR,
    cindex.CursorKind.FUNCTION_TEMPLATE,
    cindex.CursorKind.CONVERSION_FUNCTION,
}


def compile_args():
    """The flags fxpp builds with, as far as parsing needs them."""
    return ["-x", "c++", "-std=c++17", "-I.", "-Ibazel-bin", "-DNDEBUG"]


def source_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs
                             if d not in SKIPPED_DIRS and not d.startswith("bazel-"))
            for name in sorted(files):
                if name.endswith((".cc", ".h")) and not name.endswith(".pb.h"):
                    yield os.path.normpath(os.path.join(root, name))


# Lines a definition may take before its body's `{` (return type, template
# header, parameters, a constructor's initializers).
SIGNATURE_SLACK = 20
SCOPE_KEYWORDS = re.compile(r"\b(namespace|class|struct|union|enum)\b")
# What the scan skips: comments, raw strings, strings, character literals.
SKIPPED_TEXT = re.compile(
    r'//[^\n]*|/\*.*?\*/|R"([^(\s]*)\(.*?\)\1"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
    re.S)


def blank_skipped_text(text):
    """`text` with comments and literals replaced by spaces (newlines kept)."""
    return SKIPPED_TEXT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def may_have_long_function(path, limit):
    """Whether `path` has a brace block long enough to be a long function's
    body, and so needs libclang."""
    with open(path, encoding="utf-8") as f:
        text = blank_skipped_text(f.read())
    opened = []  # (line, opens a scope) of each open brace
    line = 1
    last_boundary = 0  # offset after the last ; { or }
    for offset, char in enumerate(text):
        if char == "\n":
            line += 1
        elif char == "{":
            head = text[last_boundary:offset]
            scope = SCOPE_KEYWORDS.search(head) is not None and "(" not in head
            opened.append((line, scope))
            last_boundary = offset + 1
        elif char == "}":
            if opened:
                start, scope = opened.pop()
                if not scope and line - start + 1 >= limit - SIGNATURE_SLACK:
                    return True
            last_boundary = offset + 1
        elif char == ";":
            last_boundary = offset + 1
    return False


def qualified_name(cursor):
    parts = [cursor.spelling]
    parent = cursor.semantic_parent
    while parent is not None and parent.kind in (cindex.CursorKind.CLASS_DECL,
                                                 cindex.CursorKind.STRUCT_DECL,
                                                 cindex.CursorKind.CLASS_TEMPLATE):
        parts.append(parent.spelling)
        parent = parent.semantic_parent
    return "::".join(reversed(parts))


def has_reason(lines, first_line):
    """Whether the comment block ending right above `first_line` (1-based)
    gives a reason."""
    i = first_line - 2
    while i >= 0 and lines[i].lstrip().startswith("//"):
        if lines[i].strip().lower().startswith(REASON_MARKER):
            return True
        i -= 1
    return False


def long_functions(path, limit, prefilter=True):
    """(line, name, length, has_reason) of the functions of `path` over `limit`."""
    if prefilter and not may_have_long_function(path, limit):
        return path, []
    index = cindex.Index.create()
    unit = index.parse(path, args=compile_args())
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    found = []

    def walk(cursor):
        for child in cursor.get_children():
            location = child.location.file
            if location is None or os.path.normpath(location.name) != path:
                continue
            if child.kind in FUNCTION_KINDS and child.is_definition():
                start, end = child.extent.start.line, child.extent.end.line
                length = end - start + 1
                if length > limit:
                    found.append((start, qualified_name(child), length,
                                  has_reason(lines, start)))
                continue  # nested lambdas and local classes count toward it
            walk(child)

    walk(unit.cursor)
    return path, found


def read_allowlist():
    allowed = {}
    if not os.path.exists(ALLOWLIST):
        return allowed
    with open(ALLOWLIST, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 3 or not fields[2].strip():
                sys.exit(f"{ALLOWLIST}:{number}: expected path<TAB>function<TAB>reason")
            allowed[(fields[0], fields[1])] = fields[2]
    return allowed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*", default=["."])
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--all", action="store_true",
                        help="also list long functions that give a reason")
    parser.add_argument("--no-prefilter", dest="prefilter", action="store_false",
                        help="parse every file with libclang, not only those whose brace "
                             "scan finds a long block")
    args = parser.parse_args()
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True,
                         text=True, check=True).stdout.strip()
    paths = [os.path.relpath(os.path.abspath(p), top) for p in args.paths]
    os.chdir(top)
    cindex.Config.set_library_file(LIBCLANG)  # the workers are forked with it
    allowed = read_allowlist()
    files = list(source_files(paths))
    offenders = 0
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for path, found in pool.map(long_functions, files, [args.limit] * len(files),
                                    [args.prefilter] * len(files)):
            for line, name, length, reason in found:
                reason = reason or (path, name) in allowed
                if not reason:
                    offenders += 1
                if args.all or not reason:
                    note = " (reason given)" if reason else ""
                    print(f"{path}:{line}: {name} is {length} lines{note}")
    if offenders:
        print(f"{offenders} function(s) over {args.limit} lines without a reason "
              f"(a `{REASON_MARKER[3:].capitalize()}` comment or {ALLOWLIST})")
    return 1 if offenders else 0


if __name__ == "__main__":
    sys.exit(main())
