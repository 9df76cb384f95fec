"""Compiler options every fxpp C++ target carries (and targets including fxpp headers need).

    load("//:copts.bzl", "FXPP_COPTS")
    cc_library(name = ..., copts = FXPP_COPTS, ...)

fxpp is C++17. Bazel 4's default toolchain compiles C++ as -std=c++0x, and a
.bazelrc flag does not reach workspaces that use fxpp, so the standard is an
attribute of each target. copts do not propagate to dependents: a consumer's
own target that includes fxpp headers sets them too (README.md).
"""

FXPP_COPTS = ["-std=c++17"]
