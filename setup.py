"""Build script: the Cython core only; all metadata lives in pyproject.toml.

Environment switches:
  IPPATSU_DEBUG=1    build with -O0 -g and Cython bounds checks (for gdb / sanitizers).
  IPPATSU_NO_SIMD=1  use the portable scalar kernels instead of SSE2 / NEON.
"""
import os
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("IPPATSU_DEBUG") == "1"

if sys.platform == "win32":
    cflags = ["/Od", "/Zi"] if DEBUG else ["/O2"]
else:
    cflags = ["-O0", "-g"] if DEBUG else ["-O3"]
    cflags += ["-Wno-unreachable-code", "-Wno-unused-function"]

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": False,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

extensions = [
    Extension(
        "ippatsu._core",
        ["src/ippatsu/_core.pyx"],
        extra_compile_args=cflags,
        define_macros=[("IPT_NO_SIMD", "1")] if os.environ.get("IPPATSU_NO_SIMD") == "1" else [],
    ),
]

setup(ext_modules=cythonize(extensions, compiler_directives=directives))
