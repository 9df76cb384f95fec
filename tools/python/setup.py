"""Builds fxpp._C with Bazel before packaging (pyproject.toml has the rest).

The extension is the Bazel target //tools:python/fxpp/_C.so, built for
Debian's /usr/bin/python3. A copy already next to the sources
(fxpp/_C*.so, e.g. one build_ext.sh made for another Python) is packaged
as it is when Bazel is not available or FXPP_SKIP_BAZEL=1."""

import glob
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TARGET = "//tools:python/fxpp/_C.so"


class BuildWithBazel(build_py):
    def run(self):
        super().run()
        built = os.path.join(REPO, "bazel-bin", "tools", "python", "fxpp", "_C.so")
        use_bazel = os.environ.get("FXPP_SKIP_BAZEL") != "1" and shutil.which("bazel") and \
            os.path.exists(os.path.join(REPO, "WORKSPACE"))
        if use_bazel:
            subprocess.check_call(["bazel", "build", TARGET], cwd=REPO)
            shutil.copy(built, os.path.join(self.build_lib, "fxpp", "_C.so"))
        elif not glob.glob(os.path.join(HERE, "fxpp", "_C*.so")):
            raise RuntimeError(f"fxpp: no Bazel to build {TARGET} and no prebuilt fxpp/_C*.so")


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True  # the wheel holds a compiled extension


setup(cmdclass={"build_py": BuildWithBazel}, distclass=BinaryDistribution)
