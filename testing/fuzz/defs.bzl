"""fxpp_fuzzer: a fuzz target that builds with any compiler.

With --config=fuzz (clang, see docs/FUZZING.md) it links libFuzzer; in the
ordinary build it links replay_main.cc instead, a driver that runs the target
once per input file, so `bazel test //...` builds it with gcc and tests can
replay corpora through it.
"""

def fxpp_fuzzer(name, srcs, deps = []):
    native.cc_binary(
        name = name,
        srcs = srcs,
        linkopts = select({
            "//testing/fuzz:libfuzzer": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        deps = deps + select({
            "//testing/fuzz:libfuzzer": [],
            "//conditions:default": ["//testing/fuzz:replay_main"],
        }),
    )
