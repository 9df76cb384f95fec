"""Bazel macros for fxpp tests."""

_GOLDEN_HARNESS = [
    "//testing:golden",
    "//testing:golden_main",
    "//third_party/gtest",
]

def fxpp_golden_test(name, srcs, goldens = [], data = [], deps = [], **kwargs):
    """A cc_test that compares output with golden files (testing/golden.h).

    The goldens become data, so the test reads them from its runfiles, and the
    test links //testing:golden_main, which understands --update_goldens:

        bazel test //pkg:name                      # compare with the goldens
        bazel run //pkg:name -- --update_goldens   # rewrite them from the output

    The update writes into the source tree; review it with `git diff`.

    Args:
      name: the test's name.
      srcs: its sources, which use EXPECT_MATCHES_GOLDEN(actual,
        "pkg/testdata/file") with workspace-relative paths.
      goldens: every golden the test reads (a glob is fine). A golden that
        --update_goldens has just created must be added here (or be matched
        by the glob) before `bazel test` can see it.
      data: other runtime files.
      deps: other dependencies; the golden harness and GoogleTest are added.
      **kwargs: passed on to cc_test.
    """
    native.cc_test(
        name = name,
        srcs = srcs,
        data = goldens + data,
        deps = deps + [dep for dep in _GOLDEN_HARNESS if dep not in deps],
        **kwargs
    )
