"""Bazel macros for fxpp tests, usable from fxpp and from workspaces that use it."""

load("//:copts.bzl", "FXPP_COPTS")

# Label() resolves in fxpp's repository, whichever workspace calls the macro.
_GOLDEN_HARNESS = [
    Label("//testing:golden"),
    Label("//testing:golden_main"),
    Label("//third_party/gtest"),
]

def _spellings(label):
    """How a BUILD file may write `label` in a deps list.

    A BUILD file of the repository holding this .bzl may write it without the
    repository; any other spells the repository out.
    """
    target = "//%s:%s" % (label.package, label.name)
    spelled = [target]
    if label.name == label.package.split("/")[-1]:
        spelled.append("//" + label.package)
    qualified = ["@%s%s" % (label.workspace_name, s) for s in spelled]
    return qualified + (spelled if not label.workspace_name else [])

def fxpp_golden_test(name, srcs, goldens = [], data = [], deps = [], **kwargs):
    """A cc_test that compares output with golden files (testing/golden.h).

    The goldens become data, so the test reads them from its runfiles, and the
    test links //testing:golden_main, which understands --update_goldens:

        bazel test //pkg:name                      # compare with the goldens
        bazel run //pkg:name -- --update_goldens   # rewrite them from the output

    The update writes into the source tree of the workspace `bazel run` runs
    in; review it with `git diff`.

    Args:
      name: the test's name.
      srcs: its sources, which use EXPECT_MATCHES_GOLDEN(actual,
        "pkg/testdata/file") with paths relative to the repository holding
        the test (the workspace's root for a workspace's own test); data of
        another repository is named "@repo//path", e.g. fxpp's shared fixtures
        "@fxpp//testing/graphs/2.6/mlp.fx".
      goldens: every golden the test reads (a glob is fine). A golden that
        --update_goldens has just created must be added here (or be matched
        by the glob) before `bazel test` can see it.
      data: other runtime files.
      deps: other dependencies; the golden harness and GoogleTest are added.
      **kwargs: passed on to cc_test; copts are added to fxpp's (C++17).
    """

    # Unqualified golden paths are in the test's repository: tell the harness
    # which one, when it is not the main repository (TEST_WORKSPACE).
    repository = native.repository_name().lstrip("@")
    env = dict(kwargs.pop("env", {}))
    if repository:
        env["FXPP_TEST_REPOSITORY"] = repository
    native.cc_test(
        name = name,
        srcs = srcs,
        copts = FXPP_COPTS + kwargs.pop("copts", []),
        data = goldens + data,
        env = env,
        deps = deps + [
            dep
            for dep in _GOLDEN_HARNESS
            if not [s for s in _spellings(dep) if s in deps]
        ],
        **kwargs
    )
