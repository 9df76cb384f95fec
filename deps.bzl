"""Repositories fxpp needs, for fxpp's own WORKSPACE and for any workspace that uses it.

    load("@fxpp//:deps.bzl", "fxpp_dependencies")
    fxpp_dependencies()

Bazel 4 asks for rules_cc, rules_java, rules_proto and remote_coverage_tools
and would download them; fxpp builds offline, so each is a small stand-in
under fxpp's third_party/. The rule below finds that folder through a Label
of this file, so the same call works whether fxpp is the main repository or
an external one, wherever its checkout is.
"""

def _fxpp_stand_in_impl(repository_ctx):
    # Label() in a .bzl resolves in the repository holding the .bzl: fxpp's.
    fxpp_root = repository_ctx.path(Label("//:WORKSPACE")).dirname
    source = fxpp_root.get_child("third_party").get_child(repository_ctx.name)
    if not source.exists:
        fail("fxpp has no stand-in for @%s (no %s)" % (repository_ctx.name, source))
    for child in source.readdir():
        repository_ctx.symlink(child, child.basename)

_fxpp_stand_in = repository_rule(
    implementation = _fxpp_stand_in_impl,
    local = True,
    doc = "A repository whose files are fxpp's third_party/<name>/ (like local_repository).",
)

def fxpp_dependencies():
    """Declares the repositories fxpp needs that the workspace has not declared yet."""
    for name in ["rules_cc", "rules_java", "rules_proto", "remote_coverage_tools"]:
        if not native.existing_rule(name):
            _fxpp_stand_in(name = name)
