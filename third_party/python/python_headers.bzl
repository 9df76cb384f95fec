"""The C headers of Debian's /usr/bin/python3 (python3-dev), found with
pkg-config, for the `fxpp._C` extension (pybind11 comes from /usr/include).

The extension must match the interpreter that imports it: this is the
Python with Debian's python3-torch, never the first python3 on PATH."""

def _python_headers_impl(ctx):
    result = ctx.execute(["pkg-config", "--cflags-only-I", "python3"])
    if result.return_code != 0:
        fail("pkg-config python3 failed (install python3-dev, see tools/setup.sh): " +
             result.stderr)
    dirs = [flag[2:] for flag in result.stdout.strip().split(" ") if flag.startswith("-I")]
    includes = []
    for i, path in enumerate(dirs):
        ctx.symlink(path, "include%d" % i)
        includes.append("include%d" % i)
    ctx.file("BUILD", """
package(default_visibility = ["//visibility:public"])
cc_library(
    name = "headers",
    hdrs = glob([{globs}]),
    includes = {includes},
)
""".format(globs = ", ".join(['"%s/**/*.h"' % i for i in includes]), includes = includes))

python_headers = repository_rule(
    implementation = _python_headers_impl,
    local = True,
    environ = ["PKG_CONFIG_PATH"],
)
