"""fxpp_fuzzer: a fuzz target that builds with any compiler.

With --config=fuzz (clang, see docs/FUZZING.md) it links libFuzzer; in the
ordinary build it links replay_main.cc instead, a driver that runs the target
once per input file, so `bazel test //...` builds it with gcc and tests can
replay corpora through it.
"""

load("//:copts.bzl", "FXPP_COPTS")

def fxpp_fuzzer(name, srcs, deps = []):
    # Label(): these targets are fxpp's, whichever repository calls the macro;
    # Bazel 4's select() takes label strings only.
    native.cc_binary(
        name = name,
        srcs = srcs,
        copts = FXPP_COPTS,
        linkopts = select({
            str(Label("//testing/fuzz:libfuzzer")): ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        deps = deps + select({
            str(Label("//testing/fuzz:libfuzzer")): [],
            "//conditions:default": [Label("//testing/fuzz:replay_main")],
        }),
    )
